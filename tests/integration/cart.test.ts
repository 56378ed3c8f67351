import { randomBytes } from 'node:crypto'
import { asc, count, eq, min, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { cartItems, favourites, products, storyReads } from '#api/db/schema/index.ts'
import type { CartLine } from '#api/types.ts'
import type { Json } from '#tests/support/json.ts'
import { setupTestApi } from './support/api.ts'
import { deleteAccount, loginCustomer, registerCustomer } from './support/customer.ts'

const t = setupTestApi({ products: 110 })

type Who = { fingerprint?: string; token?: string; lang?: string }

const newVisitor = (): Who => ({ fingerprint: `visitor_${randomBytes(8).toString('hex')}` })
const body = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value))

const cart = (who: Who) => t.json('orders/cart/products/', who)
const add = (who: Who, payload: unknown) =>
  t.json('orders/cart/products/', { ...who, method: 'POST', body: body(payload) })
const setQuantity = (who: Who, id: number | string, payload: unknown) =>
  t.json(`orders/cart/products/${id}/`, { ...who, method: 'PUT', body: body(payload) })
const remove = (who: Who, id: number | string) => t.json(`orders/cart/products/${id}/`, { ...who, method: 'DELETE' })
const clear = (who: Who) => t.json('orders/cart/products/', { ...who, method: 'DELETE' })
const acceptPrices = (who: Who) => t.json('orders/cart/accept-prices/', { ...who, method: 'POST' })
const likeProduct = (who: Who, id: number) =>
  t.json('products/likes/', { ...who, method: 'POST', body: body({ product_id: id }) })
const badges = (who: Who) => t.json('common/badges/', who)

const lineOf = (cartBody: { products: CartLine[] }, id: number) => cartBody.products.find((l) => l.product.id === id)
const quantities = (cartBody: { products: CartLine[] }) =>
  Object.fromEntries(cartBody.products.map((l) => [l.product.id, l.quantity]))

// Each test takes products of its own and sets their stock and prices, so tests do not lean on the seed.
let ids: number[] = []
let taken = 0
beforeAll(async () => {
  ids = (await t.database.db.select({ id: products.id }).from(products).orderBy(asc(products.id))).map((r) => r.id)
})
async function product(state: { stock?: number; price?: number; salePrice?: number | null } = {}) {
  const id = ids[taken++ % ids.length]!
  await setProduct(id, { stock: 10, price: 100_000, salePrice: null, ...state })
  return id
}
async function setProduct(id: number, changes: { stock?: number; price?: number; salePrice?: number | null }) {
  await t.database.db.update(products).set(changes).where(eq(products.id, id))
}

describe('GET orders/cart/products/', () => {
  it('needs a visitor or a customer, in the client language', async () => {
    for (const [lang, detail] of [
      ['ru', 'Не удалось определить посетителя: нужен заголовок Fingerprint или вход в аккаунт.'],
      ['uz', 'Ташриф буюрувчини аниқлаб бўлмади: Fingerprint сарлавҳаси ёки аккаунтга кириш керак.'],
      ['sr', 'Tashrif buyuruvchini aniqlab boʻlmadi: Fingerprint sarlavhasi yoki akkauntga kirish kerak.'],
    ]) {
      const answer = await cart({ lang })
      expect(answer.status).toBe(400)
      expect(answer.body).toEqual({ detail })
    }
    expect((await add({}, { product_id: ids[0] })).status).toBe(400)
    expect((await clear({})).status).toBe(400)
    expect((await cart({ fingerprint: 'short' })).status).toBe(400)
  })

  it('is empty for a new visitor, and private', async () => {
    const answer = await cart(newVisitor())
    expect(answer.status).toBe(200)
    expect(answer.headers.get('cache-control')).toBe('private, no-store')
    expect(answer.body).toEqual({
      products: [],
      total_items: 0,
      total_price: 0,
      discount: 0,
      total: 0,
      price_changed: false,
      ready_for_checkout: false,
    })
  })
})

