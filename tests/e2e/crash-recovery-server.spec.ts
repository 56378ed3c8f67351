import { randomUUID } from 'node:crypto'
import { expect, test } from '@playwright/test'
import type { Order } from '#api/types.ts'
import {
  apiCall,
  exitCode,
  outboxCode,
  registerCustomer,
  type ServerProcess,
  startServer,
  tmpDataDir,
} from './support/server-process.ts'

// The process killed with SIGKILL in the middle of placing orders
// restarts on the same PGlite folder (recovering from its WAL) with every order
// either whole (lines, stock taken, basket emptied) or not there at all (basket
// and stock untouched); an order the client was told about (201) is never lost.
//
// No hook in the server tells when a transaction is open. Instead several
// customers place orders at once: the database runs their transactions back to
// back, so for as long as the batch lasts it is inside one of them nearly all
// the time. The first trial kills at the first answer and so learns how long
// the batch takes; the next ones kill earlier and earlier into it (halving),
// until a trial ends with some orders placed and some not: proof that the
// kill came while orders were still being written.

const customers = 4
const linesPerOrder = 10
const maxTrials = 7

const orderBody = () => ({
  address: { region: '1726', district: '1726294', street: 'Bunyodkor', house: '12', flat: '4' },
  receiver: { name: 'Dilnoza', phone: '90 123 45 67' },
  delivery: 'courier',
  payment_method: 'cash',
  idempotency_key: randomUUID(),
})

type Line = { productId: number; slug: string; quantity: number }

// An order line's product_id is null only once the product is deleted, which this test never does.
const sortLines = <T extends { productId: number | null }>(lines: T[]) =>
  [...lines].sort((a, b) => (a.productId ?? 0) - (b.productId ?? 0))

test('SIGKILL while orders are being placed: each order is whole or absent after restart', async () => {
  const data = tmpDataDir('crash')
  let server: ServerProcess = await startServer({ dataDir: data.dir, env: { SEED_PRODUCTS: '60' } })
  try {
    const shoppers = []
    for (let i = 0; i < customers; i++) shoppers.push(await registerCustomer(server, outboxCode(data.dir)))

    // Products with stock enough for every order of every trial.
    const first = server
    const catalogue = (await apiCall(first, 'products/?size=60')).body.results as Array<{ slug: string }>
    const details = await Promise.all(catalogue.map(async (p) => (await apiCall(first, `products/${p.slug}/`)).body))
    const lines: Line[] = details
      .filter((detail) => detail.stock >= customers * maxTrials)
      .slice(0, linesPerOrder)
      .map((detail) => ({ productId: detail.id, slug: detail.slug, quantity: 1 }))
    expect(lines).toHaveLength(linesPerOrder)
    const fullBasket = sortLines(lines.map(({ productId, quantity }) => ({ productId, quantity })))

    const stockOf = async (s: ServerProcess) =>
      new Map(
        await Promise.all(
          lines.map(
            async (l) => [l.productId, (await apiCall(s, `products/${l.slug}/`)).body.stock as number] as const,
          ),
        ),
      )
    const ordersOf = async (s: ServerProcess, token: string) =>
      (await apiCall(s, 'orders/?size=100', { token })).body.results as Order[]
    const basketOf = async (s: ServerProcess, token: string) =>
      sortLines(
        (
          (await apiCall(s, 'orders/cart/products/', { token })).body.products as Array<{
            product: { id: number }
            quantity: number
          }>
        ).map((line) => ({ productId: line.product.id, quantity: line.quantity })),
      )

    const emptyBaskets = new Set(shoppers.keys())
    let batchMs = 0
    let lo = 0
    let hi = 0
    let mixed = 0
    let trial = 0
    for (; trial < maxTrials && (mixed === 0 || trial < 3); trial++) {
      const live = server
      // Every shopper starts the trial with the same full basket (an intact one was checked after the last trial).
      await Promise.all(
        shoppers.map(async (shopper, index) => {
          if (!emptyBaskets.has(index)) return
          for (const line of lines) {
            const added = await apiCall(live, 'orders/cart/products/', {
              method: 'POST',
              token: shopper.access,
              body: { product_id: line.productId, quantity: line.quantity },
            })
            expect(added.status).toBe(200)
          }
        }),
      )
      const stockBefore = await stockOf(live)
      const ordersBefore = await Promise.all(shoppers.map((s) => ordersOf(live, s.access)))

      // All at once; the process dies at the first answer (first trial) or `delay` ms in.
      const delay = trial === 0 ? null : (lo + hi) / 2
      const acknowledged = new Set<number>()
      const sent = performance.now()
      const submissions = shoppers.map((shopper, index) =>
        apiCall(live, 'orders/', { method: 'POST', token: shopper.access, body: orderBody() }).then(
          (answer) => {
            if (answer.status === 201) acknowledged.add(index)
            return answer.status
          },
          () => 'cut' as const,
        ),
      )
      if (delay === null) {
        expect(await Promise.race(submissions)).toBe(201)
        batchMs = performance.now() - sent
        hi = batchMs
      } else await new Promise((resolve) => setTimeout(resolve, delay))
      live.child.kill('SIGKILL')
      await exitCode(live.child)
      await Promise.all(submissions)

      server = await startServer({ dataDir: data.dir })
      const after = server
      const stockAfter = await stockOf(after)
      const taken = new Map<number, number>()
      let placed = 0
      for (const [index, shopper] of shoppers.entries()) {
        const known = new Set(ordersBefore[index]!.map((o) => o.id))
        const created = (await ordersOf(after, shopper.access)).filter((o) => !known.has(o.id))
        expect(created.length, 'at most one order per submission').toBeLessThanOrEqual(1)
        const basket = await basketOf(after, shopper.access)
        if (created.length === 1) {
          placed++
          emptyBaskets.add(index)
          const items = created[0]!.items.map((item) => ({ productId: item.product_id, quantity: item.quantity }))
          expect(sortLines(items), 'a placed order has every line').toEqual(fullBasket)
          expect(basket, 'a placed order empties the basket').toEqual([])
          for (const line of lines) taken.set(line.productId, (taken.get(line.productId) ?? 0) + line.quantity)
        } else {
          emptyBaskets.delete(index)
          expect(acknowledged.has(index), 'an order answered 201 survives the kill').toBe(false)
          expect(basket, 'no order: the basket is intact').toEqual(fullBasket)
        }
      }
      for (const line of lines)
        expect(stockAfter.get(line.productId), `stock of product ${line.productId}`).toBe(
          stockBefore.get(line.productId)! - (taken.get(line.productId) ?? 0),
        )
      console.log(`trial ${trial + 1}: killed after ${(delay ?? batchMs).toFixed(0)} ms, ${placed}/${customers} placed`)
      if (placed > 0 && placed < customers) mixed++
      else if (delay !== null && placed === customers) hi = delay
      else if (delay !== null) lo = delay
    }
    expect(mixed, `a kill that left some orders placed and some not, in ${trial} trials`).toBeGreaterThan(0)
  } finally {
    server.child.kill('SIGKILL')
    await exitCode(server.child)
    data.remove()
  }
})
