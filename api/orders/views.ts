import type { Config } from '../config.ts'
import { pickupPointView } from '../content/pickup-points.ts'
import { findDistrict, findRegion } from '../geo/regions.ts'
import type { Lang } from '../http/locale.ts'
import { message } from '../http/messages.ts'
import type { ImageLinks } from '../media/links.ts'
import { payableNow } from '../payments/service.ts'
import { amountDue, netPaid, owedBack } from './balance.ts'
import { VAT_PERCENT } from './money.ts'
import { type OrderItemRow, type OrderRow, statusLabel } from './service.ts'
import {
  customerCancellable,
  isPayable,
  type OrderStatus,
  orderNumber,
  paymentDeadline,
  statusNames,
  stepsOf,
} from './states.ts'

const iso = (d: Date | null) => (d ? d.toISOString() : null)

/** Money going back for a paid order that was cancelled (less any part given back before): where it stands, how much, in words. */
function refundView(order: OrderRow, lang: Lang) {
  const status = order.paymentStatus
  const amount = netPaid(order)
  if ((status !== 'refund_pending' && status !== 'refunded') || amount <= 0) return null
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

/**
 * Where the order goes, in one line of `lang`: the courier's address
 * (region, district, street and house, flat, landmark) or the pickup point's
 * name and address.
 */
export function placeLine(order: OrderRow, lang: Lang): string {
  const address = addressView(order, lang)
  if (address)
    return [
      address.region.name,
      address.district?.name,
      `${address.street} ${address.house}`,
      address.flat ? message(lang, 'order_flat', { flat: address.flat }) : null,
      address.landmark ? `(${address.landmark})` : null,
    ]
      .filter(Boolean)
      .join(', ')
  const point = order.pickupPoint ? pickupPointView(order.pickupPoint, lang) : null
  return point ? `${point.name}: ${point.address}` : ''
}

/** What an order's view needs beyond its rows: its lines' pictures (pictures.ts) and the shop's settings (the payment hold, payable extras). */
export type OrderViewContext = {
  lang: Lang
  pictures: ReadonlyMap<number, ImageLinks>
  config: Config
}

/**
 * The order as its customer (and the desk) reads it; `can_pay_extra` says
 * whether the extra an edit added can be paid online.
 */
export function orderView(order: OrderRow, items: OrderItemRow[], { lang, pictures, config }: OrderViewContext) {
  const reached = (s: number) => order.status !== 2 && order.status >= s
  const label = (status: number) => statusLabel(lang, status, order.delivery)
  return {
    id: order.id,
    number: orderNumber(order.id),
    status: order.status,
    status_name: statusNames[order.status as OrderStatus],
    status_label: label(order.status),
    // Accepted, on the way, delivered; a pickup order: accepted, ready to collect, handed over.
    steps: stepsOf(order.delivery).map((s) => ({ status: s, name: statusNames[s], label: label(s), done: reached(s) })),
    can_cancel: customerCancellable.includes(order.status as OrderStatus),
    can_pay: isPayable(order),
    pay_by: iso(paymentDeadline(order, config)),
    can_pay_extra: !isPayable(order) && payableNow(config, order) !== null,
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
      id: i.id,
      product_id: i.productId,
      slug: i.slug,
      title: i.title[lang] || i.title.ru,
      unit_price: i.unitPrice,
      regular_price: i.regularPrice,
      quantity: i.quantity,
      returned_quantity: i.returnedQuantity,
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
    refunded_total: order.refundedTotal,
    returned_total: order.returnedTotal,
    amount_due: amountDue(order),
    owed_back: owedBack(order),
    cashback_earned: order.cashbackEarned,
    created_at: order.createdAt.toISOString(),
    paid_at: iso(order.paidAt),
    cancelled_at: iso(order.cancelledAt),
    cancel_reason: order.cancelReason,
    delivered_at: iso(order.deliveredAt),
  }
}