describe('adding and changing lines', () => {
  it('adds a product with its card, current price and totals; adding again adds to the quantity', async () => {
    const id = await product({ stock: 10, price: 200_000, salePrice: 150_000 })
    const visitor = newVisitor()
    const first = await add(visitor, { product_id: id })
    expect(first.status).toBe(200)
    expect(first.body.products).toHaveLength(1)
    const line = first.body.products[0] as CartLine
    expect(line.product).toMatchObject({
      id,
      price: 200_000,
      sale_price: 150_000,
      stock: 10,
      in_stock: true,
      is_liked: false,
    })
    for (const key of ['slug', 'title', 'images', 'volume', 'unit', 'brand', 'discount_percent'])
      expect(line.product).toHaveProperty(key)
    expect(line.product.images[0]).toHaveProperty('extra_small')
    expect(line).toMatchObject({
      quantity: 1,
      price: 150_000,
      line_total: 150_000,
      regular_total: 200_000,
      price_changed: false,
      previous_price: null,
      available_quantity: 10,
      unavailable: false,
      exceeds_stock: false,
    })

    const again = await add(visitor, { product_id: id, quantity: 2 })
    expect(again.status).toBe(200)
    expect(again.body).toMatchObject({
      total_items: 3,
      total_price: 600_000,
      discount: 150_000,
      total: 450_000,
      price_changed: false,
      ready_for_checkout: true,
    })
    expect(lineOf(again.body, id)).toMatchObject({ quantity: 3, line_total: 450_000 })
    expect((await cart(visitor)).body).toEqual(again.body)
    expect((await badges(visitor)).body).toEqual({ orders_total: 0, cart_total: 3, favourites_total: 0 })
  })

  it('adds with if_absent only when the basket does not hold the product: a button pressed twice adds once', async () => {
    const id = await product({ stock: 10 })
    const visitor = newVisitor()
    expect((await add(visitor, { product_id: id, if_absent: true })).status).toBe(200)
    const again = await add(visitor, { product_id: id, if_absent: true })
    expect(again.status).toBe(200)
    expect(lineOf(again.body, id)?.quantity).toBe(1)
    await setQuantity(visitor, id, { quantity: 4 })
    // A line of 4 stays 4, also when 4 more would pass the stock.
    expect(lineOf((await add(visitor, { product_id: id, quantity: 9, if_absent: true })).body, id)?.quantity).toBe(4)
    expect(lineOf((await add(visitor, { product_id: id })).body, id)?.quantity).toBe(5)
  })

  it('sums several lines, newest first, with and without a sale price', async () => {
    const visitor = newVisitor()
    const plain = await product({ price: 100_000 })
    const onSale = await product({ price: 300_000, salePrice: 240_000 })
    await add(visitor, { product_id: plain, quantity: 2 })
    const answer = await add(visitor, { product_id: onSale, quantity: 1 })
    expect(answer.body.products.map((l: CartLine) => l.product.id)).toEqual([onSale, plain])
    expect(answer.body).toMatchObject({ total_items: 3, total_price: 500_000, discount: 60_000, total: 440_000 })
  })

  it('sets a quantity, creates a missing line with PUT, removes lines and clears the basket', async () => {
    const visitor = newVisitor()
    const [a, b, c] = [await product(), await product(), await product()]
    await add(visitor, { product_id: a })
    const set = await setQuantity(visitor, a, { quantity: 4 })
    expect(set.status).toBe(200)
    expect(lineOf(set.body, a)?.quantity).toBe(4)
    const lowered = await setQuantity(visitor, a, { quantity: 2 })
    expect(lineOf(lowered.body, a)?.quantity).toBe(2)
    const created = await setQuantity(visitor, b, { quantity: 3 })
    expect(quantities(created.body)).toEqual({ [a]: 2, [b]: 3 })
    await add(visitor, { product_id: c })

    const removed = await remove(visitor, b)
    expect(removed.status).toBe(200)
    expect(quantities(removed.body)).toEqual({ [a]: 2, [c]: 1 })
    // Removing it again (a double submit) is fine.
    const again = await remove(visitor, b)
    expect(again.status).toBe(200)
    expect(quantities(again.body)).toEqual({ [a]: 2, [c]: 1 })

    const cleared = await clear(visitor)
    expect(cleared.status).toBe(200)
    expect(cleared.body).toMatchObject({ products: [], total_items: 0, total: 0 })
    expect((await badges(visitor)).body.cart_total).toBe(0)
  })

  it('keeps baskets apart: visitors, and a customer from the visitor of the same browser', async () => {
    const [one, two] = [newVisitor(), newVisitor()]
    const [a, b] = [await product(), await product()]
    await add(one, { product_id: a, quantity: 2 })
    await add(two, { product_id: b })
    expect(quantities((await cart(one)).body)).toEqual({ [a]: 2 })
    expect(quantities((await cart(two)).body)).toEqual({ [b]: 1 })
    await remove(two, a)
    await clear(two)
    expect(quantities((await cart(one)).body)).toEqual({ [a]: 2 })

    const customer = await registerCustomer(t)
    // Signed in, the browser still sends its Fingerprint: the token decides.
    const signedIn = { token: customer.access, fingerprint: one.fingerprint }
    expect((await cart(signedIn)).body.products).toEqual([])
    await add(signedIn, { product_id: b })
    expect(quantities((await cart({ token: customer.access })).body)).toEqual({ [b]: 1 })
    expect(quantities((await cart(one)).body)).toEqual({ [a]: 2 })
  })
})

