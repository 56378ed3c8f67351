import { randomUUID } from 'node:crypto'
import { asc, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { type Api, createApi } from '#api/app.ts'
import { parseConfig } from '#api/config.ts'
import { cartItems, products, users } from '#api/db/schema/index.ts'
import { changeOrderStatus } from '#api/orders/service.ts'
import { setupTestApi } from './support/api.ts'
import { type Customer, registerCustomer } from './support/customer.ts'

// POST orders/preview/ answers the money POST orders/ then records (the checkout shows it, computes nothing).

const t = setupTestApi({ products: 40 })
const env = () => ({ ...process.env, DATA_DIR: t.dataDir, SESSION_SECRET: 'x'.repeat(40) })
const config = () => parseConfig(env())

let ids: number[] = []
let taken = 0
beforeAll(async () => {
  ids = (await t.database.db.select({ id: products.id }).from(products).orderBy(asc(products.id))).map((r) => r.id)
})
/** A product of this test alone, with a known stock and price. */
async function product(price: number, stock = 50) {
  const id = ids[taken++]!
  await t.database.db.update(products).set({ stock, price, salePrice: null }).where(eq(products.id, id))
  return id
}
const setBalance = (c: Customer, balance: number) =>
  t.database.db.update(users).set({ cashbackBalance: balance }).where(eq(users.phone, c.phone))

type Line = { id: number; quantity: number }
async function fillBasket(c: Customer, lines: Line[]) {
  for (const line of lines) {
    const r = await t.json('orders/cart/products/', {
      method: 'POST',
      token: c.access,
      body: JSON.stringify({ product_id: line.id, quantity: line.quantity }),
    })
    expect(r.status).toBe(200)
  }
}

const post = (path: string, c: Customer | null, body: unknown, lang = 'ru') =>
  t.json(path, { method: 'POST', token: c?.access, lang, body: JSON.stringify(body) })
const preview = (c: Customer | null, body: Record<string, unknown>, lang?: string) =>
  post('orders/preview/', c, body, lang)
const address = (region: string) =>
  region === '1726'
    ? { region, district: '1726294', street: 'Bunyodkor', house: '12' }
    : { region, district: 'Markaz', street: 'Navoiy', house: '3' }
const placeOrder = (c: Customer, region: string, over: Record<string, unknown>, lang?: string) =>
  post(
    'orders/',
    c,
    {
      address: address(region),
      pickup_point: 'amir-temur',
      receiver: { name: 'Dilnoza', phone: '90 123 45 67' },
      payment_method: 'cash',
      idempotency_key: randomUUID(),
      ...over,
    },
    lang,
  )

type Option = {
  delivery: string
  use_cashback: boolean | number
  delivery_price: number
  cashback_used: number
  total: number
  vat: number
  cashback_earned: number
}

describe('POST orders/preview/', () => {
  it('needs a signed-in customer', async () => {
    const r = await preview(null, { region: '1726' })
    expect(r.status).toBe(401)
  })

  // Each basket: every option of the preview, then the order placed with that choice records the same money.
  const baskets = [
    {
      name: 'Tashkent, courier priced',
      region: '1726',
      lines: [[150_000, 2]],
      balance: 0,
      promo: null,
      courier: 'DELIVERY_PRICE_TASHKENT',
    },
    {
      name: 'a region, cashback',
      region: '1703',
      lines: [
        [120_000, 1],
        [80_000, 3],
      ],
      balance: 45_000,
      promo: null,
      courier: 'DELIVERY_PRICE_REGIONS',
    },
    {
      name: 'promo ATIR10 and cashback',
      region: '1726',
      lines: [[300_000, 1]],
      balance: 500_000,
      promo: 'atir10',
      courier: 'DELIVERY_PRICE_TASHKENT',
    },
    // 1,050,000 goods is free delivery; 10 % off brings them under DELIVERY_FREE_FROM (1,000,000) again.
    {
      name: 'free delivery lost to the promo',
      region: '1703',
      lines: [[525_000, 2]],
      balance: 0,
      promo: 'ATIR10',
      courier: 'DELIVERY_PRICE_REGIONS',
    },
    {
      name: 'free delivery, fixed promo',
      region: '1735',
      lines: [[700_000, 2]],
      balance: 20_000,
      promo: 'ATIR50K',
      courier: null,
    },
  ] as const

  it.each(baskets)('gives the totals the order then records: $name', async (basket) => {
    const c = await registerCustomer(t)
    await setBalance(c, basket.balance)
    const lines = await Promise.all(
      basket.lines.map(async ([price, quantity]) => ({ id: await product(price), quantity })),
    )
    await fillBasket(c, lines)
    const body = { region: basket.region, promo_code: basket.promo }
    const before = await preview(c, body)
    expect(before.status).toBe(200)
    expect(before.headers.get('cache-control')).toBe('private, no-store')
    const subtotal = basket.lines.reduce((sum, [price, quantity]) => sum + price * quantity, 0)
    expect(before.body).toMatchObject({ subtotal, cashback_balance: basket.balance, vat_percent: 12 })
    const options = before.body.options as Option[]
    expect(options.map((o) => [o.delivery, o.use_cashback])).toEqual([
      ['courier', false],
      ['courier', true],
      ['pickup', false],
      ['pickup', true],
    ])
    expect(options[0]!.delivery_price).toBe(basket.courier ? config()[basket.courier] : 0)

    for (const option of options) {
      const r = await placeOrder(c, basket.region, {
        delivery: option.delivery,
        use_cashback: option.use_cashback,
        promo_code: basket.promo,
      })
      expect(r.status).toBe(201)
      expect(r.body).toMatchObject({
        subtotal: before.body.subtotal,
        promo_code: before.body.promo_code,
        discount: before.body.discount,
        delivery_price: option.delivery_price,
        cashback_used: option.cashback_used,
        total: option.total,
        vat: option.vat,
      })
      // Back to where it was: stock, cashback and the promo use return, the basket is filled again.
      expect((await post(`orders/${r.body.id}/cancel/`, c, {})).status).toBe(200)
      await fillBasket(c, lines)
    }
    expect((await preview(c, body)).body).toEqual(before.body)
  })

  it('prices delivery by region and the discounted goods, and spends cashback up to the goods', async () => {
    const c = await registerCustomer(t)
    await setBalance(c, 1_000_000)
    await fillBasket(c, [{ id: await product(100_000), quantity: 1 }])
    const option = async (region: string, delivery: string, use_cashback: boolean | number) => {
      const r = await preview(c, { region, delivery, use_cashback })
      expect(r.status).toBe(200)
      expect(r.body.options).toHaveLength(1)
      return r.body.options[0] as Option
    }
    const cfg = config()
    expect(await option('1726', 'courier', false)).toMatchObject({
      delivery_price: cfg.DELIVERY_PRICE_TASHKENT,
      total: 100_000 + cfg.DELIVERY_PRICE_TASHKENT,
      cashback_earned: Math.floor(100_000 * cfg.CASHBACK_RATE),
    })
    expect(await option('1703', 'courier', false)).toMatchObject({ delivery_price: cfg.DELIVERY_PRICE_REGIONS })
    expect(await option('1703', 'pickup', true)).toMatchObject({
      delivery_price: 0,
      cashback_used: 100_000,
      total: 0,
      vat: 0,
      cashback_earned: 0,
    })
    expect(await option('1703', 'pickup', 30_000)).toMatchObject({ cashback_used: 30_000, total: 70_000, vat: 7500 })
  })

  it('earns on delivery the cashback it announced', async () => {
    const c = await registerCustomer(t)
    await setBalance(c, 15_000)
    await fillBasket(c, [{ id: await product(230_000), quantity: 1 }])
    const [option] = (
      await preview(c, {
        region: '1726',
        promo_code: 'ATIR10',
        delivery: 'pickup',
        pickup_point: 'amir-temur',
        use_cashback: true,
      })
    ).body.options as Option[]
    const order = await placeOrder(c, '1726', {
      delivery: 'pickup',
      pickup_point: 'amir-temur',
      use_cashback: true,
      promo_code: 'ATIR10',
    })
    expect(order.status).toBe(201)
    // Collected at the point: ready, then handed over.
    for (const to of [4, 6])
      await changeOrderStatus(t.database.db, order.body.id, to, { lang: 'ru', config: config(), now: new Date() })
    const delivered = await t.json(`orders/${order.body.id}/`, { token: c.access })
    expect(option!.cashback_earned).toBeGreaterThan(0)
    expect(delivered.body.cashback_earned).toBe(option!.cashback_earned)
  })

  it('refuses promo codes and cashback with the answer and message of the order', async () => {
    const c = await registerCustomer(t)
    await setBalance(c, 10_000)
    await fillBasket(c, [{ id: await product(200_000), quantity: 1 }])
    const refusals = [
      { promo_code: 'NOPE' },
      { promo_code: 'YANGIYIL2024' },
      { promo_code: 'ATIR50K' },
      { use_cashback: 10_001, delivery: 'courier' },
    ]
    for (const [i, refusal] of refusals.entries()) {
      const lang = (['ru', 'uz', 'sr', 'ru'] as const)[i]
      const previewed = await preview(c, { region: '1726', delivery: 'courier', ...refusal }, lang)
      const ordered = await placeOrder(c, '1726', { delivery: 'courier', ...refusal }, lang)
      expect(previewed.status).toBe(400)
      expect(ordered.status).toBe(400)
      expect(previewed.body).toEqual(ordered.body)
    }
    const expired = await preview(c, { region: '1726', promo_code: 'YANGIYIL2024' })
    expect(expired.body).toEqual({
      detail: 'Такого промокода не существует.',
      errors: [{ field: 'promo_code', message: 'Такого промокода не существует.' }],
    })
  })

  it('refuses an unknown region and an empty basket', async () => {
    const c = await registerCustomer(t)
    const empty = await preview(c, { region: '1726' })
    expect(empty.status).toBe(400)
    expect(empty.body.detail).toBe(
      (await placeOrder(c, '1726', { delivery: 'pickup', pickup_point: 'amir-temur' })).body.detail,
    )
    await fillBasket(c, [{ id: await product(50_000), quantity: 1 }])
    const unknown = await preview(c, { region: '9999' })
    expect(unknown.status).toBe(400)
    expect(unknown.body.errors).toEqual([{ field: 'region', message: 'Выберите область из списка.' }])
  })
})

describe('a basket beyond the most one order may hold (1 000 000 000 sum)', () => {
  const basketMax = 'Сумма товаров в корзине не может быть больше 1 000 000 000 сум: уменьшите количество.'
  const orderMax =
    'Сумма товаров в заказе не может быть больше 1 000 000 000 сум: уменьшите количество в корзине или оформите несколько заказов.'

  it('the basket refuses the line or quantity that would pass it; within it, preview and order go on', async () => {
    const c = await registerCustomer(t)
    const [dear, other] = [await product(4_500_000, 1000), await product(4_500_000, 1000)]
    // 222 × 4 500 000 = 999 000 000: just within.
    await fillBasket(c, [{ id: dear, quantity: 222 }])
    const more = await post('orders/cart/products/', c, { product_id: other, quantity: 1 })
    expect(more.status).toBe(409)
    expect(more.body.detail).toBe(basketMax)
    const raised = await t.json(`orders/cart/products/${dear}/`, {
      method: 'PUT',
      token: c.access,
      lang: 'ru',
      body: JSON.stringify({ quantity: 223 }),
    })
    expect(raised.status).toBe(409)
    expect(raised.body.detail).toBe(basketMax)
    const basket = await t.json('orders/cart/products/', { token: c.access })
    expect(basket.body.products.map((l: { quantity: number }) => l.quantity)).toEqual([222])
    const previewed = await preview(c, { region: '1726', delivery: 'pickup', use_cashback: false })
    expect(previewed.status).toBe(200)
    expect(previewed.body.subtotal).toBe(999_000_000)
    const placed = await placeOrder(c, '1726', { delivery: 'pickup' })
    expect(placed.status, JSON.stringify(placed.body)).toBe(201)
    expect(placed.body.total).toBe(999_000_000)
  })

  it('a basket past it (prices rose, or written before the limit): 400 saying so, never an overflow', async () => {
    const c = await registerCustomer(t)
    const lines = [await product(4_500_000, 1000), await product(4_500_000, 1000), await product(4_500_000, 1000)]
    const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.phone, c.phone))
    // 3 × 999 × 4 500 000 = 13 486 500 000: past 32-bit integers too.
    await t.database.db
      .insert(cartItems)
      .values(lines.map((productId) => ({ owner: `u:${user!.id}`, productId, quantity: 999, priceSeen: 4_500_000 })))
    const basket = await t.json('orders/cart/products/', { token: c.access })
    expect(basket.status).toBe(200)
    expect(basket.body.total).toBe(13_486_500_000)
    // What a code would take off such a basket is still answered: the sums add up as bigint.
    const promo = await post('promo/check/', c, { code: 'ATIR10' })
    expect(promo.status).toBe(200)
    expect(promo.body.subtotal).toBe(13_486_500_000)
    for (const answer of [await preview(c, { region: '1726' }), await placeOrder(c, '1726', { delivery: 'pickup' })]) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(400)
      expect(answer.body.detail).toBe(orderMax)
    }
  })
})

