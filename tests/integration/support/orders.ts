import { createHash, randomUUID } from 'node:crypto'
import { asc, eq } from 'drizzle-orm'
import { beforeAll, expect } from 'vitest'
import { orders, payments, products } from '#api/db/schema/index.ts'
import type { Order } from '#api/types.ts'
import type { Json } from '#tests/support/json.ts'
import type { TestApi } from './api.ts'
import { type Customer, registerCustomer } from './customer.ts'

/** Puts `quantity` of the product in `c`'s basket (POST orders/cart/products/), expecting 200. */
export async function addToBasket(t: TestApi, c: Customer, productId: number, quantity = 1) {
  const added = await t.json('orders/cart/products/', {
    method: 'POST',
    token: c.access,
    body: JSON.stringify({ product_id: productId, quantity }),
  })
  expect(added.status).toBe(200)
}

/** Sets a product's stock and price, with no sale price. */
export const stockProduct = (t: TestApi, productId: number, stock: number, price: number) =>
  t.database.db.update(products).set({ stock, price, salePrice: null }).where(eq(products.id, productId))

/**
 * Checks out `c`'s basket (POST orders/): a cash pickup order at Amir Temur,
 * `fields` over those defaults; `lang` is sent as Accept-Language.
 */
export const checkoutAs = (t: TestApi, c: Customer, fields: Record<string, unknown> = {}, lang?: 'uz' | 'sr' | 'ru') =>
  t.json('orders/', {
    method: 'POST',
    token: c.access,
    lang,
    body: JSON.stringify({
      address: { region: '1703', district: 'Asaka', street: 'Navoiy', house: '3' },
      receiver: { name: 'Aziz', phone: '+998901112233' },
      delivery: 'pickup',
      pickup_point: 'amir-temur',
      payment_method: 'cash',
      idempotency_key: randomUUID(),
      ...fields,
    }),
  })

/**
 * Places orders through the API for the tests of one file: each order takes
 * a product of its own (set to `stock` and `price`), as one customer unless
 * another is given. Register it after `setupTestApi()`.
 */
export function orderMaker(t: TestApi) {
  let ids: number[] = []
  let taken = 0
  let first: Customer | undefined
  beforeAll(async () => {
    ids = (await t.database.db.select({ id: products.id }).from(products).orderBy(asc(products.id))).map((r) => r.id)
  })

  const customer = async () => {
    first ??= await registerCustomer(t)
    return first
  }

  async function place(
    options: {
      method?: 'cash' | 'card' | 'payme' | 'click' | 'uzum'
      price?: number
      stock?: number
      quantity?: number
      /** More lines in the order, each a product of its own. */
      more?: Array<{ price: number; quantity?: number }>
      delivery?: 'pickup' | 'courier'
      as?: Customer
      extra?: Record<string, unknown>
      /** The interface language the order is placed in (Accept-Language). */
      lang?: 'uz' | 'sr' | 'ru'
    } = {},
  ): Promise<{ order: Order; productId: number; productIds: number[]; customer: Customer }> {
    const c = options.as ?? (await customer())
    const lines = [{ price: options.price ?? 123_000, quantity: options.quantity ?? 1 }, ...(options.more ?? [])]
    const productIds: number[] = []
    for (const line of lines) {
      const productId = ids[taken++]
      if (productId === undefined) throw new Error('orderMaker: the test database has no product left')
      productIds.push(productId)
      await stockProduct(t, productId, options.stock ?? 5, line.price)
      await addToBasket(t, c, productId, line.quantity ?? 1)
    }
    const r = await checkoutAs(
      t,
      c,
      { delivery: options.delivery ?? 'pickup', payment_method: options.method ?? 'payme', ...options.extra },
      options.lang,
    )
    expect(r.status).toBe(201)
    return { order: r.body as Order, productId: productIds[0]!, productIds, customer: c }
  }

  return {
    customer,
    place,
    /** The order as its customer reads it (GET orders/{id}/). */
    async read(id: number, as?: Customer) {
      const r = await t.json(`orders/${id}/`, { token: (as ?? (await customer())).access })
      expect(r.status).toBe(200)
      return r.body as Order & Record<string, Json>
    },
    stockOf: async (productId: number) =>
      (await t.database.db.select({ stock: products.stock }).from(products).where(eq(products.id, productId)))[0]!
        .stock,
    /** Moves the order's creation back, as if it had been placed `minutes` before `now`. */
    async age(orderId: number, minutes: number, now = new Date()) {
      await t.database.db
        .update(orders)
        .set({ createdAt: new Date(now.getTime() - minutes * 60_000) })
        .where(eq(orders.id, orderId))
    },
    paymentsOf: (orderId: number) =>
      t.database.db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.id)),
  }
}

/**
 * Payme and Click set up for one test file, with keys named after it, and their callers. Called at the
 * file's top: the API reads the settings when its `beforeAll` starts it. Click's reversal API is at
 * click.test, for msw to answer.
 */