describe('a change asked with Prefer: return=minimal', () => {
  const quietly = (who: Who, path: string, method: string, payload?: unknown, prefer = 'return=minimal') =>
    t.request(path, {
      ...who,
      method,
      headers: { Prefer: prefer },
      ...(payload === undefined ? {} : { body: body(payload) }),
    })

  it('is made and answered with 204 and no body, for each kind of change', async () => {
    const who = newVisitor()
    const [a, b] = [await product(), await product({ price: 50_000 })]
    const answers = [
      await quietly(who, 'orders/cart/products/', 'POST', { product_id: a }),
      await quietly(who, 'orders/cart/products/', 'POST', { product_id: b }, 'respond-async, return=minimal'),
      await quietly(who, `orders/cart/products/${a}/`, 'PUT', { quantity: 3 }, ' return = minimal ; x=1'),
    ]
    expect(quantities((await cart(who)).body)).toEqual({ [a]: 3, [b]: 1 })
    await setProduct(b, { price: 60_000 })
    answers.push(await quietly(who, 'orders/cart/accept-prices/', 'POST'))
    expect(lineOf((await cart(who)).body, b)?.price_changed).toBe(false)
    answers.push(await quietly(who, `orders/cart/products/${b}/`, 'DELETE'))
    expect(quantities((await cart(who)).body)).toEqual({ [a]: 3 })
    answers.push(await quietly(who, 'orders/cart/products/', 'DELETE'))
    expect((await cart(who)).body.products).toEqual([])
    for (const answer of answers) {
      expect(answer.status).toBe(204)
      expect(answer.headers.get('preference-applied')).toBe('return=minimal')
      expect(answer.headers.get('cache-control')).toBe('private, no-store')
      expect(await answer.text()).toBe('')
    }
  })

  it('gets the basket as before when the preference is another, and its refusals as before', async () => {
    const who = newVisitor()
    const a = await product({ stock: 1 })
    const full = await quietly(who, 'orders/cart/products/', 'POST', { product_id: a }, 'return=representation')
    expect(full.status).toBe(200)
    expect(quantities(await full.json())).toEqual({ [a]: 1 })
    const refused = await quietly(who, 'orders/cart/products/', 'POST', { product_id: a })
    expect(refused.status).toBe(409)
    expect(await refused.json()).toMatchObject({ available_quantity: 1, in_cart: 1 })
  })
})

