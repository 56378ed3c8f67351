// The bench's spike part: a sale day's crowd of shoppers, each going home →
// list → product → add to basket → basket → checkout, as a browser does it
// page by page (a form post and the redirect after it, cookies kept between
// steps). Shoppers arrive at a steady rate (an open model: a new one every
// 1/rate s, however slow the shop is), raised step by step until the 95th
// percentile of the steps' times passes 500 ms or any request fails; the
// highest rate that held is the shop's sustained rate.
//
// The crowd: first-time visitors (no cookie; their basket is their first),
// returning visitors (a visitor id and a basket from an earlier visit) and
// signed-in customers (a session, two products in the basket, three
// favourites). Returning and signed-in shoppers are a pool, each of them
// many times over: they take the product out again at the end (the basket
// page's remove button), so their baskets stay as they were.

import { Agent, request } from 'node:http'
import { percentile } from './measure.mjs'
import { cpuTimeOf, memoryOf } from './server-process.mjs'
import { signedInShopper } from './shopper.mjs'

/** Shares of each kind of shopper (they add up to 1): a sale brings many new visitors. */
export const crowd = { 'first-time': 0.5, returning: 0.3, 'signed-in': 0.2 }
/** How many returning visitors and signed-in customers the crowd's returning and signed-in shoppers are. */
export const poolSizes = { visitors: 40, accounts: 8 }
const p95Limit = 500
const requestTimeoutMs = 10_000
const userAgent =
  'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126 Mobile Safari/537.36'

/** A browser's cookies for one shopper: set by answers, sent with every request. */
class CookieJar {
  cookies = new Map()
  constructor(initial = '') {
    for (const pair of initial.split(';')) {
      const at = pair.indexOf('=')
      if (at > 0) this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim())
    }
  }
  keep(setCookies = []) {
    for (const line of setCookies) {
      const [pair, ...attributes] = line.split(';')
      const at = pair.indexOf('=')
      const name = pair.slice(0, at).trim()
      const value = pair.slice(at + 1).trim()
      const gone = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=thu, 01 jan 1970/i.test(a))
      if (!value || gone) this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
  }
  get header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }
}

/** One HTTP request on a kept-alive connection; resolves with the status and headers once the body is read. */
function send(target, { method = 'GET', path, jar, body }) {
  return new Promise((resolve) => {
    const headers = {
      'User-Agent': userAgent,
      Accept: 'text/html,application/xhtml+xml',
      'Accept-Encoding': 'gzip, deflate, br',
      'Accept-Language': 'ru',
    }
    if (jar.header) headers.Cookie = jar.header
    if (body) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded'
      headers.Origin = target.origin
    }
    const req = request(
      { host: target.host, port: target.port, method, path, headers, agent: target.agent, timeout: requestTimeoutMs },
      (res) => {
        res.on('data', () => {})
        res.on('end', () => {
          jar.keep(res.headers['set-cookie'])
          resolve({ status: res.statusCode, location: res.headers.location, cache: res.headers['x-cache'] })
        })
        res.on('error', () => resolve({ status: 0 }))
      },
    )
    req.on('timeout', () => req.destroy(new Error('timeout')))
    req.on('error', () => resolve({ status: 0 }))
    req.end(body)
  })
}

/**
 * A page as the browser gets it: the request and every redirect after it (a
 * form's post, then the page it leads to). `ok` when each answer was a page
 * or a redirect; `ms` until the last page's body is in.
 */
async function page(target, jar, first) {
  const started = performance.now()
  let next = first
  let ok = true
  let hops = 0
  let hit = false
  for (;;) {
    const answer = await send(target, { ...next, jar })
    hit ||= answer.cache === 'hit'
    if (answer.status === 302 || answer.status === 303 || answer.status === 301) {
      if (++hops > 3 || !answer.location) {
        ok = false
        break
      }
      const to = new URL(answer.location, target.origin)
      next = { path: `${to.pathname}${to.search}` }
      continue
    }
    ok = answer.status === 200
    break
  }
  return { ok, ms: performance.now() - started, hit }
}

const form = (fields) => new URLSearchParams(fields).toString()

/** One shopper's visit; each step's time and whether it failed go to `record`. */
async function journey(target, shopper, catalogue, record) {
  const product = catalogue.products[Math.floor(Math.random() * catalogue.products.length)]
  const list = catalogue.lists[Math.floor(Math.random() * catalogue.lists.length)]
  const productPath = `/ru/products/${product.slug}`
  const steps = [
    ['home', { path: '/ru' }],
    ['list', { path: list }],
    ['product', { path: productPath }],
    [
      'add',
      {
        method: 'POST',
        path: '/ru/basket',
        body: form({ intent: 'add', product_id: product.id, redirectTo: `${productPath}#product-${product.id}` }),
      },
    ],
    ['basket', { path: '/ru/basket' }],
    // A signed-in customer's checkout (their basket's totals and the delivery step); a visitor's way to sign-in.
    ['checkout', { path: '/ru/checkout' }],
  ]
  if (shopper.kind !== 'first-time')
    steps.push([
      'remove',
      {
        method: 'POST',
        path: '/ru/basket',
        body: form({ intent: 'remove', product_id: product.id, redirectTo: '/ru/basket' }),
      },
    ])
  for (const [name, step] of steps) {
    const result = await page(target, shopper.jar, step)
    record(shopper.kind, name, result)
    // A shopper whose page failed leaves.
    if (!result.ok) return
  }
}

/**
 * The pool of returning visitors (a visitor id and a product in the basket from
 * an earlier visit) and signed-in customers the crowd draws from.
 */