export function paymentProviders(t: TestApi, name: string, click: { serviceId: string; merchantUserId: string }) {
  const keys = { payme: `${name}-payme-key`, click: `${name}-click-secret` }
  Object.assign(process.env, {
    PAYME_KEY: keys.payme,
    CLICK_SECRET_KEY: keys.click,
    CLICK_SERVICE_ID: click.serviceId,
    CLICK_MERCHANT_USER_ID: click.merchantUserId,
    CLICK_API_URL: 'https://click.test/v2/merchant/',
  })
  return { keys, payme: paymeCaller(t, keys.payme), click: clickCaller(t, keys.click, click.serviceId) }
}

/** Payme's calls to the merchant endpoint, signed with `key`. */
export function paymeCaller(t: TestApi, key: string) {
  let rpcId = 0
  const basic = (k = key) => `Basic ${Buffer.from(`Paycom:${k}`).toString('base64')}`
  async function call(method: string, params: Record<string, unknown>, auth: string | null = basic()) {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' }
    if (auth) headers.Authorization = auth
    const r = await t.json('payments/payme/', {
      method: 'POST',
      headers,
      body: JSON.stringify({ jsonrpc: '2.0', id: ++rpcId, method, params }),
    })
    expect(r.status).toBe(200)
    return r.body as {
      id: number
      result?: Json
      error?: { code: number; message: Record<string, string>; data?: string }
    }
  }
  return {
    call,
    basic,
    lastId: () => rpcId,
    account: (orderId: number | string) => ({ order_id: String(orderId) }),
    /** A fresh Payme transaction id (24 characters, like Payme's). */
    transactionId: () => randomUUID().replace(/-/g, '').slice(0, 24),
  }
}

/** Click's Prepare and Complete calls, signed with `secret` for `serviceId`. */
export function clickCaller(t: TestApi, secret: string, serviceId: string) {
  let trans = 1000
  const md5 = (s: string) => createHash('md5').update(s).digest('hex')
  function signed(fields: Record<string, string>, withSecret = secret) {
    const sign = md5(
      fields.click_trans_id! +
        fields.service_id +
        withSecret +
        fields.merchant_trans_id +
        (fields.merchant_prepare_id ?? '') +
        fields.amount +
        fields.action +
        fields.sign_time,
    )
    return { ...fields, sign_string: sign }
  }
  async function call(step: 'prepare' | 'complete', fields: Record<string, string>) {
    const r = await t.json(`payments/click/${step}/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    })
    expect(r.status).toBe(200)
    return r.body as { error: number; error_note: string; merchant_prepare_id?: number; merchant_confirm_id?: number }
  }
  const base = (orderId: number | string, amount: number | string, action: string, id = ++trans) => ({
    click_trans_id: String(id),
    service_id: serviceId,
    click_paydoc_id: String(id + 500_000),
    merchant_trans_id: String(orderId),
    amount: typeof amount === 'number' ? amount.toFixed(2) : amount,
    action,
    error: '0',
    error_note: 'Success',
    sign_time: '2026-11-22 16:00:00',
  })
  /** Prepare then Complete for the whole total: the order is paid. Returns the prepare's answer. */
  async function pay(orderId: number, total: number) {
    const prep = await call('prepare', signed(base(orderId, total, '0')))
    expect(prep.error).toBe(0)
    const done = await call(
      'complete',
      signed({ ...base(orderId, total, '1', trans), merchant_prepare_id: String(prep.merchant_prepare_id) }),
    )
    expect(done.error).toBe(0)
    return prep
  }
  return { call, signed, base, pay, lastTrans: () => trans }
}

export type UzumAnswer = {
  http: number
  serviceId: number | string | null
  transId?: string | null
  status: 'OK' | 'CREATED' | 'CONFIRMED' | 'REVERSED' | 'FAILED'
  errorCode?: number
  timestamp?: number
  transTime?: number | null
  confirmTime?: number | null
  reverseTime?: number | null
  data?: { order_id: { value: string } }
  amount?: number
}

/**
 * Uzum Bank's webhook calls as Uzum sends them: POST {base}/{operation} (no trailing slash), JSON with
 * `serviceId` and `timestamp` (ms), `Authorization: Basic base64(login:password)`. Each answer with its
 * HTTP status as `http`.
 */
export function uzumCaller(t: TestApi, service: { serviceId: string; login: string; password: string }) {
  const basic = (login = service.login, password = service.password) =>
    `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`
  async function call(
    operation: string,
    fields: Record<string, unknown>,
    options: { auth?: string | null; method?: string; body?: string } = {},
  ): Promise<UzumAnswer> {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' }
    const auth = options.auth === undefined ? basic() : options.auth
    if (auth) headers.Authorization = auth
    const method = options.method ?? 'POST'
    const body =
      options.body ?? JSON.stringify({ serviceId: Number(service.serviceId), timestamp: Date.now(), ...fields })
    const r = await t.request(`payments/uzum/${operation}`, {
      method,
      headers,
      ...(method === 'GET' ? {} : { body }),
    })
    return { http: r.status, ...((await r.json()) as Omit<UzumAnswer, 'http'>) }
  }
  return {
    call,
    basic,
    /** A fresh Uzum transaction id (a UUID, like Uzum's). */
    transId: () => randomUUID(),
    params: (orderId: number | string) => ({ order_id: String(orderId) }),
  }
}
