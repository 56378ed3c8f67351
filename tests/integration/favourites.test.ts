import { randomBytes } from 'node:crypto'
import { asc } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { products } from '#api/db/schema/index.ts'
import { setupTestApi } from './support/api.ts'
import { registerCustomer } from './support/customer.ts'

const t = setupTestApi({ products: 40 })

type Who = { fingerprint?: string; token?: string; lang?: string }
const newVisitor = (): Who => ({ fingerprint: `visitor_${randomBytes(8).toString('hex')}` })

const likes = (who: Who, query = '') => t.json(`products/likes/${query}`, who)
const like = (who: Who, payload: unknown) =>
  t.json('products/likes/', {
    ...who,
    method: 'POST',
    body: typeof payload === 'string' ? payload : JSON.stringify(payload),
  })
const unlike = (who: Who, id: number | string) => t.json(`products/likes/${id}/`, { ...who, method: 'DELETE' })
const ids = (page: { results: { id: number }[] }) => page.results.map((p) => p.id)

let all: number[] = []
beforeAll(async () => {
  all = (await t.database.db.select({ id: products.id }).from(products).orderBy(asc(products.id))).map((r) => r.id)
})

describe('products/likes/', () => {
  it('needs a visitor or a customer', async () => {
    for (const answer of [await likes({ lang: 'ru' }), await like({ lang: 'ru' }, { product_id: all[0] })]) {
      expect(answer.status).toBe(400)
      expect(answer.body.detail).toBe(
        'Не удалось определить посетителя: нужен заголовок Fingerprint или вход в аккаунт.',
      )
    }
    expect((await unlike({}, all[0]!)).status).toBe(400)
  })

  it('starts empty', async () => {
    const answer = await likes(newVisitor())
    expect(answer.status).toBe(200)
    expect(answer.headers.get('cache-control')).toBe('private, no-store')
    expect(answer.body).toEqual({
      results: [],
      total: 0,
      total_pages: 1,
      current_page: 1,
      links: { next: null, previous: null },
    })
  })

  it('adds idempotently and answers with the new state and count', async () => {
    const visitor = newVisitor()
    const first = await like(visitor, { product_id: all[0] })
    expect(first.status).toBe(200)
    expect(first.headers.get('cache-control')).toBe('private, no-store')
    expect(first.body).toEqual({ product_id: all[0], is_liked: true, favourites_total: 1 })
    const again = await like(visitor, { product_id: all[0] })
    expect(again.body).toEqual({ product_id: all[0], is_liked: true, favourites_total: 1 })
    expect((await like(visitor, { product_id: all[1] })).body.favourites_total).toBe(2)
    expect(ids((await likes(visitor)).body)).toEqual([all[1], all[0]])
    expect((await t.json('common/badges/', visitor)).body).toEqual({
      orders_total: 0,
      cart_total: 0,
      favourites_total: 2,
    })
  })

  it('removes idempotently', async () => {
    const visitor = newVisitor()
    await like(visitor, { product_id: all[2] })
    await like(visitor, { product_id: all[3] })
    const removed = await unlike(visitor, all[2]!)
    expect(removed.status).toBe(200)
    expect(removed.body).toEqual({ product_id: all[2], is_liked: false, favourites_total: 1 })
    expect((await unlike(visitor, all[2]!)).body).toEqual({ product_id: all[2], is_liked: false, favourites_total: 1 })
    expect(ids((await likes(visitor)).body)).toEqual([all[3]])
  })

  it('lists the same product cards as products/, marked liked, 12 a page, newest first', async () => {
    const visitor = newVisitor()
    const liked = all.slice(0, 15)
    for (const id of liked) expect((await like(visitor, { product_id: id })).status).toBe(200)
    const newestFirst = [...liked].reverse()

    const first = await likes(visitor)
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ total: 15, total_pages: 2, current_page: 1 })
    expect(ids(first.body)).toEqual(newestFirst.slice(0, 12))
    expect(first.body.links.previous).toBeNull()
    expect(new URL(first.body.links.next).searchParams.get('page')).toBe('2')
    const second = await likes(visitor, '?page=2')
    expect(ids(second.body)).toEqual(newestFirst.slice(12))
    expect(second.body.links.next).toBeNull()
    expect((await likes(visitor, '?page=2&size=5')).body).toMatchObject({ total_pages: 3, current_page: 2 })
    expect(ids((await likes(visitor, '?page=2&size=5')).body)).toEqual(newestFirst.slice(5, 10))

    const card = first.body.results[0]
    expect(card.is_liked).toBe(true)
    const catalogue = await t.json('products/?size=100')
    const same = catalogue.body.results.find((p: { id: number }) => p.id === card.id)
    const { is_liked, ...rest } = card
    expect(rest).toEqual(same)
  })

  it('answers a page past the end with 404 and bad paging with field errors', async () => {
    const visitor = newVisitor()
    await like(visitor, { product_id: all[0] })
    const past = await likes({ ...visitor, lang: 'ru' }, '?page=2')
    expect(past.status).toBe(404)
    expect(past.body.detail).toBe('Такой страницы нет: список короче.')
    for (const query of ['?page=0', '?size=0', '?size=101', '?page=x', '?sort=1']) {
      const answer = await likes(visitor, query)
      expect(answer.status).toBe(400)
      expect(answer.body.errors).toHaveLength(1)
    }
  })

  it('refuses unknown products and bad ids', async () => {
    const visitor = { ...newVisitor(), lang: 'ru' }
    const unknown = await like(visitor, { product_id: 2_000_000_000 })
    expect(unknown.status).toBe(404)
    expect(unknown.body).toEqual({ detail: 'Товар не найден.' })
    for (const payload of [{}, { product_id: 'x' }, { product_id: 0 }, { product_id: 1.5 }, { product_id: 1, x: 1 }]) {
      const answer = await like(visitor, payload)
      expect(answer.status).toBe(400)
      expect(answer.body.detail).toBe('Проверьте введённые данные.')
    }
    expect((await like(visitor, '{')).status).toBe(400)
    for (const id of ['x', '0', '-2', '99999999999']) {
      const answer = await unlike(visitor, id)
      expect(answer.status).toBe(400)
      expect(answer.body.errors[0].field).toBe('product_id')
    }
    expect((await likes(visitor)).body.total).toBe(0)
  })

  it('keeps favourites apart per visitor and per customer', async () => {
    const [one, two] = [newVisitor(), newVisitor()]
    await like(one, { product_id: all[4] })
    await like(two, { product_id: all[5] })
    await unlike(two, all[4]!)
    expect(ids((await likes(one)).body)).toEqual([all[4]])
    expect(ids((await likes(two)).body)).toEqual([all[5]])

    const customer = await registerCustomer(t)
    const signedIn = { token: customer.access, fingerprint: one.fingerprint }
    expect((await likes(signedIn)).body.total).toBe(0)
    await like(signedIn, { product_id: all[6] })
    expect(ids((await likes({ token: customer.access })).body)).toEqual([all[6]])
    expect(ids((await likes(one)).body)).toEqual([all[4]])
  })

  it('takes concurrent likes of one product once', async () => {
    const visitor = newVisitor()
    const answers = await Promise.all(Array.from({ length: 10 }, () => like(visitor, { product_id: all[7] })))
    expect(answers.every((a) => a.status === 200)).toBe(true)
    expect((await likes(visitor)).body.total).toBe(1)
  })

  it('marks liked products in the basket', async () => {
    const visitor = newVisitor()
    await t.database.db.update(products).set({ stock: 5 })
    await like(visitor, { product_id: all[8] })
    for (const id of [all[8], all[9]])
      await t.json('orders/cart/products/', { ...visitor, method: 'POST', body: JSON.stringify({ product_id: id }) })
    const cart = (await t.json('orders/cart/products/', visitor)).body
    const liked = Object.fromEntries(
      cart.products.map((l: { product: { id: number; is_liked: boolean } }) => [l.product.id, l.product.is_liked]),
    )
    expect(liked).toEqual({ [all[8]!]: true, [all[9]!]: false })
  })

  it('is documented in the OpenAPI document', async () => {
    const paths = (await t.json('openapi.json')).body.paths as Record<string, Record<string, unknown>>
    const methods = (path: string) => Object.keys(paths[path] ?? paths[`/api/v1${path}`] ?? {}).sort()
    expect(methods('/products/likes/')).toEqual(['get', 'post'])
    expect(methods('/products/likes/{product_id}/')).toEqual(['delete'])
  })
})
