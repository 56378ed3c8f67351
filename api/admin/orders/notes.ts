import { recordAudit } from '../../audit/record.ts'
import type { Db } from '../../db/client.ts'
import { ApiError } from '../../http/errors.ts'
import { message } from '../../http/messages.ts'
import { lockOrder, type OrderRow } from '../../orders/service.ts'
import { recordOrderEvent } from './events.ts'
import type { StaffOrderActor, StaffOrderCtx } from './status.ts'
import { maySee } from './viewer.ts'

/**
 * A staff member's note on the order ("the customer asked to call after 18:00"):
 * a `note` on the timeline, for staff only (the customer's order never shows
 * it), audited `order.note`. Anyone who may see the order may write one (a
 * courier on its own orders).
 */
export async function addOrderNote(
  db: Db,
  input: { orderId: number; text: string; actor: StaffOrderActor },
  ctx: Pick<StaffOrderCtx, 'lang' | 'now'>,
): Promise<OrderRow> {
  const { lang, now } = ctx
  const text = input.text.trim()
  if (!text) {
    const detail = message(lang, 'required')
    throw new ApiError(400, detail, [{ field: 'text', message: detail }])
  }
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.orderId)
    if (!order || !maySee({ role: input.actor.role, staffId: input.actor.staffId }, order))
      throw new ApiError(404, message(lang, 'order_not_found'))
    const id = await recordOrderEvent(tx, { orderId: order.id, kind: 'note', actor: input.actor, text, at: now })
    await recordAudit(tx, {
      ...input.actor,
      action: 'order.note',
      entity: 'order',
      entityId: order.id,
      after: { note_id: id, text },
      at: now,
    })
    return order
  })
}