export async function prepareCrowd(
  base,
  dataDir,
  { products, accounts = poolSizes.accounts, visitors = poolSizes.visitors },
) {
  const target = targetOf(base)
  const returning = []
  for (let i = 0; i < visitors; i++) {
    const jar = new CookieJar('i18n_redirected=ru')
    const product = products[(i * 7) % products.length]
    const added = await page(target, jar, {
      method: 'POST',
      path: '/ru/basket',
      body: form({ intent: 'add', product_id: product.id, redirectTo: `/ru/products/${product.slug}` }),
    })
    if (!added.ok || !jar.cookies.has('visitorId')) throw new Error('bench spike: a visitor could not fill a basket')
    returning.push({ kind: 'returning', jar })
  }
  const signedIn = []
  for (let i = 0; i < accounts; i++) {
    const cookie = await signedInShopper(base, dataDir, {
      phone: `+9989012345${String(70 + i)}`,
      basket: [products[i % products.length].id, products[(i + 1) % products.length].id],
      liked: [0, 1, 2].map((k) => products[(i + k + 2) % products.length].id),
    })
    signedIn.push({ kind: 'signed-in', jar: new CookieJar(cookie) })
  }
  target.agent.destroy()
  return { returning, signedIn }
}

function targetOf(base) {
  const url = new URL(base)
  // Connections are kept and reused, as a browser's are; as many as the crowd needs at once.
  const agent = new Agent({ keepAlive: true, maxSockets: 512 })
  return { origin: url.origin, host: url.hostname, port: Number(url.port), agent }
}

/**
 * Shoppers for `seconds` at `rate` a second; resolves once every shopper
 * started has finished (or given up): their steps' times, failures and the
 * share of pages served from the page cache.
 */
async function runAt(base, rate, seconds, catalogue, pool) {
  const target = targetOf(base)
  const times = []
  const byKind = new Map()
  let failures = 0
  let pages = 0
  let hits = 0
  const record = (kind, _step, result) => {
    pages++
    if (result.hit) hits++
    if (!result.ok) failures++
    times.push(result.ms)
    if (!byKind.has(kind)) byKind.set(kind, [])
    byKind.get(kind).push(result.ms)
  }
  const started = performance.now()
  const total = Math.max(1, Math.round(rate * seconds))
  const running = []
  const kinds = Object.entries(crowd)
  const taken = { returning: 0, 'signed-in': 0 }
  for (let i = 0; i < total; i++) {
    // Arrivals on schedule, however far behind the shop is (that is what a crowd does).
    const due = started + (i * 1000) / rate
    const wait = due - performance.now()
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait))
    let roll = (i * 0.618_033_988_75) % 1
    let kind = kinds[0][0]
    for (const [name, share] of kinds) {
      if (roll < share) {
        kind = name
        break
      }
      roll -= share
    }
    const members = kind === 'returning' ? pool.returning : pool.signedIn
    const shopper = kind === 'first-time' ? { kind, jar: new CookieJar() } : members[taken[kind]++ % members.length]
    running.push(journey(target, shopper, catalogue, record))
  }
  await Promise.all(running)
  const elapsed = (performance.now() - started) / 1000
  target.agent.destroy()
  times.sort((a, b) => a - b)
  const kindsP95 = Object.fromEntries(
    [...byKind].map(([kind, list]) => [
      kind,
      percentile(
        list.sort((a, b) => a - b),
        95,
      ),
    ]),
  )
  return {
    rate,
    shoppers: total,
    pages,
    pagesPerSecond: pages / elapsed,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    failures,
    hitShare: pages ? hits / pages : 0,
    kindsP95,
  }
}

/**
 * After an unrecorded warm-up at `from`, raises the arrival rate (×1.5 a step)
 * until a step fails (p95 over 500 ms or any failure), then tries twice between
 * the last rate that held and the first that did not. Each step's result, with
 * the server's memory and the CPU time a shopper cost (the server's, plus
 * `databaseCpu`'s for a database in processes of its own), goes to `onStep`
 * as it ends.
 */
export async function spikeBench(
  base,
  { pid, databaseCpu = () => 0, catalogue, pool, seconds, from = 2, onStep = () => {} },
) {
  const steps = []
  const cpu = () => cpuTimeOf(pid) + databaseCpu()
  const measure = async (rate) => {
    const cpuBefore = cpu()
    const step = await runAt(base, rate, seconds, catalogue, pool)
    step.cpuPerShopper = (cpu() - cpuBefore) / step.shoppers
    const memory = memoryOf(pid)
    step.rss = memory.rss
    step.peak = memory.peak
    step.held = step.failures === 0 && step.p95 <= p95Limit
    steps.push(step)
    onStep(step)
    // A step that overran leaves work behind: let the server settle before the next.
    if (!step.held) await new Promise((resolve) => setTimeout(resolve, 5000))
    return step
  }
  // Unrecorded: the first pages of a fresh start (V8's compiler, the caches) are not the shop's pace.
  await runAt(base, from, Math.min(seconds, 10), catalogue, pool)
  let held = null
  let failed = null
  for (let rate = from; ; rate *= 1.5) {
    const step = await measure(rate)
    if (step.held) held = step
    else {
      failed = step
      break
    }
  }
  for (let i = 0; i < 2; i++) {
    const low = held?.rate ?? 0
    const rate = (low + failed.rate) / 2
    if (rate < from / 2) break
    const step = await measure(rate)
    if (step.held) held = step
    else failed = step
  }
  return { steps, held, failed }
}

export { p95Limit }
