import { asc, eq } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.ts'
import { orderEvents, staff } from '../../db/schema/index.ts'
import { type Lang, type Localized, languages, pick } from '../../http/locale.ts'
import type { StatusActor } from '../../orders/service.ts'

export type OrderEventKind = 'note' | 'edit' | 'return' | 'refund'

/** A value an event keeps: a text in every language (items, places), a number (money) or a plain text. */
export type EventValue = Localized | number | string | null

/** What an edit or return changed: the fields' values before and after, as the timeline shows them. */
export type EventChanges = { before: Record<string, EventValue>; after: Record<string, EventValue> }

/** One line of the order's timeline that is not a status change; written in the transaction of what it records. */
export async function recordOrderEvent(
  tx: Tx,
  event: {
    orderId: number
    kind: OrderEventKind
    actor: StatusActor
    text?: string | null
    changes?: EventChanges | null
    at: Date
  },
): Promise<number> {
  const [row] = await tx
    .insert(orderEvents)
    .values({
      orderId: event.orderId,
      kind: event.kind,
      staffId: event.actor.staffId,
      actor: event.actor.actor,
      via: event.actor.via,
      text: event.text ?? null,
      changes: event.changes ?? null,
      at: event.at,
    })
    .returning({ id: orderEvents.id })
  return row!.id
}

/** The same text in every language, made by `text(lang)` (what an event keeps for the timeline). */
export const inEveryLanguage = (text: (lang: Lang) => string): Localized =>
  Object.fromEntries(languages.map((lang) => [lang, text(lang)])) as Localized

const shown = (value: EventValue | undefined, lang: Lang) =>
  value !== null && typeof value === 'object' ? pick(value, lang) : (value ?? null)

/** An event's changes as the viewer reads them: each changed field with its value before and after, in `lang`. */
export function changesIn(changes: EventChanges | null, lang: Lang) {
  if (!changes) return null
  const fields = [...new Set([...Object.keys(changes.before), ...Object.keys(changes.after)])]
  return fields.map((field) => ({
    field,
    before: shown(changes.before[field], lang),
    after: shown(changes.after[field], lang),
  }))
}

/** The order's events, oldest first, with the staff member's name. */
export function orderEventsOf(db: Db, orderId: number) {
  return db
    .select({ row: orderEvents, staffName: staff.name })
    .from(orderEvents)
    .leftJoin(staff, eq(staff.id, orderEvents.staffId))
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.id))
}
