import type { Config } from '../config.ts'
import type { Lang } from '../http/locale.ts'
import type { TelegramButton } from '../integrations/telegram/provider.ts'
import { statusLabel } from '../orders/service.ts'
import { canTransition, OrderStatus } from '../orders/states.ts'
import { botText } from './texts.ts'

/**
 * What a button of an order message asks (its `callback_data`, at most 64
 * bytes): `o:<order>:s:<to>:<expected>` move it on, `o:<order>:cash` cash
 * received, `o:<order>:me` assign to me, `o:<order>:c` show the couriers,
 * `o:<order>:a:<staff>` assign to that one, `o:<order>:b` back to the order's
 * buttons. A status button carries the status the message showed, so a
 * press on a stale message is refused (409), not applied to whatever the
 * order became.
 */
export type ButtonAction =
  | { orderId: number; kind: 'status'; to: number; expected: number }
  | { orderId: number; kind: 'cash' }
  | { orderId: number; kind: 'assign_me' }
  | { orderId: number; kind: 'couriers' }
  | { orderId: number; kind: 'assign'; staffId: number }
  | { orderId: number; kind: 'back' }

const INT_MAX = 2_147_483_647
const id = (text: string) =>
  /^\d{1,10}$/.test(text) && Number(text) >= 1 && Number(text) <= INT_MAX ? Number(text) : null

export function parseButton(data: string | undefined): ButtonAction | null {
  const [prefix, order, kind, ...args] = (data ?? '').split(':')
  const orderId = id(order ?? '')
  if (prefix !== 'o' || orderId === null) return null
  if (kind === 's' && args.length === 2 && args.every((a) => /^\d$/.test(a)))
    return { orderId, kind: 'status', to: Number(args[0]), expected: Number(args[1]) }
  if (kind === 'a' && args.length === 1) {
    const staffId = id(args[0] ?? '')
    return staffId === null ? null : { orderId, kind: 'assign', staffId }
  }
  if (args.length) return null
  if (kind === 'cash') return { orderId, kind: 'cash' }
  if (kind === 'me') return { orderId, kind: 'assign_me' }
  if (kind === 'c') return { orderId, kind: 'couriers' }
  if (kind === 'b') return { orderId, kind: 'back' }
  return null
}

export function buttonData(action: ButtonAction): string {
  const base = `o:${action.orderId}`
  switch (action.kind) {
    case 'status':
      return `${base}:s:${action.to}:${action.expected}`
    case 'assign':
      return `${base}:a:${action.staffId}`
    case 'cash':
      return `${base}:cash`
    case 'assign_me':
      return `${base}:me`
    case 'couriers':
      return `${base}:c`
    case 'back':
      return `${base}:b`
  }
}

/** The courier picker: one button per staff member who can carry orders with their load (`Азиз · 3`), two a row, and back. */
export function courierButtons(orderId: number, couriers: { id: number; name: string; load: number }[], lang: Lang) {
  const rows: TelegramButton[][] = []
  couriers.forEach((c, i) => {
    const button = { text: `${c.name} · ${c.load}`, data: buttonData({ orderId, kind: 'assign', staffId: c.id }) }
    const last = rows.at(-1)
    if (i % 2 === 0 || !last) rows.push([button])
    else last.push(button)
  })
  rows.push([{ text: botText(lang, 'button_back'), data: buttonData({ orderId, kind: 'back' }) }])
  return rows
}

/**
 * The next step of the order's way (accepted → ready → on the way → delivered; a pickup order: ready →
 * handed over); null when there is none for staff.
 */
export function nextStatus(status: number, delivery: string): number | null {
  const forward = [OrderStatus.readyForDelivery, OrderStatus.onTheWay, OrderStatus.delivered].find(
    (to) => to > status && canTransition(status, to, delivery),
  )
  return forward ?? null
}

type OrderState = { id: number; status: number; paymentMethod: string; paymentStatus: string; delivery: string }

/**
 * The buttons under an order message in the staff chat, for the order as it
 * is now: the next step, cash received (an unpaid cash order), assign to me
 * or to a courier (not a pickup order; a closed order neither), and the printable packing slip of the back office (with PUBLIC_URL:
 * Telegram only opens absolute links). Who may press what is checked when
 * pressed, as the staff member who pressed.
 */
export function orderButtons(order: OrderState, config: Pick<Config, 'PUBLIC_URL'>, lang: Lang): TelegramButton[][] {
  const rows: TelegramButton[][] = []
  const open = order.status !== OrderStatus.cancelled && order.status !== OrderStatus.delivered
  const first: TelegramButton[] = []
  const to = nextStatus(order.status, order.delivery)
  if (to !== null)
    first.push({
      text: botText(lang, 'button_next', { status: statusLabel(lang, to, order.delivery) }),
      data: buttonData({ orderId: order.id, kind: 'status', to, expected: order.status }),
    })
  if (open && order.paymentMethod === 'cash' && order.paymentStatus !== 'paid')
    first.push({ text: botText(lang, 'button_cash'), data: buttonData({ orderId: order.id, kind: 'cash' }) })
  if (first.length) rows.push(first)
  const second: TelegramButton[] = []
  if (open)
    second.push({ text: botText(lang, 'button_assign_me'), data: buttonData({ orderId: order.id, kind: 'assign_me' }) })
  // A pickup order is handed over at the shop: no courier to choose.
  if (open && order.delivery !== 'pickup')
    second.push({ text: botText(lang, 'button_courier'), data: buttonData({ orderId: order.id, kind: 'couriers' }) })
  if (config.PUBLIC_URL)
    second.push({
      text: botText(lang, 'button_slip'),
      url: new URL(`/${lang}/admin/orders/${order.id}/slip`, config.PUBLIC_URL).toString(),
    })
  if (second.length) rows.push(second)
  return rows
}
