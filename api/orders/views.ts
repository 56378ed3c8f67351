import { pickupPointView } from '../content/pickup-points.ts'
import { findDistrict, findRegion } from '../geo/regions.ts'
import type { Lang } from '../http/locale.ts'
import { message } from '../http/messages.ts'
import type { ImageLinks } from '../media/links.ts'
import { VAT_PERCENT } from './money.ts'
import type { OrderItemRow, OrderRow } from './service.ts'
import {
  customerCancellable,
  isPayable,
  type OrderStatus,
  orderNumber,
  paymentDeadline,
  statusNames,
} from './states.ts'

const iso = (d: Date | null) => (d ? d.toISOString() : null)
const label = (lang: Lang, status: number) => message(lang, `order_status_${status}` as Parameters<typeof message>[1])

/** The progress steps of the order page: accepted, on the way, delivered. */
const steps = [3, 5, 6] as const

/** Money going back for a paid order that was cancelled: where it stands, how much, in words. */
function refundView(order: OrderRow, lang: Lang) {
  const status = order.paymentStatus
  if ((status !== 'refund_pending' && status !== 'refunded') || order.paidTotal <= 0) return null
  const amount = order.paidTotal
  return {
    status,
    amount,
    label: message(lang, status === 'refunded' ? 'refund_refunded' : 'refund_pending', {
      amount: amount.toLocaleString('ru-RU'),
    }),
  } as const
}

/** Where the courier goes, in `lang`: null for a pickup order (it has a point instead). */
function addressView(order: OrderRow, lang: Lang) {
  const { region: code, street, house } = order
  if (order.delivery !== 'courier' || code === null || street === null || house === null) return null
  const region = findRegion(code)
  const district = order.district ? findDistrict(code, order.district) : undefined
  return {
    region: { code, name: region ? region.name[lang] : code },
    district: order.district
      ? { code: district ? district.code : null, name: district ? district.name[lang] : order.district }
      : null,
    street,
    house,
    flat: order.flat,
    landmark: order.landmark,
    latitude: order.latitude,
    longitude: order.longitude,
  }
}

/** What an order's view needs beyond its rows: its lines' pictures (pictures.ts), the payment hold. */
export type OrderViewContext = {
  lang: Lang
  pictures: ReadonlyMap<number, ImageLinks>
  config: { ORDER_PAYMENT_TTL_MINUTES: number }
}

export function orderView(order: OrderRow, items: OrderItemRow[], { lang, pictures, config }: OrderViewContext) {
  const reached = (s: number) => order.status !== 2 && order.status >= s
  return {
    id: order.id,
    number: orderNumber(order.id),
    status: order.status,
    status_name: statusNames[order.status as OrderStatus],
    status_label: label(lang, order.status),
    steps: steps.map((s) => ({ status: s, name: statusNames[s], label: label(lang, s), done: reached(s) })),
    can_cancel: customerCancellable.includes(order.status as OrderStatus),
    can_pay: isPayable(order),
    pay_by: iso(paymentDeadline(order, config)),
    payment_method: order.paymentMethod,
    payment_status: order.paymentStatus,
    refund: refundView(order, lang),
    card_id: order.cardId,
    delivery: order.delivery,
    delivery_price: order.deliveryPrice,
    address: addressView(order, lang),
    pickup_point: order.pickupPoint ? pickupPointView(order.pickupPoint, lang) : null,
    receiver: { name: order.receiverName, phone: order.receiverPhone, extra_phone: order.receiverExtraPhone },
    items: items.map((i) => ({
      product_id: i.productId,
      slug: i.slug,
      title: i.title[lang] || i.title.ru,
      unit_price: i.unitPrice,
      regular_price: i.regularPrice,
      quantity: i.quantity,
      line_total: i.unitPrice * i.quantity,
      image: (i.productId != null && pictures.get(i.productId)) || null,
    })),
    products_count: items.reduce((n, i) => n + i.quantity, 0),
    subtotal: order.subtotal,
    promo_code: order.promoCode,
    discount: order.discount,
    cashback_used: order.cashbackUsed,
    vat_percent: VAT_PERCENT,
    vat: order.vat,
    total: order.total,
    paid_total: order.paidTotal,
    cashback_earned: order.cashbackEarned,
    created_at: order.createdAt.toISOString(),
    paid_at: iso(order.paidAt),
    cancelled_at: iso(order.cancelledAt),
    cancel_reason: order.cancelReason,
    delivered_at: iso(order.deliveredAt),
  }
}
