import { randomUUID } from 'node:crypto'
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { asc, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { parseConfig } from '#api/config.ts'
import { products, reviews } from '#api/db/schema/index.ts'
import { changeOrderStatus } from '#api/orders/service.ts'
import { IMAGE_MAX_BYTES, UPLOAD_BODY_MAX_BYTES } from '#contract/upload-limits.ts'
import { setupTestApi } from './support/api.ts'
import { type Customer, deleteAccount, registerCustomer } from './support/customer.ts'
import { endlessUpload, UPLOAD_CHUNK } from './support/endless-upload.ts'

const t = setupTestApi({ products: 40 })
const config = parseConfig({ SESSION_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/atir-unused' })

type Product = { id: number; slug: string }
let all: Product[] = []
let taken = 0
beforeAll(async () => {
  all = await t.database.db.select({ id: products.id, slug: products.slug }).from(products).orderBy(asc(products.id))
})
/** A product of this test alone, in stock, with no reviews yet (the seeded ones removed). */
async function product(): Promise<Product> {
  const p = all[taken++]!
  await t.database.db.delete(reviews).where(eq(reviews.productId, p.id))
  await t.database.db
    .update(products)
    .set({ stock: 50, price: 100_000, salePrice: null, ratingSum: 0, reviewCount: 0 })
    .where(eq(products.id, p.id))
  return p
}

const staff = (orderId: number, to: number) =>
  changeOrderStatus(t.database.db, orderId, to, { lang: 'ru', config, now: new Date() })

/** Places a cash order of `p` for `c` and moves it to `status` (6 delivered, 2 cancelled, 3 accepted). */
async function buy(c: Customer, p: Product, status: 2 | 3 | 5 | 6 = 6) {
  const add = await t.json('orders/cart/products/', {
    method: 'POST',
    token: c.access,
    body: JSON.stringify({ product_id: p.id, quantity: 1 }),
  })
  expect(add.status).toBe(200)
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
  const id = order.body.id as number
  if (status === 2) await staff(id, 2)
  if (status >= 5) for (const to of [4, 5]) await staff(id, to)
  if (status === 6) await staff(id, 6)
  return id
}

const png = (width = 600, height = 400) =>
  sharp({ create: { width, height, channels: 3, background: '#f62559' } })
    .png()
    .toBuffer()
const jpeg = (width = 500, height = 800) =>
  sharp({ create: { width, height, channels: 3, background: '#2255aa' } })
    .jpeg()
    .toBuffer()
const blob = (bytes: Uint8Array | string, type = 'image/png') => new Blob([bytes as BlobPart], { type })

function postForm(
  c: Customer | null,
  slug: string,
  fields: Record<string, string>,
  photos: Array<[Blob, string]> = [],
  options: { lang?: string; method?: string } = {},
) {
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) form.append(k, v)
  for (const [file, name] of photos) form.append('photos', file, name)
  const path = options.method === 'PUT' ? `products/${slug}/reviews/mine/` : `products/${slug}/reviews/`
  return t.json(path, { method: options.method ?? 'POST', token: c?.access, body: form, lang: options.lang })
}
const postJson = (c: Customer | null, slug: string, body: unknown, lang?: string) =>
  t.json(`products/${slug}/reviews/`, { method: 'POST', token: c?.access, body: JSON.stringify(body), lang })

const reviewFiles = () => {
  const dir = join(t.dataDir, 'uploads', 'reviews')
  if (!existsSync(dir)) return []
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
}
const rowsOf = (p: Product) => t.database.db.select().from(reviews).where(eq(reviews.productId, p.id))
const ratingOf = async (p: Product) =>
  (
    await t.database.db
      .select({ sum: products.ratingSum, count: products.reviewCount })
      .from(products)
      .where(eq(products.id, p.id))
  )[0]!

describe('POST products/{slug}/reviews/', () => {
  it('needs a signed-in customer and an existing product', async () => {
    const p = await product()
    expect((await postJson(null, p.slug, { rating: 5 })).status).toBe(401)
    const c = await registerCustomer(t)
    const missing = await postJson(c, 'no-such-product-anywhere', { rating: 5 })
    expect(missing.status).toBe(404)
    for (const slug of ['a%00b', '%E2%80%AEevil', '..%2F..%2Fetc']) {
      expect((await t.json(`products/${slug}/reviews/`)).status, slug).toBe(404)
      expect((await postJson(c, slug, { rating: 5 })).status, slug).toBe(404)
    }
  })

  it('refuses a customer who never bought the product, in their language', async () => {
    const p = await product()
    const c = await registerCustomer(t)
    const ru = await postJson(c, p.slug, { rating: 5 })
    expect(ru.status).toBe(403)
    expect(ru.body.detail).toBe('Отзыв могут оставить только покупатели, получившие этот товар.')
    const sr = await postJson(c, p.slug, { rating: 5 }, 'sr')
    expect(sr.body.detail).toBe('Fikrni faqat bu mahsulotni olgan xaridorlar qoldira oladi.')
    const uz = await postJson(c, p.slug, { rating: 5 }, 'uz')
    expect(uz.body.detail).toBe('Фикрни фақат бу маҳсулотни олган харидорлар қолдира олади.')
    expect(await rowsOf(p)).toHaveLength(0)
  })

  it('refuses the buyer of an order not delivered yet, and of a cancelled one', async () => {
    const p = await product()
    const waiting = await registerCustomer(t)
    await buy(waiting, p, 5)
    const r = await postJson(waiting, p.slug, { rating: 4 })
    expect(r.status).toBe(403)
    expect(r.body.detail).toBe('Отзыв можно оставить, когда заказ с этим товаром будет доставлен.')
    const cancelled = await registerCustomer(t)
    await buy(cancelled, p, 2)
    const x = await postJson(cancelled, p.slug, { rating: 4 })
    expect(x.status).toBe(403)
    expect(x.body.detail).toBe('Отзыв могут оставить только покупатели, получившие этот товар.')
    // A delivered order of another product does not count either.
    const other = await product()
    await buy(cancelled, other, 6)
    expect((await postJson(cancelled, p.slug, { rating: 4 })).status).toBe(403)
    expect(await ratingOf(p)).toEqual({ sum: 0, count: 0 })
  })

  it('lets the buyer of a delivered order review once; posting again edits it, counts unchanged', async () => {
    const p = await product()
    const c = await registerCustomer(t)
    await buy(c, p)
    const first = await postJson(c, p.slug, { rating: 4, comment: '  Stoyky, priyatny  ' })
    expect(first.status).toBe(201)
    expect(first.body).toMatchObject({
      message: 'Комментарий добавлен.',
      review: { rating: 4, comment: 'Stoyky, priyatny', photos: [], author: 'Dilnoza' },
      average: 4,
      count: 1,
    })
    expect(await ratingOf(p)).toEqual({ sum: 4, count: 1 })
    const second = await postJson(c, p.slug, { rating: 2, comment: 'Changed my mind' })
    expect(second.status).toBe(200)
    expect(second.body).toMatchObject({ review: { id: first.body.review.id, rating: 2 }, average: 2, count: 1 })
    expect(await rowsOf(p)).toHaveLength(1)
    expect(await ratingOf(p)).toEqual({ sum: 2, count: 1 })
    // PUT mine/ is the same edit.
    const put = await postForm(c, p.slug, { rating: '5', comment: '' }, [], { method: 'PUT' })
    expect(put.status).toBe(200)
    expect(put.body.review).toMatchObject({ rating: 5, comment: null })
    expect(await ratingOf(p)).toEqual({ sum: 5, count: 1 })
    // The product detail shows the new rating at once (its cache is dropped).
    const detail = await t.json(`products/${p.slug}/`)
    expect(detail.body).toMatchObject({ rating: 5, review_count: 1 })
  })

  it('checks rating bounds and types and the comment length, localised', async () => {
    const p = await product()
    const c = await registerCustomer(t)
    await buy(c, p)
    const cases: Array<[unknown, string]> = [
      [{}, 'Обязательное поле.'],
      [{ rating: 0 }, 'Не меньше 1.'],
      [{ rating: 6 }, 'Не больше 5.'],
      [{ rating: 4.5 }, ''],
      [{ rating: '5' }, 'Неверный тип значения.'],
      [{ rating: true }, 'Неверный тип значения.'],
      [{ rating: 5, comment: 'x'.repeat(1001) }, ''],
    ]
    for (const [body, text] of cases) {
      const r = await postJson(c, p.slug, body)
      expect(r.status, JSON.stringify(body)).toBe(400)
      const field = 'comment' in (body as object) ? 'comment' : 'rating'
      expect(r.body.errors[0].field).toBe(field)
      if (text) expect(r.body.errors[0].message).toBe(text)
    }
    const word = await postForm(c, p.slug, { rating: 'five' }, [], { lang: 'sr' })
    expect(word.status).toBe(400)
    expect(word.body.errors[0].field).toBe('rating')
    const missing = await postForm(c, p.slug, { comment: 'no rating' }, [], { lang: 'sr' })
    expect(missing.body.errors[0]).toEqual({ field: 'rating', message: 'Toʻldirish shart.' })
    expect((await postJson(c, p.slug, { rating: 5, comment: 'x'.repeat(1000) })).status).toBe(201)
    expect(await ratingOf(p)).toEqual({ sum: 5, count: 1 })
  })

  it('keeps up to 4 photos in sizes; sending no photos keeps them, new ones replace them', async () => {
    const p = await product()
    const c = await registerCustomer(t)
    await buy(c, p)
    const photos: Array<[Blob, string]> = [
      [blob(await png(2400, 1200)), 'a.png'],
      [blob(await jpeg(), 'image/jpeg'), 'b.jpg'],
      [blob(await png(300, 300)), 'c.png'],
      [blob(await jpeg(400, 400), 'application/octet-stream'), 'd.bin'],
    ]
    const r = await postForm(c, p.slug, { rating: '5', comment: 'Со фото' }, photos)
    expect(r.status).toBe(201)
    expect(r.body.review.photos).toHaveLength(4)
    const first = r.body.review.photos[0]
    expect(Object.keys(first).sort()).toEqual(['extra_small', 'large', 'medium', 'small'])
    expect(first.small).toMatch(/^\/api\/v1\/media\/small\/[\w-]{12}\/reviews\/\d+\/\w+\.png$/)
    expect(r.body.review.photos[1].large).toMatch(/\.jpg$/)
    const [row] = await rowsOf(p)
    const kept = await sharp(join(t.dataDir, 'uploads', row!.photos[0]!)).metadata()
    expect([kept.format, kept.width, kept.height]).toEqual(['png', 1600, 800])
    expect(reviewFiles().filter((f) => f.includes(`/reviews/${p.id}/`))).toHaveLength(4)
    // The URLs serve the picture.
    const served = await t.request(first.small.replace('/api/v1/', ''))
    expect(served.status).toBe(200)

    const keep = await postForm(c, p.slug, { rating: '4' })
    expect(keep.body.review.photos).toHaveLength(4)
    const replace = await postForm(c, p.slug, { rating: '4' }, [[blob(await png(200, 200)), 'e.png']])
    expect(replace.body.review.photos).toHaveLength(1)
    expect(reviewFiles().filter((f) => f.includes(`/reviews/${p.id}/`))).toHaveLength(1)
    const clear = await postForm(c, p.slug, { rating: '4', clear_photos: 'true' })
    expect(clear.body.review.photos).toHaveLength(0)
    expect(reviewFiles().filter((f) => f.includes(`/reviews/${p.id}/`))).toHaveLength(0)
  })

  it('refuses 5 photos, a text file named .png and an oversized photo; nothing half-saved', async () => {
    const p = await product()
    const c = await registerCustomer(t)
    await buy(c, p)
    const before = reviewFiles().length
    const good = blob(await png(200, 200))
    const five = await postForm(
      c,
      p.slug,
      { rating: '5' },
      Array.from({ length: 5 }, () => [good, 'x.png']),
    )
    expect(five.status).toBe(400)
    expect(five.body.errors[0]).toEqual({ field: 'photos', message: 'Можно загрузить не больше 4 фото.' })
    const fiveSr = await postForm(
      c,
      p.slug,
      { rating: '5' },
      Array.from({ length: 5 }, () => [good, 'x.png']),
      {
        lang: 'sr',
      },
    )
    expect(fiveSr.body.detail).toBe('Koʻpi bilan 4 ta surat yuklash mumkin.')

    // Three good photos and a text file named .png: none is kept.
    const spoofed = await postForm(c, p.slug, { rating: '5' }, [
      [good, 'a.png'],
      [good, 'b.png'],
      [good, 'c.png'],
      [blob('just some text, honestly'), 'd.png'],
    ])
    expect(spoofed.status).toBe(400)
    expect(spoofed.body.errors[0]).toEqual({
      field: 'photos',
      message: 'Загрузите изображение в правильном формате: JPG или PNG.',
    })
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer()
    expect((await postForm(c, p.slug, { rating: '5' }, [[blob(gif, 'image/png'), 'g.png']])).status).toBe(400)

    const huge = new Uint8Array(IMAGE_MAX_BYTES + 1)
    huge.set(await png(), 0)
    const big = await postForm(c, p.slug, { rating: '5' }, [
      [good, 'a.png'],
      [blob(huge), 'big.png'],
    ])
    expect(big.status).toBe(413)
    expect(big.body.errors[0].field).toBe('photos')

    expect(reviewFiles()).toHaveLength(before)
    expect(await rowsOf(p)).toHaveLength(0)
    expect(await ratingOf(p)).toEqual({ sum: 0, count: 0 })

    // An edit that fails keeps the review as it was.
    expect((await postForm(c, p.slug, { rating: '3' }, [[good, 'a.png']])).status).toBe(201)
    const failed = await postForm(c, p.slug, { rating: '1' }, [[blob('nope'), 'x.jpg']])
    expect(failed.status).toBe(400)
    const [row] = await rowsOf(p)
    expect(row).toMatchObject({ rating: 3 })
    expect(row!.photos).toHaveLength(1)
    expect(reviewFiles()).toHaveLength(before + 1)
    expect(await ratingOf(p)).toEqual({ sum: 3, count: 1 })
  })

  it('cuts a chunked upload (no length) at the review limit as it is read, the rest cancelled', async () => {
    const c = await registerCustomer(t)
    const p = await product()
    await buy(c, p)
    const { init, taken } = endlessUpload('photos')
    const answer = await t.json(`products/${p.slug}/reviews/`, { ...init, token: c.access, lang: 'ru' })
    expect(answer.status).toBe(413)
    expect(answer.body.errors).toEqual([{ field: 'photos', message: expect.stringMatching(/ МБ/) }])
    expect(taken.bytes).toBeLessThanOrEqual(UPLOAD_BODY_MAX_BYTES + 3 * UPLOAD_CHUNK)
    expect(taken.cancelled).toBe(true)
    expect(await rowsOf(p)).toHaveLength(0)
  })
})

describe('GET products/{slug}/reviews/', () => {
  it('lists reviews newest first with first names, photos, average and count, paged; public', async () => {
    const p = await product()
    const a = await registerCustomer(t)
    const b = await registerCustomer(t)
    await buy(a, p)
    await buy(b, p)
    await postJson(a, p.slug, { rating: 5, comment: 'Ajoyib' })
    await postForm(b, p.slug, { rating: '2', comment: 'Not for me' }, [[blob(await png(100, 100)), 'p.png']])
    const r = await t.json(`products/${p.slug}/reviews/?size=1`)
    expect(r.status).toBe(200)
    expect(r.body).toMatchObject({ total: 2, total_pages: 2, current_page: 1, average: 3.5, count: 2 })
    expect(r.body.results).toHaveLength(1)
    const latest = r.body.results[0]
    expect(latest).toMatchObject({ rating: 2, comment: 'Not for me', author: 'Dilnoza' })
    expect(latest.photos).toHaveLength(1)
    expect(Number.isNaN(Date.parse(latest.created_at))).toBe(false)
    expect(JSON.stringify(r.body)).not.toMatch(/Karimova|\+998/)
    const next = await t.json(`products/${p.slug}/reviews/?size=1&page=2`)
    expect(next.body.results[0]).toMatchObject({ rating: 5, comment: 'Ajoyib' })
    expect((await t.json('products/no-such-product-anywhere/reviews/')).status).toBe(404)
    const empty = await product()
    const none = await t.json(`products/${empty.slug}/reviews/`)
    expect(none.body).toMatchObject({ results: [], total: 0, average: null, count: 0 })
  })

  it('is kept for every visitor, and shows a new review and an author who renamed themselves on the next read', async () => {
    const p = await product()
    const a = await registerCustomer(t)
    const b = await registerCustomer(t)
    await buy(a, p)
    await buy(b, p)
    await postJson(a, p.slug, { rating: 4, comment: 'Yaxshi' })
    await t.request(`products/${p.slug}/reviews/`)
    const kept = await t.request(`products/${p.slug}/reviews/`)
    expect(kept.headers.get('x-cache')).toBe('hit')
    expect(kept.headers.get('cache-control')).toMatch(/^public/)
    await postJson(b, p.slug, { rating: 2, comment: 'Not for me' })
    expect((await t.json(`products/${p.slug}/reviews/`)).body).toMatchObject({ total: 2, count: 2, average: 3 })
    const renamed = await t.json('account/', {
      method: 'PATCH',
      token: a.access,
      body: JSON.stringify({ full_name: 'Malika Yusupova' }),
    })
    expect(renamed.status).toBe(200)
    const after = await t.json(`products/${p.slug}/reviews/`)
    expect(after.body.results.find((r: { comment: string }) => r.comment === 'Yaxshi')).toMatchObject({
      author: 'Malika',
    })
  })
})

describe('products/{slug}/reviews/mine/', () => {
  it('says whether the customer may review and why not; gives their review', async () => {
    const p = await product()
    const c = await registerCustomer(t)
    expect((await t.json(`products/${p.slug}/reviews/mine/`)).status).toBe(401)
    const no = await t.json(`products/${p.slug}/reviews/mine/`, { token: c.access, lang: 'sr' })
    expect(no.body).toEqual({
      can_review: false,
      reason: 'Fikrni faqat bu mahsulotni olgan xaridorlar qoldira oladi.',
      reason_code: 'not_bought',
      review: null,
    })
    const order = await buy(c, p, 3)
    const waiting = await t.json(`products/${p.slug}/reviews/mine/`, { token: c.access })
    expect(waiting.body).toMatchObject({ can_review: false, reason_code: 'not_delivered' })
    for (const to of [4, 5, 6]) await staff(order, to)
    const yes = await t.json(`products/${p.slug}/reviews/mine/`, { token: c.access })
    expect(yes.body).toEqual({ can_review: true, reason: null, reason_code: null, review: null })
    await postJson(c, p.slug, { rating: 4 })
    const mine = await t.json(`products/${p.slug}/reviews/mine/`, { token: c.access })
    expect(mine.body.review).toMatchObject({ rating: 4, author: 'Dilnoza' })
  })

  it("another customer cannot edit or delete someone's review", async () => {
    const p = await product()
    const owner = await registerCustomer(t)
    await buy(owner, p)
    await postJson(owner, p.slug, { rating: 5, comment: 'Mine' })
    const stranger = await registerCustomer(t)
    expect((await postJson(stranger, p.slug, { rating: 1 })).status).toBe(403)
    const put = await postForm(stranger, p.slug, { rating: '1' }, [], { method: 'PUT' })
    expect(put.status).toBe(403)
    const del = await t.json(`products/${p.slug}/reviews/mine/`, { method: 'DELETE', token: stranger.access })
    expect(del.status).toBe(404)
    expect(del.body.detail).toBe('Отзыв не найден.')
    // A stranger who also bought it edits their own review only.
    await buy(stranger, p)
    expect((await postJson(stranger, p.slug, { rating: 1 })).status).toBe(201)
    const rows = await rowsOf(p)
    expect(rows.map((r) => r.rating).sort()).toEqual([1, 5])
    expect(await ratingOf(p)).toEqual({ sum: 6, count: 2 })
  })

  it('DELETE removes the review, its photos and its share of the rating', async () => {
    const p = await product()
    const c = await registerCustomer(t)
    await buy(c, p)
    expect((await t.json(`products/${p.slug}/reviews/mine/`, { method: 'DELETE' })).status).toBe(401)
    await postForm(c, p.slug, { rating: '3' }, [[blob(await png(100, 100)), 'p.png']])
    expect(reviewFiles().filter((f) => f.includes(`/reviews/${p.id}/`))).toHaveLength(1)
    const del = await t.json(`products/${p.slug}/reviews/mine/`, { method: 'DELETE', token: c.access, lang: 'uz' })
    expect(del.status).toBe(200)
    expect(del.body).toEqual({ message: 'Фикр ўчирилди.', average: null, count: 0 })
    expect(await rowsOf(p)).toHaveLength(0)
    expect(await ratingOf(p)).toEqual({ sum: 0, count: 0 })
    expect(reviewFiles().filter((f) => f.includes(`/reviews/${p.id}/`))).toHaveLength(0)
    // And they may write one again.
    expect((await postJson(c, p.slug, { rating: 5 })).status).toBe(201)
  })

  it('deleting the account removes its reviews, their photos and cached copies, and recounts the ratings', async () => {
    const [p, q] = [await product(), await product()]
    const leaving = await registerCustomer(t)
    const staying = await registerCustomer(t)
    for (const c of [leaving, staying]) await buy(c, p)
    await buy(leaving, q)
    const mine = await postForm(leaving, p.slug, { rating: '1', comment: 'Мой отзыв' }, [
      [blob(await png(300, 200)), 'me.png'],
    ])
    expect(mine.status).toBe(201)
    expect((await postJson(leaving, q.slug, { rating: 2 })).status).toBe(201)
    const theirs = await postForm(staying, p.slug, { rating: '5' }, [[blob(await jpeg(200, 300)), 'them.jpg']])
    expect(theirs.status).toBe(201)
    expect(await ratingOf(p)).toEqual({ sum: 6, count: 2 })
    // A resized copy is made (and kept in the cache) when the photo is first shown.
    expect((await t.request(mine.body.review.photos[0].small.replace('/api/v1/', ''))).status).toBe(200)
    const cached = () =>
      readdirSync(join(t.dataDir, 'cache', 'media'), { recursive: true, withFileTypes: true }).filter((e) => e.isFile())
    const cachedBefore = cached().length
    expect(cachedBefore).toBeGreaterThan(0)
    const [ownPhoto] = (await rowsOf(p)).find((r) => r.rating === 1)!.photos
    const [otherPhoto] = (await rowsOf(p)).find((r) => r.rating === 5)!.photos
    // Their rating shows in the cached product detail before.
    expect((await t.json(`products/${p.slug}/`)).body).toMatchObject({ rating: 3, review_count: 2 })

    const deleted = await deleteAccount(t, leaving)
    expect(deleted.status).toBe(200)
    expect((await rowsOf(p)).map((r) => r.rating)).toEqual([5])
    expect(await rowsOf(q)).toEqual([])
    expect(await ratingOf(p)).toEqual({ sum: 5, count: 1 })
    expect(await ratingOf(q)).toEqual({ sum: 0, count: 0 })
    expect(existsSync(join(t.dataDir, 'uploads', ownPhoto!))).toBe(false)
    expect(existsSync(join(t.dataDir, 'uploads', otherPhoto!))).toBe(true)
    expect(cached().length).toBe(cachedBefore - 1)
    expect((await t.request(mine.body.review.photos[0].small.replace('/api/v1/', ''))).status).toBe(404)
    // Lists, summaries and the product detail agree at once.
    const list = await t.json(`products/${p.slug}/reviews/`)
    expect(list.body).toMatchObject({ count: 1, average: 5, total: 1 })
    expect(list.body.results.map((r: { comment: string | null }) => r.comment)).not.toContain('Мой отзыв')
    expect((await t.json(`products/${p.slug}/`)).body).toMatchObject({ rating: 5, review_count: 1 })
    expect((await t.json(`products/${q.slug}/`)).body).toMatchObject({ rating: null, review_count: 0 })
  })

  it('the endpoints are in the OpenAPI document', async () => {
    const doc = await t.json('openapi.json')
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining(['/api/v1/products/{slug}/reviews/', '/api/v1/products/{slug}/reviews/mine/']),
    )
    expect(Object.keys(doc.body.paths['/api/v1/products/{slug}/reviews/mine/']).sort()).toEqual([
      'delete',
      'get',
      'put',
    ])
  })
})
