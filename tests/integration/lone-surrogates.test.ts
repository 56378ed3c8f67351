import { and, asc, desc, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { recordAudit } from '#api/audit/record.ts'
import { auditLog, products, reviews, users } from '#api/db/schema/index.ts'
import { setupTestApi } from './support/api.ts'
import { registerCustomer } from './support/customer.ts'
import { serveApiOverHttp } from './support/http.ts'
import { orderMaker } from './support/orders.ts'
import { signedInStaff, testActor } from './support/staff.ts'

// A JSON string may spell half of a UTF-16 pair (`"\ud800"`): JavaScript keeps
// it, but no UTF-8 text and no PostgreSQL jsonb can hold it. The API reads it
// as U+FFFD, as a browser reads the same bytes from a form, so the staff's
// change and its audit entry are stored instead of a 500 that loses both.

const t = setupTestApi({ products: 20 })
const http = serveApiOverHttp(t)
const orders = orderMaker(t)
const typed = 'ab\ud800cd\udfffef'
const stored = 'ab\ufffdcd\ufffdef'

let manager: { id: number; token: string }
beforeAll(async () => {
  manager = await signedInStaff(t, 'manager')
})

/** A staff call with `body` as JSON text, as a client spells the lone halves: `\ud800`. */
const call = (path: string, method: string, body: unknown) =>
  t.json(`admin/${path}`, { method, token: manager.token, lang: 'ru', body: JSON.stringify(body) })

const lastAudit = async (entity: string, id: number) =>
  (
    await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(id))))
      .orderBy(desc(auditLog.id))
      .limit(1)
  )[0]

/** A review by a fresh customer of a seeded product, written directly (the moderation is under test). */
async function review() {
  const customer = await registerCustomer(t)
  const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.phone, customer.phone))
  const [product] = await t.database.db.select({ id: products.id }).from(products).orderBy(asc(products.id)).limit(1)
  const [row] = await t.database.db
    .insert(reviews)
    .values({ productId: product!.id, userId: user!.id, rating: 4, comment: 'Стойкий' })
    .returning({ id: reviews.id })
  return row!.id
}

describe('a lone surrogate in staff text is stored as U+FFFD, with its audit entry', () => {
  it('an order note', async () => {
    const { order } = await orders.place({ method: 'cash' })
    const r = await call(`orders/${order.id}/notes/`, 'POST', { text: typed })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(
      r.body.timeline.filter((s: { kind: string }) => s.kind === 'note').map((s: { text: string }) => s.text),
    ).toEqual([stored])
    expect((await lastAudit('order', order.id))?.after).toMatchObject({ text: stored })
  })

  it('a reply to a review, and the reason it is hidden', async () => {
    const id = await review()
    const replied = await call(`reviews/${id}/reply/`, 'PUT', { text: typed })
    expect(replied.status, JSON.stringify(replied.body)).toBe(200)
    expect(replied.body.reply).toBe(stored)
    const hidden = await call(`reviews/${id}/hide/`, 'POST', { reason: typed })
    expect(hidden.status, JSON.stringify(hidden.body)).toBe(200)
    const [row] = await t.database.db.select().from(reviews).where(eq(reviews.id, id))
    expect([row!.reply, row!.hiddenReason]).toEqual([stored, stored])
    expect((await lastAudit('review', id))?.after).toMatchObject({ hidden_reason: stored })
  })

  it("a product's title, over HTTP as the bytes arrive", async () => {
    const [product] = await t.database.db.select({ id: products.id }).from(products).orderBy(desc(products.id)).limit(1)
    const title = { uz: `Атир ${typed}`, sr: `Atir ${typed}`, ru: `Духи ${typed}` }
    const body = JSON.stringify({ title })
    // The escape travels as six ASCII characters, not as bytes a decoder would have replaced already.
    expect(body).toContain('\\ud800')
    const answer = await fetch(`${http.base}/api/v1/admin/products/${product!.id}/`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${manager.token}`, 'Content-Type': 'application/json' },
      body,
    })
    expect(answer.status, await answer.clone().text()).toBe(200)
    expect((await answer.json()).title).toEqual({ uz: `Атир ${stored}`, sr: `Atir ${stored}`, ru: `Духи ${stored}` })
    expect((await lastAudit('product', product!.id))?.after).toMatchObject({ title: { ru: `Духи ${stored}` } })
  })

  it('the audit stores an entry whatever text reaches it, keys too', async () => {
    await recordAudit(t.database.db, {
      ...testActor,
      action: 'test.text',
      entity: 'test',
      entityId: 1,
      before: { [`k${typed}`]: [typed, { deep: typed }] },
      after: { text: typed },
    })
    const entry = await lastAudit('test', 1)
    expect(entry?.before).toEqual({ [`k${stored}`]: [stored, { deep: stored }] })
    expect(entry?.after).toEqual({ text: stored })
  })
})
