import { and, asc, eq, inArray, isNull } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { batchJobsSettled } from '#api/catalogue-batches/jobs.ts'
import { auditLog, categories, productCategories, products } from '#api/db/schema/index.ts'
import type { StaffRole } from '#api/staff/permissions.ts'
import { setupTestApi } from './support/api.ts'
import { clockedAdminApi, signedInStaff, staffToken } from './support/staff.ts'

// Bulk actions from the product list: a preview that writes
// nothing, an apply that is exactly the preview (or refused), one audit entry
// per batch, and an undo within 24 hours that never wipes a newer edit.

const t = setupTestApi({ products: 40 })

type Staff = { id: number; name: string; token: string }
const staff = {} as Record<StaffRole, Staff>
beforeAll(async () => {
  for (const role of ['owner', 'manager', 'content', 'warehouse'] as const) staff[role] = await signedInStaff(t, role)
})

const post = (path: string, body: unknown, token = staff.manager.token, lang = 'ru') =>
  t.json(`admin/${path}`, { method: 'POST', token, lang, body: JSON.stringify(body) })

/** An apply or undo: answered 202 at once, run in the background; the batch once it has run. */
async function run(path: string, body: unknown, lang = 'ru') {
  const started = await post(path, body, staff.manager.token, lang)
  expect(started.status).toBe(202)
  await batchJobsSettled()
  return (await t.json(`admin/batches/${started.body.id}/`, { token: staff.manager.token, lang })).body
}

/** Products without a sale, so a price change or a sale applies to each. */
async function plainProducts(n: number, offset = 0) {
  return t.database.db
    .select({ id: products.id, price: products.price, slug: products.slug, isHidden: products.isHidden })
    .from(products)
    .where(and(isNull(products.salePrice), eq(products.isHidden, false)))
    .orderBy(asc(products.id))
    .limit(n)
    .offset(offset)
}

const productsById = async (ids: number[]) =>
  new Map((await t.database.db.select().from(products).where(inArray(products.id, ids))).map((p) => [p.id, p] as const))

const batchAudit = (id: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'change_batch'), eq(auditLog.entityId, String(id))))
    .orderBy(asc(auditLog.id))

describe('who may', () => {
  it('lets catalogue.write (owner, manager) preview; content and warehouse get 403, no token 401', async () => {
    const [p] = await plainProducts(1)
    const body = { ids: [p!.id], action: 'hide' }
    for (const role of ['owner', 'manager'] as const)
      expect((await post('products/bulk/preview/', body, staff[role].token)).status).toBe(200)
    for (const role of ['content', 'warehouse'] as const)
      expect((await post('products/bulk/preview/', body, staff[role].token)).status).toBe(403)
    expect((await t.json('admin/products/bulk/preview/', { method: 'POST', body: JSON.stringify(body) })).status).toBe(
      401,
    )
    expect((await t.json('admin/batches/', { token: staff.content.token })).status).toBe(403)
  })
})