describe('POST orders/preview/ and the promo guess limit', () => {
  const LIMIT = 3
  let api: Api
  beforeAll(() => {
    api = createApi({
      database: t.database,
      config: parseConfig({ ...env(), PROMO_FAILURES_PER_ADDRESS: String(LIMIT) }),
    })
  })
  const call = async (path: string, c: Customer, body: unknown, ip: string) => {
    const response = await api.fetch(
      new Request(`http://shop.test/api/v1/${path}`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'Accept-Language': 'ru',
          Authorization: `Bearer ${c.access}`,
          'X-Real-IP': ip,
        },
        body: JSON.stringify(body),
      }),
    )
    return { status: response.status, body: await response.json() }
  }

  it('counts failed codes against the same budget as promo/check/; right codes do not count', async () => {
    const c = await registerCustomer(t)
    await fillBasket(c, [{ id: await product(100_000), quantity: 1 }])
    const ip = '198.51.100.40'
    const previewCode = (code: string) => call('orders/preview/', c, { region: '1726', promo_code: code }, ip)
    expect((await previewCode('GUESS1')).status).toBe(400)
    expect((await call('promo/check/', c, { code: 'GUESS2' }, ip)).status).toBe(400)
    expect((await previewCode('ATIR10')).status).toBe(200)
    expect((await previewCode('GUESS3')).status).toBe(400)
    const limited = await previewCode('ATIR10')
    expect(limited.status).toBe(429)
    expect(limited.body.errors[0].field).toBe('promo_code')
    expect((await call('promo/check/', c, { code: 'ATIR10' }, ip)).status).toBe(429)
    // Without a code there is nothing to guess; another address has its own budget.
    expect((await call('orders/preview/', c, { region: '1726' }, ip)).status).toBe(200)
    expect((await call('orders/preview/', c, { region: '1726', promo_code: 'ATIR10' }, '198.51.100.41')).status).toBe(
      200,
    )
  })
})