describe('bad input', () => {
  const expectFieldError = (answer: { status: number; body: Json }, field: string, message: string) => {
    expect(answer.status).toBe(400)
    expect(answer.body.detail).toBe('Проверьте введённые данные.')
    expect(answer.body.errors).toEqual([{ field, message }])
  }

  it.each([
    ['no product_id', { product_id: undefined }, 'product_id', 'Обязательное поле.'],
    ['a text product_id', { product_id: 'abc' }, 'product_id', 'Неверный тип значения.'],
    ['a fractional product_id', { product_id: 1.5 }, 'product_id', 'Неверный тип значения.'],
    ['product_id 0', { product_id: 0 }, 'product_id', 'Не меньше 1.'],
    ['a huge product_id', { product_id: 1e11 }, 'product_id', 'Не больше 2147483647.'],
    ['quantity 0', { quantity: 0 }, 'quantity', 'Не меньше 1.'],
    ['a negative quantity', { quantity: -3 }, 'quantity', 'Не меньше 1.'],
    ['quantity 1000', { quantity: 1000 }, 'quantity', 'Не больше 999.'],
    ['a fractional quantity', { quantity: 1.5 }, 'quantity', 'Неверный тип значения.'],
    ['a text quantity', { quantity: '2' }, 'quantity', 'Неверный тип значения.'],
    ['an unknown field', { qty: 2 }, 'qty', 'Неизвестный параметр.'],
  ])('POST refuses %s with a field error', async (_name, payload, field, message) => {
    const id = await product()
    const answer = await add({ ...newVisitor(), lang: 'ru' }, { product_id: id, ...payload })
    expectFieldError(answer, field, message)
  })

  it('POST refuses a body that is not JSON', async () => {
    const answer = await add({ ...newVisitor(), lang: 'sr' }, '{"product_id": 1')
    expect(answer.status).toBe(400)
    expect(answer.body.detail).toBe('Soʻrov tanasi toʻgʻri JSON boʻlishi kerak.')
  })

  it.each([
    ['abc', 'Введите целое неотрицательное число.'],
    ['-1', 'Введите целое неотрицательное число.'],
    ['1.5', 'Введите целое неотрицательное число.'],
    ['12345678901', 'Введите целое неотрицательное число.'],
    ['0', 'Не меньше 1.'],
    ['9999999999', 'Не больше 2147483647.'],
  ])('PUT and DELETE refuse the product id %s in the path', async (id, message) => {
    const visitor = { ...newVisitor(), lang: 'ru' }
    expectFieldError(await setQuantity(visitor, id, { quantity: 1 }), 'product_id', message)
    expectFieldError(await remove(visitor, id), 'product_id', message)
  })

  it.each([
    [{}, 'quantity', 'Обязательное поле.'],
    [{ quantity: 0 }, 'quantity', 'Не меньше 1.'],
    [{ quantity: 1000 }, 'quantity', 'Не больше 999.'],
    [{ quantity: null }, 'quantity', 'Обязательное поле.'],
  ])('PUT refuses %j', async (payload, field, message) => {
    const id = await product()
    expectFieldError(await setQuantity({ ...newVisitor(), lang: 'ru' }, id, payload), field, message)
  })

  it('answers an unknown product with a localised 404 and changes nothing', async () => {
    const visitor = newVisitor()
    const missing = 2_000_000_000
    for (const [lang, detail] of [
      ['ru', 'Товар не найден.'],
      ['uz', 'Маҳсулот топилмади.'],
      ['sr', 'Mahsulot topilmadi.'],
    ]) {
      const added = await add({ ...visitor, lang }, { product_id: missing })
      expect(added.status).toBe(404)
      expect(added.body).toEqual({ detail })
      expect((await setQuantity({ ...visitor, lang }, missing, { quantity: 1 })).body).toEqual({ detail })
    }
    expect((await cart(visitor)).body.products).toEqual([])
  })
})

describe('stock', () => {
  it('refuses more than the stock with 409 saying how many are available', async () => {
    const id = await product({ stock: 5 })
    const visitor = newVisitor()
    const tooMany = await add({ ...visitor, lang: 'ru' }, { product_id: id, quantity: 6 })
    expect(tooMany.status).toBe(409)
    expect(tooMany.body).toEqual({ detail: 'В наличии только 5 шт.', available_quantity: 5, in_cart: 0 })

    expect((await add(visitor, { product_id: id, quantity: 4 })).status).toBe(200)
    for (const [lang, detail] of [
      ['ru', 'В наличии 5 шт., в корзине уже 4 шт.'],
      ['uz', 'Омборда 5 дона бор, саватда аллақачон 4 дона.'],
      ['sr', 'Omborda 5 dona bor, savatda allaqachon 4 dona.'],
    ]) {
      const over = await add({ ...visitor, lang }, { product_id: id, quantity: 2 })
      expect(over.status).toBe(409)
      expect(over.body).toEqual({ detail, available_quantity: 5, in_cart: 4 })
    }
    expect((await add(visitor, { product_id: id, quantity: 1 })).status).toBe(200)
    expect((await add(visitor, { product_id: id })).status).toBe(409)

    const put = await setQuantity({ ...visitor, lang: 'ru' }, id, { quantity: 6 })
    expect(put.status).toBe(409)
    expect(put.body).toEqual({ detail: 'В наличии 5 шт., в корзине уже 5 шт.', available_quantity: 5, in_cart: 5 })
    expect(lineOf((await cart(visitor)).body, id)?.quantity).toBe(5)
    // The basket does not reserve anything.
    const [row] = await t.database.db.select({ stock: products.stock }).from(products).where(eq(products.id, id))
    expect(row?.stock).toBe(5)
  })

  it('refuses a sold-out product', async () => {
    const id = await product({ stock: 0 })
    for (const [lang, detail] of [
      ['ru', 'Товар закончился.'],
      ['uz', 'Маҳсулот тугаган.'],
      ['sr', 'Mahsulot tugagan.'],
    ]) {
      const answer = await add({ ...newVisitor(), lang }, { product_id: id })
      expect(answer.status).toBe(409)
      expect(answer.body).toEqual({ detail, available_quantity: 0, in_cart: 0 })
    }
  })

  it('holds at most 999 units of one product', async () => {
    const id = await product({ stock: 5000 })
    const visitor = { ...newVisitor(), lang: 'ru' }
    expect((await add(visitor, { product_id: id, quantity: 999 })).status).toBe(200)
    const more = await add(visitor, { product_id: id })
    expect(more.status).toBe(409)
    expect(more.body).toEqual({
      detail: 'Не больше 999 шт. одного товара в корзине.',
      available_quantity: 5000,
      in_cart: 999,
    })
  })

  it('holds at most 100 different products', async () => {
    await t.database.db.update(products).set({ stock: 10 })
    const visitor = { ...newVisitor(), lang: 'ru' }
    for (const id of ids.slice(0, 100)) expect((await add(visitor, { product_id: id })).status).toBe(200)
    const full = await add(visitor, { product_id: ids[100] })
    expect(full.status).toBe(409)
    expect(full.body).toEqual({
      detail: 'В корзине может быть не больше 100 разных товаров.',
      available_quantity: 10,
      in_cart: 0,
    })
    // More of a product already in it is fine.
    expect((await add(visitor, { product_id: ids[0] })).status).toBe(200)
    expect((await setQuantity(visitor, ids[100]!, { quantity: 1 })).status).toBe(409)
    expect((await cart(visitor)).body.products).toHaveLength(100)
  })
})

