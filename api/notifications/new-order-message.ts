import type { Config } from '../config.ts'
import { findDistrict, findRegion } from '../geo/regions.ts'
import { type Lang, pick } from '../http/locale.ts'
import { message } from '../http/messages.ts'
import type { TelegramButton } from '../integrations/telegram/provider.ts'
import { paymentMethodLabel } from '../orders/labels.ts'
import type { OrderItemRow, OrderRow } from '../orders/service.ts'
import { orderNumber } from '../orders/states.ts'

/** The staff chat's language (TELEGRAM_CHAT_LANG, Russian by default: the shop's working language in Tashkent). */
export const staffChatLang = (config: Pick<Config, 'TELEGRAM_CHAT_LANG'>): Lang => config.TELEGRAM_CHAT_LANG

/** An order as the new-order message shows it: the order row and its lines. */
export type OrderForMessage = OrderRow & { items: OrderItemRow[] }

export type TelegramText = { text: string; buttons?: TelegramButton[][] }

const sum = (n: number) => n.toLocaleString('ru-RU').replace(/\u00a0/g, ' ')

/** An order's place as people name it: the region, and a Tashkent district by its name rather than its code. */
export function placeNames(order: Pick<OrderRow, 'region' | 'district'>, lang: Lang) {
  const region = order.region === null ? undefined : findRegion(order.region)
  const district = order.region && order.district ? findDistrict(order.region, order.district) : undefined
  return {
    region: region ? region.name[lang] : order.region,
    district: district ? district.name[lang] : order.district,
  }
}

/**
 * The staff chat's message for a new paid or cash order: number, total and
 * how it is paid, the lines, delivery and receiver. No buttons here; the
 * Telegram workplace (confirm, cash received, assign, packing slip) adds them
 * by wrapping this function.
 */
export function buildNewOrderMessage(order: OrderForMessage, lang: Lang): TelegramText {
  const payment =
    order.paymentMethod === 'cash'
      ? message(lang, 'telegram_cash')
      : message(lang, 'telegram_paid_online', { method: paymentMethodLabel(lang, order.paymentMethod) })
  const place = placeNames(order, lang)
  const address = [place.region, place.district, order.street, order.house, order.flat].filter(Boolean).join(', ')
  const point = order.pickupPoint
  const pickup = point ? `${pick(point.name, lang)}: ${pick(point.address, lang)}` : null
  const lines = [
    message(lang, 'telegram_new_order', { number: orderNumber(order.id), total: sum(order.total), payment }),
    ...order.items.map((i) => `• ${i.title[lang] || i.title.ru} × ${i.quantity}`),
    order.delivery === 'pickup'
      ? [message(lang, 'telegram_delivery_pickup'), pickup].filter(Boolean).join(': ')
      : message(lang, 'telegram_delivery_courier', { address }),
    message(lang, 'telegram_receiver', { name: order.receiverName, phone: order.receiverPhone }),
  ]
  return { text: lines.join('\n') }
}
