import { randomUUID } from 'node:crypto'
import { and, asc, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { parseConfig } from '#api/config.ts'
import { auditLog, products, reviews } from '#api/db/schema/index.ts'
import { changeOrderStatus } from '#api/orders/service.ts'
import type { StaffRole } from '#api/staff/permissions.ts'
import { setupTestApi } from './support/api.ts'
import { type Customer, registerCustomer } from './support/customer.ts'
import { signedInStaff } from './support/staff.ts'

// Reviews moderation: the queue, hiding with a reason (the
// product's rating drops in the same transaction and the shop stops showing
// it), showing again, the shop's reply under the review, audit rows.

const t = setupTestApi({ products: 40 })
const config = parseConfig({ SESSION_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/atir-unused' })

type Product = { id: number; slug: string }
let all: Product[] = []
let taken = 0
const staff = {} as Record<StaffRole, { id: number; token: string }>
beforeAll(async () => {
  all = await t.database.db.select({ id: products.id, slug: products.slug }).from(products).orderBy(asc(products.id))
  for (const role of ['owner', 'manager', 'content', 'warehouse'] as const) staff[role] = await signedInStaff(t, role)
})

/** A product of this test alone, in stock, with no reviews (the seeded ones removed). */
async function product(): Promise<Product> {
  const p = all[taken++]!
  await t.database.db.delete(reviews).where(eq(reviews.productId, p.id))
  await t.database.db
    .update(products)
    .set({ stock: 50, price: 100_000, salePrice: null, ratingSum: 0, reviewCount: 0 })
    .where(eq(products.id, p.id))
  return p
}

/** `c` buys `p` (cash) and the order is delivered, so `c` may review it. */
async function bought(c: Customer, p: Product) {
  await t.json('orders/cart/products/', {
    method: 'POST',
    token: c.access,
    body: JSON.stringify({ product_id: p.id, quantity: 1 }),
  })
  const order = await t.json('orders/', {
    method: 'POST',
    token: c.access,
    body: JSON.stringify({
      address: { region: '1726', district: '1726294', street: 'Bunyodkor', house: '12' },
      receiver: { name: 'Dilnoza', phone: '90 123 45 67' },
      delivery: 'courier',
      payment_method: 'cash',
      idempotency_key: randomUUID(),
    }),
  })
  expect(order.status).toBe(201)
  for (const to of [4, 5, 6])
    await changeOrderStatus(t.database.db, order.body.id, to, { lang: 'ru', config, now: new Date() })
}

/** A review of a fresh product by a fresh customer who bought it. */
async function reviewed(rating = 5, comment = 'Стойкий аромат') {
  const p = await product()
  const c = await registerCustomer(t)
  await bought(c, p)
  const r = await writeReview(c, p, rating, comment)
  expect(r.status).toBe(201)
  return { p, c, id: r.body.review.id as number }
}
const writeReview = (c: Customer, p: Product, rating: number, comment: string, method = 'POST') =>
  t.json(`products/${p.slug}/reviews/${method === 'PUT' ? 'mine/' : ''}`, {
    method,
    token: c.access,
    body: JSON.stringify({ rating, comment }),
  })

const admin = (path: string, token: string, init: { method?: string; body?: unknown; lang?: string } = {}) =>
  t.json(`admin/reviews/${path}`, {
    method: init.method ?? (init.body ? 'POST' : 'GET'),
    token,
    lang: init.lang ?? 'ru',
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
const rating = async (p: Product) => (await t.database.db.select().from(products).where(eq(products.id, p.id)))[0]!
const shopList = async (p: Product) => (await t.json(`products/${p.slug}/reviews/`)).body
const auditOf = (id: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'review'), eq(auditLog.entityId, String(id))))
    .orderBy(asc(auditLog.id))

describe('who may moderate', () => {
  it('owner and manager may; content and warehouse get 403, nobody 401', async () => {
    const { id } = await reviewed()
    for (const [role, status] of [
      ['owner', 200],
      ['manager', 200],
      ['content', 403],
      ['warehouse', 403],
    ] as const) {
      expect((await admin('', staff[role].token)).status, role).toBe(status)
      expect((await admin(`${id}/hide/`, staff[role].token, { body: { reason: 'x' } })).status, role).toBe(
        status === 200 ? 200 : 403,
      )
      await admin(`${id}/publish/`, staff.owner.token, { body: {} })
    }
    expect((await t.json('admin/reviews/')).status).toBe(401)
  })
})

describe('the queue', () => {
  it('a new review waits in "new" while the shop already shows it; looked at, it is published', async () => {
    const { p, id } = await reviewed(4, 'Хороший')
    const queue = await admin(`?moderation=new&product_id=${p.id}`, staff.manager.token)
    expect(queue.status).toBe(200)
    expect(
      queue.body.results.map(
        (r: { id: unknown; moderation: unknown; rating: unknown; comment: unknown; product: { slug: unknown } }) => [
          r.id,
          r.moderation,
          r.rating,
          r.comment,
          r.product.slug,
        ],
      ),
    ).toEqual([[id, 'new', 4, 'Хороший', p.slug]])
    expect(queue.body.counts).toEqual({ new: 1, published: 0, hidden: 0 })
    expect((await shopList(p)).results.map((r: { id: unknown }) => r.id)).toEqual([id])

    const published = await admin(`${id}/publish/`, staff.manager.token, { body: {} })
    expect(published.body).toMatchObject({ moderation: 'published', moderated_by: { id: staff.manager.id } })
    expect((await admin(`?product_id=${p.id}`, staff.manager.token)).body.counts).toEqual({
      new: 0,
      published: 1,
      hidden: 0,
    })
  })

  it('an edit by its author puts a published review back in "new"', async () => {
    const { p, c, id } = await reviewed(5)
    await admin(`${id}/publish/`, staff.manager.token, { body: {} })
    expect((await writeReview(c, p, 3, 'Передумал', 'PUT')).status).toBe(200)
    expect((await admin(`${id}/`, staff.manager.token)).body.moderation).toBe('new')
  })
})

describe('hiding', () => {
  it('takes the review out of the shop and the rating at once, audited with the reason; showing brings it back', async () => {
    const { p, id } = await reviewed(2, 'Подделка!')
    const other = await registerCustomer(t)
    await bought(other, p)
    await writeReview(other, p, 4, 'Нормально')
    expect(await rating(p)).toMatchObject({ ratingSum: 6, reviewCount: 2 })
    const before = await t.json(`products/${p.slug}/`)
    expect(before.body).toMatchObject({ rating: 3, review_count: 2 })

    const hidden = await admin(`${id}/hide/`, staff.manager.token, { body: { reason: 'Оскорбления' } })
    expect(hidden.status).toBe(200)
    expect(hidden.body).toMatchObject({ moderation: 'hidden', hidden_reason: 'Оскорбления' })
    expect(await rating(p)).toMatchObject({ ratingSum: 4, reviewCount: 1 })
    // The product page (a cached answer a moment ago) and the reviews list follow at once.
    expect((await t.json(`products/${p.slug}/`)).body).toMatchObject({ rating: 4, review_count: 1 })
    const list = await shopList(p)
    expect(list.results.map((r: { comment: unknown }) => r.comment)).toEqual(['Нормально'])
    expect(list).toMatchObject({ total: 1, count: 1, average: 4 })

    // Hiding again changes nothing and records nothing more.
    await admin(`${id}/hide/`, staff.manager.token, { body: { reason: 'Оскорбления' } })
    expect(await rating(p)).toMatchObject({ ratingSum: 4, reviewCount: 1 })

    const shown = await admin(`${id}/publish/`, staff.owner.token, { body: {} })
    expect(shown.body).toMatchObject({ moderation: 'published', hidden_reason: null })
    expect(await rating(p)).toMatchObject({ ratingSum: 6, reviewCount: 2 })
    expect((await shopList(p)).total).toBe(2)

    const audit = await auditOf(id)
    expect(audit.map((a) => [a.action, a.actor, a.before, a.after])).toEqual([
      [
        'review.hide',
        `staff:${staff.manager.id}`,
        { moderation: 'new', hidden_reason: null },
        { moderation: 'hidden', hidden_reason: 'Оскорбления' },
      ],
      [
        'review.publish',
        `staff:${staff.owner.id}`,
        { moderation: 'hidden', hidden_reason: 'Оскорбления' },
        { moderation: 'published', hidden_reason: null },
      ],
    ])
  })

  it('needs a reason: a localised 400 on `reason`', async () => {
    const { id } = await reviewed()
    for (const body of [{}, { reason: '   ' }, { reason: 'x'.repeat(501) }]) {
      const r = await admin(`${id}/hide/`, staff.manager.token, { body, lang: 'uz' })
      expect(r.status).toBe(400)
      expect(r.body.errors.map((e: { field: unknown }) => e.field)).toEqual(['reason'])
    }
    expect((await admin(`${id}/`, staff.manager.token)).body.moderation).toBe('new')
    expect((await admin('999999/hide/', staff.manager.token, { body: { reason: 'x' } })).status).toBe(404)
  })

  it('a hidden review its author edits or deletes stays out of the rating', async () => {
    const { p, c, id } = await reviewed(1, 'Плохо')
    await admin(`${id}/hide/`, staff.manager.token, { body: { reason: 'Спам' } })
    expect(await rating(p)).toMatchObject({ ratingSum: 0, reviewCount: 0 })
    expect((await writeReview(c, p, 5, 'Спам снова', 'PUT')).status).toBe(200)
    expect(await rating(p)).toMatchObject({ ratingSum: 0, reviewCount: 0 })
    expect((await admin(`${id}/`, staff.manager.token)).body.moderation).toBe('hidden')
    expect((await shopList(p)).total).toBe(0)
    expect((await t.json(`products/${p.slug}/reviews/mine/`, { method: 'DELETE', token: c.access })).status).toBe(200)
    expect(await rating(p)).toMatchObject({ ratingSum: 0, reviewCount: 0 })
  })

  it('hiding while the author changes the rating counts the review exactly once', async () => {
    for (let round = 0; round < 4; round++) {
      const { p, c, id } = await reviewed(2)
      const [hide, edit] = await Promise.all([
        admin(`${id}/hide/`, staff.manager.token, { body: { reason: 'Проверка' } }),
        writeReview(c, p, 5, 'Исправил', 'PUT'),
      ])
      expect([hide.status, edit.status]).toEqual([200, 200])
      // Hidden either way, and nothing of it left in the product's rating.
      expect(await rating(p)).toMatchObject({ ratingSum: 0, reviewCount: 0 })
      await admin(`${id}/publish/`, staff.manager.token, { body: {} })
      expect(await rating(p)).toMatchObject({ ratingSum: 5, reviewCount: 1 })
    }
  })
})

describe("the shop's reply", () => {
  it('shows under the review in the shop as typed; it can be changed and removed; audited', async () => {
    const { p, id } = await reviewed(5, 'Zoʻr!')
    const r = await admin(`${id}/reply/`, staff.manager.token, {
      method: 'PUT',
      body: { text: '  Rahmat, xaridingiz uchun!  ' },
    })
    expect(r.status).toBe(200)
    expect(r.body).toMatchObject({ reply: 'Rahmat, xaridingiz uchun!', reply_by: { id: staff.manager.id } })
    // Replying is looking at it.
    expect(r.body.moderation).toBe('published')
    const shown = (await shopList(p)).results[0]
    expect(shown.shop_reply).toEqual({ text: 'Rahmat, xaridingiz uchun!', created_at: expect.any(String) })

    await admin(`${id}/reply/`, staff.owner.token, { method: 'PUT', body: { text: 'Rahmat!' } })
    expect((await shopList(p)).results[0].shop_reply.text).toBe('Rahmat!')
    await admin(`${id}/reply/`, staff.owner.token, { method: 'PUT', body: { text: '' } })
    expect((await shopList(p)).results[0].shop_reply).toBeNull()

    const audit = (await auditOf(id)).filter((a) => a.action === 'review.reply')
    expect(audit.map((a) => [a.before, a.after])).toEqual([
      [{ reply: null }, { reply: 'Rahmat, xaridingiz uchun!' }],
      [{ reply: 'Rahmat, xaridingiz uchun!' }, { reply: 'Rahmat!' }],
      [{ reply: 'Rahmat!' }, { reply: null }],
    ])
    const long = await admin(`${id}/reply/`, staff.owner.token, { method: 'PUT', body: { text: 'x'.repeat(2001) } })
    expect(long.status).toBe(400)
    expect(long.body.errors.map((e: { field: unknown }) => e.field)).toEqual(['text'])
  })
})