describe('price changes and sold-out lines', () => {
  it('marks a changed price until the customer accepts it', async () => {
    const id = await product({ price: 100_000 })
    const visitor = newVisitor()
    await add(visitor, { product_id: id, quantity: 2 })
    await setProduct(id, { price: 120_000 })
    const changed = (await cart(visitor)).body
    expect(lineOf(changed, id)).toMatchObject({
      price: 120_000,
      line_total: 240_000,
      price_changed: true,
      previous_price: 100_000,
    })
    expect(changed).toMatchObject({ total: 240_000, price_changed: true, ready_for_checkout: false })
    // Adding more does not hide the change.
    expect(lineOf((await add(visitor, { product_id: id })).body, id)?.price_changed).toBe(true)

    const accepted = await acceptPrices(visitor)
    expect(accepted.status).toBe(200)
    expect(lineOf(accepted.body, id)).toMatchObject({ price: 120_000, price_changed: false, previous_price: null })
    expect(accepted.body).toMatchObject({ price_changed: false, ready_for_checkout: true })

    // A sale is a price change too.
    await setProduct(id, { salePrice: 90_000 })
    expect(lineOf((await cart(visitor)).body, id)).toMatchObject({
      price: 90_000,
      previous_price: 120_000,
      price_changed: true,
    })
    expect((await acceptPrices({})).status).toBe(400)
  })

  it('keeps a sold-out line, marked and left out of the sums', async () => {
    const [gone, kept] = [await product({ price: 100_000 }), await product({ price: 50_000 })]
    const visitor = newVisitor()
    await add(visitor, { product_id: gone, quantity: 2 })
    await add(visitor, { product_id: kept })
    await setProduct(gone, { stock: 0 })
    const answer = (await cart(visitor)).body
    expect(answer.products).toHaveLength(2)
    expect(lineOf(answer, gone)).toMatchObject({
      quantity: 2,
      unavailable: true,
      exceeds_stock: true,
      available_quantity: 0,
      line_total: 200_000,
    })
    expect(lineOf(answer, gone)?.product.in_stock).toBe(false)
    expect(answer).toMatchObject({ total_items: 3, total_price: 50_000, total: 50_000, ready_for_checkout: false })
    expect((await badges(visitor)).body.cart_total).toBe(3)
    // It can only be removed, or waited for.
    expect((await setQuantity(visitor, gone, { quantity: 1 })).status).toBe(409)
    await setProduct(gone, { stock: 4 })
    expect(lineOf((await cart(visitor)).body, gone)).toMatchObject({ unavailable: false, exceeds_stock: false })
  })

  it('marks a line above a fallen stock until its quantity is lowered', async () => {
    const id = await product({ stock: 10 })
    const visitor = newVisitor()
    await add(visitor, { product_id: id, quantity: 6 })
    await setProduct(id, { stock: 4 })
    const answer = (await cart(visitor)).body
    expect(lineOf(answer, id)).toMatchObject({ quantity: 6, available_quantity: 4, exceeds_stock: true })
    expect(answer.ready_for_checkout).toBe(false)
    expect((await setQuantity(visitor, id, { quantity: 5 })).status).toBe(409)
    const fixed = await setQuantity(visitor, id, { quantity: 4 })
    expect(lineOf(fixed.body, id)).toMatchObject({ quantity: 4, exceeds_stock: false })
    expect(fixed.body.ready_for_checkout).toBe(true)
  })
})