describe('a price change by percent', () => {
  it('previews before → after rounded to 1,000 sum, writes nothing, then applies exactly that in one audit entry', async () => {
    const chosen = await plainProducts(3)
    const ids = chosen.map((p) => p.id)
    const preview = await post('products/bulk/preview/', { ids, action: 'price_percent', percent: 12 })
    expect(preview.status).toBe(200)
    // Who made it by name; the rows are the products chosen.
    expect(preview.body).toMatchObject({
      kind: 'bulk',
      state: 'previewed',
      can_apply: true,
      actor: `staff:${staff.manager.id}`,
      actor_name: staff.manager.name,
    })
    expect(preview.body.counts).toMatchObject({ rows: 3, changed: 3, rejected: 0 })
    const expected = chosen.map((p) => Math.round((p.price * 1.12) / 1000) * 1000)
    expect(preview.body.rows.results.map((r: { changes: unknown }) => r.changes)).toEqual(
      chosen.map((p, i) => [{ field: 'price', before: String(p.price), after: String(expected[i]) }]),
    )
    // Nothing written yet.
    expect([...(await productsById(ids)).values()].map((p) => p.price).sort()).toEqual(
      chosen.map((p) => p.price).sort(),
    )

    const applied = await run('products/bulk/', { batch_id: preview.body.id })
    expect(applied).toMatchObject({ state: 'applied', can_undo: true, applied_by: `staff:${staff.manager.id}` })
    const after = await productsById(ids)
    expect(chosen.map((p) => after.get(p.id)?.price)).toEqual(expected)
    expect(await batchAudit(preview.body.id)).toMatchObject([
      { action: 'catalogue.batch_apply', actor: `staff:${staff.manager.id}` },
    ])
    // The shop shows the new price on the next request.
    const shop = await t.json(`products/${chosen[0]!.slug}/`, { lang: 'ru' })
    expect(shop.body.price).toBe(expected[0])

    // A batch is applied once.
    expect((await post('products/bulk/', { batch_id: preview.body.id })).status).toBe(409)
  })

  it('rejects, in the staff member’s language, the rows whose sale price would no longer be below the price', async () => {
    const [onSale] = await t.database.db
      .select()
      .from(products)
      .where(and(eq(products.isHidden, false)))
      .orderBy(asc(products.id))
      .limit(1)
    await t.database.db
      .update(products)
      .set({ salePrice: onSale!.price - 1000 })
      .where(eq(products.id, onSale!.id))
    const [plain] = await plainProducts(1, 10)
    const preview = await post(
      'products/bulk/preview/',
      { ids: [onSale!.id, plain!.id], action: 'price_percent', percent: -20 },
      staff.manager.token,
      'uz',
    )
    expect(preview.body.counts).toMatchObject({ changed: 1, rejected: 1 })
    const rejected = preview.body.rows.results.find((r: { kind: unknown }) => r.kind === 'rejected')
    expect(rejected).toMatchObject({
      product_id: onSale!.id,
      errors: [{ field: 'price', message: 'Чегирма нархи нархдан паст бўлиши керак.' }],
    })
  })
})

describe('apply refuses what changed since the preview', () => {
  it('writes nothing and gives the batch back previewed, naming the row', async () => {
    const chosen = await plainProducts(2, 20)
    const preview = await post('products/bulk/preview/', {
      ids: chosen.map((p) => p.id),
      action: 'sale_percent',
      percent: 25,
    })
    expect(preview.body.counts.changed).toBe(2)
    await t.database.db.update(products).set({ salePrice: 1000 }).where(eq(products.id, chosen[1]!.id))
    const refused = await run('products/bulk/', { batch_id: preview.body.id })
    expect(refused).toMatchObject({ state: 'previewed', can_apply: true, applied_by: null })
    expect(refused.refusal).toEqual({
      action: 'apply',
      detail: 'После предпросмотра некоторые товары изменились: сделайте предпросмотр заново.',
      rows: [{ field: 'row_2', message: expect.stringContaining('sale_price') }],
      more: null,
    })
    const now = await productsById([chosen[0]!.id])
    expect(now.get(chosen[0]!.id)?.salePrice).toBeNull()
  })
})

