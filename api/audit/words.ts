import { OrderStatus, PaymentStatus } from '#contract/orders.ts'
import type { Lang } from '../http/locale.ts'
import { type MessageKey, message } from '../http/messages.ts'
import { statusLabel } from '../orders/service.ts'
import { isStaffRole } from '../staff/permissions.ts'

type Values = Record<string, unknown> | null

const statuses: unknown[] = Object.values(OrderStatus)

/** How a coded value of a field is said, or null for a value said as it is. */
const sayers: Record<string, (lang: Lang, value: unknown, entity: string) => string | null> = {
  status: (lang, value, entity) =>
    entity === 'order' && statuses.includes(value) ? statusLabel(lang, value as number) : null,
  payment_status: (lang, value) =>
    PaymentStatus.includes(value as never) ? message(lang, `payment_status_${value}` as MessageKey) : null,
  role: (lang, value) => (isStaffRole(value) ? message(lang, `staff_role_${value}` as MessageKey) : null),
}

/**
 * The reader's words for an audit entry's coded values (an order's status 4 is
 * «Собран», a role `manager` «Менеджер»): field → stored value → words. The
 * stored values stay codes, so the log reads the same in every language and
 * filters by them.
 */
export function auditWords(lang: Lang, entry: { entity: string; before: Values; after: Values }) {
  const words: Record<string, Record<string, string>> = {}
  for (const values of [entry.before, entry.after])
    for (const [field, value] of Object.entries(values ?? {})) {
      const said = sayers[field]?.(lang, value, entry.entity)
      if (said) words[field] = { ...words[field], [String(value)]: said }
    }
  return words
}