describe('parallel requests', () => {
  it('20 visitors adding a product with stock 5 at once each keep at most the stock', async () => {
    const id = await product({ stock: 5 })
    const visitors = Array.from({ length: 20 }, newVisitor)
    const ones = await Promise.all(visitors.map((v) => add(v, { product_id: id })))
    expect(ones.map((a) => a.status)).toEqual(Array(20).fill(200))
    const threes = await Promise.all(visitors.map((v) => add(v, { product_id: id, quantity: 3 })))
    expect(threes.map((a) => a.status)).toEqual(Array(20).fill(200))
    const more = await Promise.all(visitors.map((v) => add(v, { product_id: id, quantity: 2 })))
    expect(more.map((a) => a.status)).toEqual(Array(20).fill(409))
    for (const v of visitors) expect(lineOf((await cart(v)).body, id)?.quantity).toBe(4)
  })

  it('20 adds of 1 to one basket at once stop exactly at the stock', async () => {
    const id = await product({ stock: 5 })
    const visitor = newVisitor()
    const answers = await Promise.all(Array.from({ length: 20 }, () => add(visitor, { product_id: id })))
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5)
    expect(answers.filter((a) => a.status === 409)).toHaveLength(15)
    expect(lineOf((await cart(visitor)).body, id)?.quantity).toBe(5)
  })

  it('10 presses of an add button at once (if_absent) leave one unit', async () => {
    const id = await product({ stock: 5 })
    const visitor = newVisitor()
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => add(visitor, { product_id: id, if_absent: true })),
    )
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200))
    expect(lineOf((await cart(visitor)).body, id)?.quantity).toBe(1)
  })

  it('a customer adding from several devices at once never passes the stock', async () => {
    const id = await product({ stock: 7 })
    const customer = await registerCustomer(t)
    const devices = Array.from({ length: 6 }, () => ({ ...newVisitor(), token: customer.access }))
    const answers = await Promise.all(
      devices.flatMap((d) => [add(d, { product_id: id, quantity: 2 }), setQuantity(d, id, { quantity: 3 })]),
    )
    expect(answers.every((a) => a.status === 200 || a.status === 409)).toBe(true)
    const line = lineOf((await cart({ token: customer.access })).body, id)
    expect(line?.quantity).toBeGreaterThan(0)
    expect(line?.quantity).toBeLessThanOrEqual(7)
  })

  it('never leaves a negative stock or a line outside 1…999 anywhere', async () => {
    const [stock] = await t.database.db.select({ lowest: min(products.stock) }).from(products)
    expect(stock?.lowest).toBeGreaterThanOrEqual(0)
    const [bad] = await t.database.db
      .select({ n: count() })
      .from(cartItems)
      .where(sql`${cartItems.quantity} < 1 or ${cartItems.quantity} > 999`)
    expect(bad?.n).toBe(0)
  })
})

