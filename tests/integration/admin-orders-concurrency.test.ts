import { and, asc, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { auditLog, orderStatusHistory } from '#api/db/schema/index.ts'
import { setupTestApi } from './support/api.ts'
import { releasedTogetherOnOrder } from './support/lock-gate.ts'
import { orderMaker } from './support/orders.ts'
import { signedInStaff } from './support/staff.ts'

// Two staff members acting on one order at the same moment (two managers at
// the desk, a courier's Telegram button): on PostgreSQL the requests really
// overlap (the test holds the order row until both wait on it); one wins,
// the other is told with 409 what the order is now. Nothing happens twice.

const t = setupTestApi({ products: 20 })
const orders = orderMaker(t)
let first: { id: number; token: string }
let second: { id: number; token: string }
beforeAll(async () => {
  first = await signedInStaff(t, 'manager')
  second = await signedInStaff(t, 'owner')
})

const move = (token: string, orderId: number, body: Record<string, unknown>) =>
  t.json(`admin/orders/${orderId}/status/`, { method: 'POST', token, lang: 'ru', body: JSON.stringify(body) })

const staffRowsOf = async (orderId: number) => ({
  audit: await t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, String(orderId))))
    .orderBy(asc(auditLog.id)),
  history: (
    await t.database.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, orderId))
      .orderBy(asc(orderStatusHistory.id))
  ).filter((h) => h.actor.startsWith('staff:')),
})

describe('two staff members change one order at once', () => {
  it('packing and cancelling: one wins, the other gets 409 naming the status it found', async () => {
    for (let round = 0; round < 3; round++) {
      const { order, productId } = await orders.place({ delivery: 'courier', method: 'cash', stock: 4 })
      const [packed, cancelled] = await releasedTogetherOnOrder(t, order.id, () => [
        move(first.token, order.id, { status: 4, expected_status: 3 }),
        move(second.token, order.id, { status: 2, expected_status: 3, reason: 'out of stock' }),
      ])
      const statuses = [packed!.status, cancelled!.status].sort()
      expect(statuses).toEqual([200, 409])
      const winner = packed!.status === 200 ? packed! : cancelled!
      const loser = packed!.status === 200 ? cancelled! : packed!
      const now = winner === packed ? 'Собран' : 'Отменён'
      expect(loser.body.detail).toBe(
        `Заказ уже в статусе «${now}»: его изменили, пока вы смотрели. Обновите страницу и проверьте.`,
      )
      const { audit, history } = await staffRowsOf(order.id)
      expect(audit).toHaveLength(1)
      expect(history).toHaveLength(1)
      expect(audit[0]!.after).toMatchObject({ status: winner.body.status })
      // Stock comes back once if the cancel won, not at all otherwise.
      expect(await orders.stockOf(productId)).toBe(winner === cancelled ? 4 : 3)
    }
  })

  it('the same move twice: it happens once, the second caller is told it is already done', async () => {
    const { order } = await orders.place({ delivery: 'courier', method: 'cash' })
    const answers = await releasedTogetherOnOrder(t, order.id, () => [
      move(first.token, order.id, { status: 4, expected_status: 3 }),
      move(second.token, order.id, { status: 4, expected_status: 3 }),
    ])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409])
    expect(answers.find((a) => a.status === 409)!.body.detail).toContain('«Собран»')
    const { audit, history } = await staffRowsOf(order.id)
    expect(audit).toHaveLength(1)
    expect(history.map((h) => [h.fromStatus, h.toStatus])).toEqual([[3, 4]])
  })
})
