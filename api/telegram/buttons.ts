import type { Config } from '../config.ts'
import type { Lang } from '../http/locale.ts'
import type { TelegramButton } from '../integrations/telegram/provider.ts'
import { statusLabel } from '../orders/service.ts'
import { canTransition, OrderStatus } from '../orders/states.ts'
import { botText } from './texts.ts'

/**
 * What a button of an order message asks (its `callback_data`, at most 64
 * bytes): `o:<order>:s:<to>:<expected>` move it on, `o:<order>:cash` cash
 * received, `o:<order>:me` assign to me. A status button carries the status
 * the message showed, so a press on a stale message is refused (409), not
 * applied to whatever the order became.
 */
export type ButtonAction =
  | { orderId: number; kind: 'status'; to: number; expected: number }
  | { orderId: number; kind: 'cash' }
  | { orderId: number; kind: 'assign_me' }

const pattern = /^o:(\d{1,10}):(?:s:(\d):(\d)|(cash)|(me))$/

export function parseButton(data: string | undefined): ButtonAction | null {
  const m = data ? pattern.exec(data) : null
  if (!m) return null
  const orderId = Number(m[1])
  if (!Number.isSafeInteger(orderId) || orderId < 1 || orderId > 2_147_483_647) return null
  if (m[2]) return { orderId, kind: 'status', to: Number(m[2]), expected: Number(m[3]) }
  return { orderId, kind: m[4] ? 'cash' : 'assign_me' }
}

export const buttonData = (action: ButtonAction): string =>
  action.kind === 'status'
    ? `o:${action.orderId}:s:${action.to}:${action.expected}`
    : `o:${action.orderId}:${action.kind === 'cash' ? 'cash' : 'me'}`

/** The next step of the order's way (accepted → ready → on the way → delivered); null when there is none for staff. */
export function nextStatus(status: number): number | null {
  const forward = [OrderStatus.readyForDelivery, OrderStatus.onTheWay, OrderStatus.delivered].find(
    (to) => canTransition(status, to) && to === status + 1,
  )
  return forward ?? null
}

type OrderState = { id: number; status: number; paymentMethod: string; paymentStatus: string }

/**
 * The buttons under an order message in the staff chat, for the order as it
 * is now: the next step, cash received (an unpaid cash order), assign to me,
 * and the printable packing slip of the back office (with PUBLIC_URL:
 * Telegram only opens absolute links). Who may press what is checked when
 * pressed, as the staff member who pressed.
 */
export function orderButtons(order: OrderState, config: Pick<Config, 'PUBLIC_URL'>, lang: Lang): TelegramButton[][] {
  const rows: TelegramButton[][] = []
  const open = order.status !== OrderStatus.cancelled && order.status !== OrderStatus.delivered
  const first: TelegramButton[] = []
  const to = nextStatus(order.status)
  if (to !== null)
    first.push({
      text: botText(lang, 'button_next', { status: statusLabel(lang, to) }),
      data: buttonData({ orderId: order.id, kind: 'status', to, expected: order.status }),
    })
  if (open && order.paymentMethod === 'cash' && order.paymentStatus !== 'paid')
    first.push({ text: botText(lang, 'button_cash'), data: buttonData({ orderId: order.id, kind: 'cash' }) })
  if (first.length) rows.push(first)
  const second: TelegramButton[] = []
  if (open)
    second.push({ text: botText(lang, 'button_assign_me'), data: buttonData({ orderId: order.id, kind: 'assign_me' }) })
  if (config.PUBLIC_URL)
    second.push({
      text: botText(lang, 'button_slip'),
      url: new URL(`/${lang}/admin/orders/${order.id}/slip`, config.PUBLIC_URL).toString(),
    })
  if (second.length) rows.push(second)
  return rows
}