describe('signing in merges the visitor basket and favourites', () => {
  const visitorRows = async (fingerprint: string) => {
    const owner = `v:${fingerprint}`
    const [lines] = await t.database.db.select({ n: count() }).from(cartItems).where(eq(cartItems.owner, owner))
    const [liked] = await t.database.db.select({ n: count() }).from(favourites).where(eq(favourites.owner, owner))
    return { lines: lines?.n, favourites: liked?.n }
  }

  it('on login: quantities added and capped by stock, favourites deduplicated, visitor rows gone', async () => {
    const customer = await registerCustomer(t)
    const [both, visitorOnly, customerOnly, likedByBoth] = [
      await product({ stock: 3 }),
      await product({ stock: 10 }),
      await product({ stock: 10 }),
      await product(),
    ]
    const account = { token: customer.access }
    await add(account, { product_id: both, quantity: 2 })
    await add(account, { product_id: customerOnly })
    await likeProduct(account, likedByBoth)

    const visitor = newVisitor()
    await add(visitor, { product_id: both, quantity: 2 })
    await add(visitor, { product_id: visitorOnly, quantity: 4 })
    await likeProduct(visitor, likedByBoth)
    await likeProduct(visitor, visitorOnly)

    const login = await loginCustomer(t, customer, visitor.fingerprint)
    // The storefront fetches the basket right after login with both headers.
    const merged = await cart({ token: login.access, fingerprint: visitor.fingerprint })
    expect(quantities(merged.body)).toEqual({ [both]: 3, [visitorOnly]: 4, [customerOnly]: 1 })
    expect(lineOf(merged.body, visitorOnly)?.product.is_liked).toBe(true)
    expect((await cart({ token: customer.access })).body).toEqual(merged.body)
    const liked = await t.json('products/likes/', { token: login.access })
    expect(liked.body.results.map((p: { id: number }) => p.id).sort()).toEqual([likedByBoth, visitorOnly].sort())
    expect((await badges({ token: login.access })).body).toEqual({
      orders_total: 0,
      cart_total: 8,
      favourites_total: 2,
    })

    expect(await visitorRows(visitor.fingerprint!)).toEqual({ lines: 0, favourites: 0 })
    expect((await cart(visitor)).body.products).toEqual([])
    expect((await badges(visitor)).body).toEqual({ orders_total: 0, cart_total: 0, favourites_total: 0 })
  })

  it('on registration: the new account starts with the visitor basket and favourites', async () => {
    const [a, b] = [await product(), await product({ price: 80_000, salePrice: 60_000 })]
    const visitor = newVisitor()
    await add(visitor, { product_id: a, quantity: 2 })
    await add(visitor, { product_id: b })
    await likeProduct(visitor, b)
    const customer = await registerCustomer(t, { fingerprint: visitor.fingerprint })
    const answer = await cart({ token: customer.access })
    expect(quantities(answer.body)).toEqual({ [a]: 2, [b]: 1 })
    expect(answer.body.total).toBe(260_000)
    expect((await badges({ token: customer.access })).body.favourites_total).toBe(1)
    expect(await visitorRows(visitor.fingerprint!)).toEqual({ lines: 0, favourites: 0 })
  })

  it('never loses a line: sold-out lines move over, a line over the stock keeps its quantity', async () => {
    const customer = await registerCustomer(t)
    const [soldOut, fallen, changed] = [await product({ stock: 5 }), await product({ stock: 10 }), await product()]
    await add({ token: customer.access }, { product_id: fallen, quantity: 6 })
    const visitor = newVisitor()
    await add(visitor, { product_id: soldOut, quantity: 2 })
    await add(visitor, { product_id: fallen, quantity: 1 })
    await add(visitor, { product_id: changed })
    await setProduct(soldOut, { stock: 0 })
    await setProduct(fallen, { stock: 4 })
    await setProduct(changed, { price: 110_000 })

    const login = await loginCustomer(t, customer, visitor.fingerprint)
    const merged = (await cart({ token: login.access })).body
    expect(lineOf(merged, soldOut)).toMatchObject({ quantity: 2, unavailable: true })
    expect(lineOf(merged, fallen)).toMatchObject({ quantity: 6, exceeds_stock: true })
    expect(lineOf(merged, changed)).toMatchObject({ quantity: 1, price_changed: true, previous_price: 100_000 })
  })

  it('caps a sum at 999 units', async () => {
    const id = await product({ stock: 5000 })
    const customer = await registerCustomer(t)
    await add({ token: customer.access }, { product_id: id, quantity: 600 })
    const visitor = newVisitor()
    await add(visitor, { product_id: id, quantity: 600 })
    const login = await loginCustomer(t, customer, visitor.fingerprint)
    expect(lineOf((await cart({ token: login.access })).body, id)?.quantity).toBe(999)
  })

  it('leaves the visitor basket alone on a login without a Fingerprint, or a failed one', async () => {
    const customer = await registerCustomer(t)
    const visitor = newVisitor()
    const id = await product()
    await add(visitor, { product_id: id })
    const login = await loginCustomer(t, customer)
    expect((await cart({ token: login.access })).body.products).toEqual([])
    const failed = await t.json('auth/login/', {
      method: 'POST',
      body: body({ phone: customer.phone, password: 'wrong-password' }),
      fingerprint: visitor.fingerprint,
    })
    expect(failed.status).toBe(400)
    expect(quantities((await cart(visitor)).body)).toEqual({ [id]: 1 })
    expect(await visitorRows(visitor.fingerprint!)).toEqual({ lines: 1, favourites: 0 })
  })

  it('keeps the stories the visitor read as read in the account', async () => {
    const customer = await registerCustomer(t)
    const visitor = newVisitor()
    const story = (await t.json('common/story/', { fingerprint: visitor.fingerprint })).body.results[0]
    const item = story.items[0]
    expect((await t.json(`common/story-item/${item.id}/read/`, { fingerprint: visitor.fingerprint })).status).toBe(200)
    const readBy = (who: { token?: string; fingerprint?: string }) =>
      t.json('common/story/', who).then(({ body }) =>
        body.results
          .flatMap((s: { items: { id: number; is_read: boolean }[] }) => s.items)
          .filter((i: { is_read: boolean }) => i.is_read)
          .map((i: { id: number }) => i.id),
      )
    expect(await readBy({ token: customer.access })).toEqual([])

    const login = await loginCustomer(t, customer, visitor.fingerprint)
    expect(await readBy({ token: login.access })).toEqual([item.id])
    const [left] = await t.database.db
      .select({ n: count() })
      .from(storyReads)
      .where(eq(storyReads.reader, `v:${visitor.fingerprint}`))
    expect(left?.n).toBe(0)
    // Read again as a visitor and signing in once more: still one read, no conflict.
    await t.json(`common/story-item/${item.id}/read/`, { fingerprint: visitor.fingerprint })
    const again = await loginCustomer(t, customer, visitor.fingerprint)
    expect(await readBy({ token: again.access })).toEqual([item.id])
  })

  it('merges each line once when the same visitor signs in twice at once', async () => {
    const customer = await registerCustomer(t)
    const id = await product({ stock: 50 })
    const visitor = newVisitor()
    await add(visitor, { product_id: id, quantity: 3 })
    await Promise.all([
      loginCustomer(t, customer, visitor.fingerprint),
      loginCustomer(t, customer, visitor.fingerprint),
    ])
    expect(quantities((await cart({ token: customer.access })).body)).toEqual({ [id]: 3 })
  })
})