describe('undo', () => {
  it('restores every product in one step with one audit entry', async () => {
    const chosen = await plainProducts(3, 25)
    const [category] = await t.database.db.select().from(categories).orderBy(asc(categories.id)).limit(1)
    const before = await t.database.db
      .select()
      .from(productCategories)
      .where(
        inArray(
          productCategories.productId,
          chosen.map((p) => p.id),
        ),
      )
    const preview = await post('products/bulk/preview/', {
      ids: chosen.map((p) => p.id),
      action: 'replace_category',
      category_id: category!.id,
    })
    await run('products/bulk/', { batch_id: preview.body.id })
    const hide = await post('products/bulk/preview/', { ids: chosen.map((p) => p.id), action: 'hide' })
    await run('products/bulk/', { batch_id: hide.body.id })
    expect([...(await productsById(chosen.map((p) => p.id))).values()].every((p) => p.isHidden)).toBe(true)

    const undone = await run(`batches/${hide.body.id}/undo/`, {})
    expect(undone).toMatchObject({ state: 'undone', can_undo: false, left_out: null, refusal: null })
    expect([...(await productsById(chosen.map((p) => p.id))).values()].every((p) => !p.isHidden)).toBe(true)
    const categoriesUndone = await run(`batches/${preview.body.id}/undo/`, {})
    expect(categoriesUndone.state).toBe('undone')
    const restored = await t.database.db
      .select()
      .from(productCategories)
      .where(
        inArray(
          productCategories.productId,
          chosen.map((p) => p.id),
        ),
      )
    const pairs = (rows: typeof before) => rows.map((r) => `${r.productId}:${r.categoryId}`).sort()
    expect(pairs(restored)).toEqual(pairs(before))
    expect(await batchAudit(hide.body.id)).toMatchObject([
      { action: 'catalogue.batch_apply', after: { rows: 3, left_out: 0 } },
      { action: 'catalogue.batch_undo', after: { undone: 3, left_out: 0 } },
    ])
    // Undone once.
    expect((await post(`batches/${hide.body.id}/undo/`, {})).status).toBe(409)
  })

  it('refuses a row edited since, listing it; with skip_changed undoes the rest and leaves the newer edit', async () => {
    const chosen = await plainProducts(3, 30)
    const ids = chosen.map((p) => p.id)
    const preview = await post('products/bulk/preview/', { ids, action: 'price_percent', percent: 10 })
    await run('products/bulk/', { batch_id: preview.body.id })
    // Someone edits the second product's price after the batch.
    await t.database.db.update(products).set({ price: 777_000 }).where(eq(products.id, ids[1]!))

    const refused = await run(`batches/${preview.body.id}/undo/`, {}, 'sr')
    expect(refused).toMatchObject({ state: 'applied', can_undo: true, refusal: { action: 'undo' } })
    expect(refused.refusal.rows).toEqual([{ field: 'row_2', message: expect.stringMatching(/^2-qator .*price/) }])
    expect((await productsById(ids)).get(ids[0]!)?.price).not.toBe(chosen[0]!.price)

    const partial = await run(`batches/${preview.body.id}/undo/`, { skip_changed: true })
    expect(partial).toMatchObject({
      state: 'undone',
      refusal: null,
      left_out: { action: 'undo', rows: [{ field: 'row_2' }] },
    })
    expect((await batchAudit(preview.body.id)).at(-1)).toMatchObject({ after: { undone: 2, left_out: 1 } })
    const now = await productsById(ids)
    expect(now.get(ids[0]!)?.price).toBe(chosen[0]!.price)
    expect(now.get(ids[1]!)?.price).toBe(777_000)
    expect(now.get(ids[2]!)?.price).toBe(chosen[2]!.price)
  })

  it('is refused after 24 hours', async () => {
    const clocked = clockedAdminApi(t)
    const [p] = await plainProducts(1, 3)
    const preview = await clocked.call('admin/products/bulk/preview/', {
      token: staff.manager.token,
      body: { ids: [p!.id], action: 'hide' },
    })
    await clocked.call('admin/products/bulk/', { token: staff.manager.token, body: { batch_id: preview.body.id } })
    await batchJobsSettled()
    clocked.advance(24 * 3600 + 1)
    // A session from a day ago has ended: a fresh one, a day later.
    const token = await staffToken(t, staff.manager, clocked.now())
    const late = await clocked.call(`admin/batches/${preview.body.id}/undo/`, {
      token,
      body: {},
      lang: 'ru',
    })
    expect(late.status).toBe(409)
    expect(late.body.detail).toBe('Отменить можно в течение 24 часов после применения.')
  })

  it('lists recent batches newest first', async () => {
    const list = await t.json('admin/batches/?size=2', { token: staff.owner.token })
    expect(list.status).toBe(200)
    expect(list.body.results).toHaveLength(2)
    expect(list.body.results[0].id).toBeGreaterThan(list.body.results[1].id)
    expect(list.body.results[0].actor_name).toBe(staff.manager.name)
  })
})

describe('bad input', () => {
  it('asks for the category of a category action and the percent of a price action, in the field', async () => {
    const [p] = await plainProducts(1)
    const noCategory = await post('products/bulk/preview/', { ids: [p!.id], action: 'add_category' })
    expect(noCategory.status).toBe(400)
    expect(noCategory.body.errors).toEqual([{ field: 'category_id', message: 'Обязательное поле.' }])
    const noPercent = await post('products/bulk/preview/', { ids: [p!.id], action: 'price_percent' })
    expect(noPercent.body.errors).toEqual([{ field: 'percent', message: 'Обязательное поле.' }])
    const unknown = await post('products/bulk/preview/', { ids: [2_000_000_000], action: 'hide' })
    expect(unknown.status).toBe(400)
  })
})