describe('deleting the account', () => {
  it('empties its basket and favourites, and no one else’s', async () => {
    const [leaving, staying] = [await registerCustomer(t), await registerCustomer(t)]
    const [a, b] = [await product(), await product()]
    for (const who of [leaving, staying]) {
      await add({ token: who.access }, { product_id: a, quantity: 2 })
      await likeProduct({ token: who.access }, b)
    }
    const rowsOf = async (who: { access: string }) => {
      const { id } = (await t.json('account/', { token: who.access })).body
      const [lines] = await t.database.db
        .select({ n: count() })
        .from(cartItems)
        .where(eq(cartItems.owner, `u:${id}`))
      const [liked] = await t.database.db
        .select({ n: count() })
        .from(favourites)
        .where(eq(favourites.owner, `u:${id}`))
      return { id: id as number, lines: lines?.n, favourites: liked?.n }
    }
    const before = await rowsOf(leaving)
    expect(before).toMatchObject({ lines: 1, favourites: 1 })

    expect((await deleteAccount(t, leaving)).status).toBe(200)
    const owner = `u:${before.id}`
    expect(await t.database.db.select().from(cartItems).where(eq(cartItems.owner, owner))).toEqual([])
    expect(await t.database.db.select().from(favourites).where(eq(favourites.owner, owner))).toEqual([])
    expect(await rowsOf(staying)).toMatchObject({ lines: 1, favourites: 1 })
  })
})

describe('OpenAPI', () => {
  it('documents every basket call', async () => {
    const doc = (await t.json('openapi.json')).body
    const paths = doc.paths as Record<string, Record<string, unknown>>
    const methods = (path: string) => Object.keys(paths[path] ?? paths[`/api/v1${path}`] ?? {}).sort()
    expect(methods('/orders/cart/products/')).toEqual(['delete', 'get', 'post'])
    expect(methods('/orders/cart/products/{product_id}/')).toEqual(['delete', 'put'])
    expect(methods('/orders/cart/accept-prices/')).toEqual(['post'])
    expect(doc.components.schemas).toHaveProperty('Cart')
    expect(doc.components.schemas).toHaveProperty('CartLine')
    expect(doc.components.schemas).toHaveProperty('CartLimitError')
  })
})
