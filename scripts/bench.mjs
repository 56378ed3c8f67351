// `npm run bench`: speed, memory and page weight of the production build on one
// process, printed as tables and written into docs/measured.md
// (one marked block per part, database and catalogue size).
//
//   npm run bench                          every part on the 2,000-product demo (PGlite)
//   npm run bench -- --only lighthouse     one part or several: server,memory,profile,bytes,lighthouse,interactive,import
//   npm run bench -- --no-readme           print only
//   BENCH_PRODUCTS=100000 npm run bench -- --only server,memory
//   DATABASE_URL=postgres://… npm run bench   the same on PostgreSQL (an empty database: it is seeded)
//
// Parts: server (render time one request at a time, req/s under load, and the
// product page as a static file from the same server: the ceiling), memory
// (resident set after start and after 10,000 mixed requests), bytes (JS and CSS
// gzip per page type), profile (where the server's CPU goes on the product and
// home pages, for a returning visitor and a signed-in shopper: V8's sampling
// profiler through the inspector, tests/bench/profile.mjs), lighthouse (mobile
// scores; includes bytes), interactive
// (a throttled phone taps the product page's search box and types: time to the
// first live suggestion, tests/bench/interactive.mjs), import (a
// 100,000-row spreadsheet through the back office: check, then apply, with the
// latency of /healthz and the home page meanwhile; it changes the catalogue,
// so it runs last).
// Settings: BENCH_PRODUCTS (2000), BENCH_REQUESTS (sequential renders per page,
// 100), BENCH_SECONDS (load per page, 10), BENCH_CONNECTIONS (concurrent
// clients, 10), BENCH_MIXED (requests of the memory part, 10000),
// BENCH_PROFILE_REQUESTS (profiled requests per page, 50),
// BENCH_LIGHTHOUSE_RUNS (runs per page, median taken, 1), BENCH_INTERACTIVE_RUNS
// (visits per network and moment, median taken, 3), BENCH_IMPORT_ROWS (rows of the
// import part, 100000), BENCH_DATA_DIR (keep
// and reuse this data folder, e.g. for a 100,000-product catalogue, instead of a fresh one).

import { mkdirSync, mkdtempSync, readFileSync, rmdirSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir, totalmem } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseCommandLine } from '../api/command-line.ts'
import { describeUrl } from '../api/db/connection.ts'
import { importBench, productCount } from '../tests/bench/import.mjs'
import { mixedLoad, percentile, renderTimes, throughput } from '../tests/bench/measure.mjs'
import { assetBytes, assetsOf } from '../tests/bench/page-assets.mjs'
import { setBlock } from '../tests/bench/readme-blocks.mjs'
import {
  cpuTimeOf,
  ensureBuild,
  memoryOf,
  memorySplitOf,
  metricsToken,
  startServer,
} from '../tests/bench/server-process.mjs'
import { signedInShopper } from '../tests/bench/shopper.mjs'

const parts = ['server', 'memory', 'profile', 'bytes', 'lighthouse', 'interactive', 'import']
// The usage, then this file's opening comment.
const usage = `Usage: npm run bench -- [--only part,…] [--no-readme]\n\n${readFileSync(
  fileURLToPath(import.meta.url),
  'utf8',
)
  .split('\nimport ')[0]
  .replace(/^\/\/ ?/gm, '')}`
const { values: args } = parseCommandLine({
  usage,
  options: { only: { type: 'string', multiple: true }, 'no-readme': { type: 'boolean' } },
})
const only = new Set((args.only ?? parts).flatMap((value) => value.split(',')).map((part) => part.trim()))
for (const part of only) {
  if (!parts.includes(part)) {
    console.error(`bench: unknown part "${part}"; parts: ${parts.join(', ')}\n\n${usage}`)
    process.exit(2)
  }
}
const run = (part) => only.has(part)

const root = fileURLToPath(new URL('..', import.meta.url))
const products = Number(process.env.BENCH_PRODUCTS ?? 2000)
const requests = Number(process.env.BENCH_REQUESTS ?? 100)
const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10)
const mixedRequests = Number(process.env.BENCH_MIXED ?? 10_000)
const profileRequests = Number(process.env.BENCH_PROFILE_REQUESTS ?? 50)
const lighthouseRuns = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 1)
const interactiveRuns = Number(process.env.BENCH_INTERACTIVE_RUNS ?? 3)
const clientDir = join(root, 'build/client')
// The product page saved as a file under build/client, which the server's static middleware
// serves; a folder per run, so that two runs at once do not remove each other's.
const ceilingDir = join(clientDir, 'bench-ceiling', String(process.pid))
const ceilingPath = `/bench-ceiling/${process.pid}/product.html`

const keepData = Boolean(process.env.BENCH_DATA_DIR)
const dataDir = keepData ? process.env.BENCH_DATA_DIR : mkdtempSync(join(tmpdir(), 'atir-bench-'))
console.log(
  `npm run bench on ${process.env.DATABASE_URL ? `PostgreSQL ${describeUrl(process.env.DATABASE_URL)} (DATABASE_URL)` : `the embedded database in ${dataDir}`}${keepData ? ' (BENCH_DATA_DIR)' : ', a new data folder'}; parts ${[...only].join(', ')}`,
)
ensureBuild(root)

// Other work on the machine skews every figure: the 1-minute load average before
// the server starts (this script's own load not yet in it) is reported with them.
const loadAtStart = loadavg()[0]
console.log(`bench: starting the production server (${products} products, data in ${dataDir})`)
let startedAt = performance.now()
// The profile part reads the server's CPU profile through its inspector.
const inspect = run('profile')
let server = await startServer({ root, dataDir, products, inspect })
let startSeconds = (performance.now() - startedAt) / 1000
// A shop restarts on a seeded database; the first start's seeding (and the
// embedded database's memory it leaves behind) would skew every figure.
const seedSeconds = server.seeded ? startSeconds : null
if (server.seeded) {
  console.log(`bench: seeded in ${seedSeconds.toFixed(1)} s; restarting on the seeded database`)
  await server.stop()
  startedAt = performance.now()
  server = await startServer({ root, dataDir, products, inspect })
  startSeconds = (performance.now() - startedAt) / 1000
}
const memoryAtStart = memoryOf(server.pid)
const splitAtStart = run('memory') ? await memorySplitOf(server.base, server.pid) : null
let cleaned = false
const cleanUp = () => {
  if (cleaned) return
  cleaned = true
  if (server.process.exitCode === null) server.process.kill('SIGTERM')
  rmSync(ceilingDir, { recursive: true, force: true })
  try {
    rmdirSync(dirname(ceilingDir))
  } catch {}
  if (!keepData) rmSync(dataDir, { recursive: true, force: true })
}
process.on('exit', cleanUp)
process.on('SIGINT', () => process.exit(130))
const base = server.base

// A returning anonymous visitor in a browser: a language cookie and a basket id, plain HTML.
const headers = {
  'User-Agent':
    'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126 Mobile Safari/537.36',
  Cookie: 'visitorId=benchmarkvisitor000000; i18n_redirected=ru',
  'Accept-Encoding': 'identity',
}
async function getJson(path) {
  const response = await fetch(base + path, { headers: { 'Accept-Language': 'ru' } })
  if (!response.ok) throw new Error(`${path} answered ${response.status}`)
  return response.json()
}
async function getText(path) {
  const response = await fetch(base + path, { headers })
  if (!response.ok) throw new Error(`${path} answered ${response.status}`)
  return response.text()
}
const popular = await getJson('/api/v1/products/?size=20&ordering=popularity')
// The shop's lists show one card per line (a line's sizes share it): the back office counts products.
const catalogueSize = await productCount(base)
const slugs = popular.results.map((product) => product.slug)
const productIds = popular.results.map((product) => product.id)
const slug = slugs[0]
if (!slug) throw new Error('no product to benchmark')
if (catalogueSize !== products) {
  console.warn(
    `bench: the database already held ${catalogueSize} products (BENCH_PRODUCTS=${products} seeds only an empty one); the figures are for ${catalogueSize}`,
  )
}

const pages = {
  home: '/ru',
  list: '/ru/products?sections=womens-perfume',
  category: '/ru/products/category/mens-perfume',
  product: `/ru/products/${slug}`,
  basket: '/ru/basket',
  login: '/ru/login',
}
// The header search asks with what the shopper typed and 10-16 results: a
// different query or size each time, so the API's response cache never answers.
const queries = [
  'dior sauvage',
  'шанель',
  'lankom',
  'армани код',
  'dolce gabana',
  'tom ford',
  '100 ml',
  'versace eros',
  'жасмин',
  'gucci bloom',
  'paco rabanne',
  'black opium',
  'гель для душа',
  'niche',
  'la vie est belle',
  'boss',
]
// A signed-in shopper's browser (two products in the basket, three favourites), made when a part
// first needs it (after the memory part's "after start"), for the signed-in row and the profile.
let shopper = null
async function signedInHeaders() {
  shopper ??= {
    ...headers,
    Cookie: await signedInShopper(base, dataDir, { basket: productIds.slice(1, 3), liked: productIds.slice(0, 3) }),
  }
  return shopper
}
const searchPath = (i) =>
  `/api/v1/products/?search=${encodeURIComponent(queries[i % queries.length])}&size=${10 + (Math.floor(i / queries.length) % 7)}`

const cpuModel =
  /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1]?.trim() ?? cpus()[0]?.model.trim()
const machine = `${cpus().length} cores (${cpuModel ?? 'unknown CPU'}), ${(totalmem() / 2 ** 30).toFixed(0)} GB RAM, Node ${process.version}`
const date = new Date().toISOString().slice(0, 10)
const database = server.kind === 'postgres' ? 'PostgreSQL' : 'embedded PGlite'
const catalogue = `${catalogueSize.toLocaleString('en')} products`
const loaded = loadAtStart > 1
const loadNote = `load average ${loadAtStart.toFixed(1)} when it started${
  loaded ? ' (other work shared the 2 cores: figures are lower bounds)' : ' (a quiet machine)'
}`
const heapLimit = process.env.HEAP_MB ? `HEAP_MB=${process.env.HEAP_MB} ` : ''
const command = (part) =>
  `${heapLimit}${server.kind === 'postgres' ? 'DATABASE_URL=postgres://… ' : ''}${products === 2000 ? '' : `BENCH_PRODUCTS=${products} `}${
    part === 'lighthouse' && lighthouseRuns !== 1 ? `BENCH_LIGHTHOUSE_RUNS=${lighthouseRuns} ` : ''
  }${part === 'interactive' && interactiveRuns !== 3 ? `BENCH_INTERACTIVE_RUNS=${interactiveRuns} ` : ''}npm run bench -- --only ${part}`
const heading = (part, what) =>
  `\`${command(part)}\` on ${date}, ${machine}; ${database}, ${catalogue}; ${loadNote}. ${what}`
// A run with a heap limit has blocks of its own, beside the default's.
const blockKey = (part) =>
  `${part}:${server.kind}:${products}${process.env.HEAP_MB ? `:heap${process.env.HEAP_MB}` : ''}`
const kb = (n) => `${(n / 1024).toFixed(1)} KB`
const mb = (n) => `${(n / 2 ** 20).toFixed(0)} MB`
const ms = (n) => `${n.toFixed(1)} ms`
const blocks = []
const targets = []

// Memory first: "after start" must be before any other part warms the caches.
if (run('memory')) {
  const home = await getText(pages.home)
  const { js, css } = assetsOf(home)
  const images = [...home.matchAll(/<img\b[^>]*\bsrc="(\/api\/v1\/media\/[^"]+)"/g)].map((m) => m[1]).slice(0, 8)
  // One round of the mix: 2 home, 3 list, 5 product, 5 search, 5 static files.
  const round = (i) => [
    pages.home,
    `/ru/products?page=${(i % 5) + 1}`,
    `/ru/products/${slugs[i % slugs.length]}`,
    searchPath(i * 5),
    js[i % js.length],
    pages.list,
    `/ru/products/${slugs[(i + 7) % slugs.length]}`,
    searchPath(i * 5 + 1),
    css[i % css.length] ?? js[(i + 1) % js.length],
    `/ru/products/category/${i % 2 ? 'mens-perfume' : 'womens-perfume'}`,
    `/ru/products/${slugs[(i + 13) % slugs.length]}`,
    searchPath(i * 5 + 2),
    images[i % images.length] ?? js[(i + 2) % js.length],
    pages.home,
    `/ru/products/${slugs[(i + 3) % slugs.length]}`,
    searchPath(i * 5 + 3),
    js[(i + 3) % js.length],
    `/ru/products/${slugs[(i + 17) % slugs.length]}`,
    searchPath(i * 5 + 4),
    images[(i + 1) % images.length] ?? js[(i + 4) % js.length],
  ]
  // `page=1` keeps these searches out of the response cache entries the server part then times.
  const paths = Array.from({ length: 50 }, (_, i) => round(i))
    .flat()
    .map((path) => (path.startsWith('/api/v1/products/?search=') ? `${path}&page=1` : path))
  console.log(`bench: memory: ${mixedRequests} mixed requests, ${connections} clients…`)
  const load = await mixedLoad(base, paths, { amount: mixedRequests, connections, headers })
  const after = memoryOf(server.pid)
  const splitAfter = await memorySplitOf(base, server.pid)
  const rssLimit = server.kind === 'postgres' ? 400 : 600
  targets.push({
    target: `RSS after the ${mixedRequests.toLocaleString('en')}-request mix ≤ ${rssLimit} MB (${database})`,
    met: after.rss <= rssLimit * 2 ** 20,
    figure: `${mb(after.rss)} (peak ${mb(after.peak)})`,
  })
  console.log(
    `bench: memory: RSS ${mb(memoryAtStart.rss)} after start, ${mb(after.rss)} after ${load.requests} requests (peak ${mb(after.peak)}), ${load.errors} errors`,
  )
  blocks.push({
    key: blockKey('memory'),
    body: [
      heading(
        'memory',
        `Resident set size of the one server process (\`VmRSS\` in /proc): when it answers /healthz (a restart on the seeded database: ready in ${startSeconds.toFixed(1)} s${seedSeconds ? `; the first start, seeding included, took ${seedSeconds.toFixed(0)} s` : ''}), and after ${load.requests.toLocaleString('en')} requests from ${connections} clients mixing home, list, category and product pages, the search API (a different query each time) and static files (scripts, stylesheets, images): of every 20, 2 home, 3 list, 5 product, 5 search and 5 static.`,
      ),
      '',
      '| after start | after the mixed requests | peak | mixed req/s | errors |',
      '| ---: | ---: | ---: | ---: | ---: |',
      `| ${mb(memoryAtStart.rss)} | ${mb(after.rss)} | ${mb(after.peak)} | ${load.rps.toFixed(0)} | ${load.errors} |`,
      '',
      "Where it is (from /metrics): V8's heap, what V8 knows of outside it (buffers), and the rest of the resident set (the embedded database's WebAssembly memory, native libraries, the allocator's free pages).",
      '',
      '| | V8 heap used | V8 heap reserved | outside the heap | the rest |',
      '| --- | ---: | ---: | ---: | ---: |',
      ...[
        ['after start', splitAtStart],
        ['after the mix', splitAfter],
      ].map(([when, m]) => `| ${when} | ${mb(m.heapUsed)} | ${mb(m.heapTotal)} | ${mb(m.external)} | ${mb(m.rest)} |`),
    ].join('\n'),
  })
}

if (run('server')) {
  const list = [
    { name: 'home', path: pages.home, load: true },
    { name: 'product list', path: pages.list, load: true },
    { name: 'category', path: pages.category, load: false },
    { name: 'product', path: pages.product, load: true },
    // A first-time visitor (no cookie but the language's): the page cache's answer (server/page-cache.ts).
    {
      name: 'product, first-time visitor',
      path: pages.product,
      load: true,
      headers: { ...headers, Cookie: 'i18n_redirected=ru' },
    },
    // A signed-in shopper's (the header's name, badges, basket and favourites, the review form's state).
    { name: 'product, signed in', path: pages.product, load: true, headers: await signedInHeaders() },
  ]
  const results = []
  {
    const times = []
    let cached = 0
    const cpuBefore = cpuTimeOf(server.pid)
    for (let i = 0; i < requests; i++) {
      const started = performance.now()
      const response = await fetch(base + searchPath(i), { headers: { 'Accept-Language': 'ru' } })
      await response.arrayBuffer()
      times.push(performance.now() - started)
      if (!response.ok) throw new Error(`search answered ${response.status}`)
      if (response.headers.get('x-cache') === 'hit') cached++
    }
    if (cached) console.warn(`bench: ${cached} of ${requests} searches came from the API's response cache`)
    times.sort((a, b) => a - b)
    const cpu = (cpuTimeOf(server.pid) - cpuBefore) / requests
    const render = { median: percentile(times, 50), p95: percentile(times, 95) }
    results.push({ name: 'search API', path: '/api/v1/products/?search=…', render, load: null, cpu })
    console.log(`bench: search API: median ${ms(render.median)}, p95 ${ms(render.p95)}`)
    targets.push({ target: `search API p95 ≤ 30 ms at ${catalogue}`, met: render.p95 <= 30, figure: ms(render.p95) })
  }
  // The ceiling: the product page's own HTML as a file, served by the same process.
  mkdirSync(ceilingDir, { recursive: true })
  writeFileSync(join(clientDir, ceilingPath), await getText(pages.product))
  list.push({ name: 'product as a static file (ceiling)', path: ceilingPath, load: true })
  for (const page of list) {
    const url = base + page.path
    // Warm up: the API's response cache, the image versions, V8's JIT.
    for (let i = 0; i < 10; i++) await getText(page.path)
    const cpuBefore = cpuTimeOf(server.pid)
    const render = await renderTimes(url, { count: requests, headers: page.headers ?? headers })
    const cpu = (cpuTimeOf(server.pid) - cpuBefore) / requests
    const load = page.load ? await throughput(url, { connections, seconds, headers: page.headers ?? headers }) : null
    results.push({ ...page, render, load, cpu })
    console.log(
      `bench: ${page.name}: median ${ms(render.median)}, p95 ${ms(render.p95)}${load ? `, ${load.rps.toFixed(0)} req/s` : ''}`,
    )
  }
  const product = results.find((r) => r.name === 'product')
  const ceiling = results.find((r) => r.path === ceilingPath)
  const share = product.load.rps / ceiling.load.rps
  const firstTime = results.find((r) => r.name === 'product, first-time visitor')
  const firstShare = firstTime.load.rps / ceiling.load.rps
  const signed = results.find((r) => r.name === 'product, signed in')
  const signedShare = signed.load.rps / ceiling.load.rps
  const home = results.find((r) => r.name === 'home')
  const homeShare = home.load.rps / ceiling.load.rps
  const percent = (x) => `${(x * 100).toFixed(1)} % (${load(x)})`
  const load = (x) => `${(x * ceiling.load.rps).toFixed(0)} of ${ceiling.load.rps.toFixed(0)} req/s`
  targets.push(
    {
      target: 'product page for a first-time visitor ≥ 20 % of the static-file ceiling',
      met: firstShare >= 0.2,
      figure: `${(firstShare * 100).toFixed(0)} %`,
    },
    { target: 'rendered product page ≥ 8 % of the static-file ceiling', met: share >= 0.08, figure: percent(share) },
    { target: 'home page ≥ 6 % of the static-file ceiling', met: homeShare >= 0.06, figure: percent(homeShare) },
    {
      target: "a signed-in shopper's product page ≥ 6 % of the static-file ceiling",
      met: signedShare >= 0.06,
      figure: percent(signedShare),
    },
  )
  const table = [
    '| page | render median | render p95 | server CPU per request | req/s (10 clients) | latency p99 under load |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...results.map(
      (r) =>
        `| ${r.name} (\`${r.path.replace(slug, '{slug}').replace(ceilingPath, '/bench-ceiling/{run}/product.html')}\`) | ${ms(r.render.median)} | ${ms(r.render.p95)} | ${ms(r.cpu)} | ${
          r.load ? `${r.load.rps.toFixed(0)}${r.load.errors ? ` (${r.load.errors} errors)` : ''}` : '—'
        } | ${r.load ? `${r.load.p99} ms` : '—'} |`,
    ),
  ]
  blocks.push({
    key: blockKey('server'),
    body: [
      heading(
        'server',
        `Render time is one request at a time to the last byte (median and 95th percentile of ${requests}); server CPU per request is the CPU time the server process used during those sequential requests, divided by their number: it hardly depends on other work on the machine (with PGlite it includes the database, which runs inside the process; PostgreSQL's own processes are not counted). Requests per second are ${connections} concurrent clients for ${seconds} s against the one process, autocannon on the same machine. The last row is the product page's HTML saved under build/client and served by the same server's static middleware: the ceiling for this machine and process. The rendered product page (a returning visitor with a visitor id, rendered every time) reaches **${(share * 100).toFixed(share < 0.1 ? 1 : 0)} %** of it (${product.load.rps.toFixed(0)} of ${ceiling.load.rps.toFixed(0)} req/s), the home page **${(homeShare * 100).toFixed(1)} %**, a signed-in shopper's product page (two products in the basket, three favourites) **${(signedShare * 100).toFixed(1)} %**; for a first-time visitor (no cookie but the language's), served from the page cache, **${(firstShare * 100).toFixed(0)} %** (${firstTime.load.rps.toFixed(0)} req/s).`,
      ),
      '',
      ...table,
    ].join('\n'),
  })
  console.log(
    `\n${table.join('\n')}\nproduct page / static file: ${(share * 100).toFixed(1)} %, first-time visitor: ${(firstShare * 100).toFixed(1)} %\n`,
  )
}

if (run('profile')) {
  const { buckets, profilePages } = await import('../tests/bench/profile.mjs')
  const signed = await signedInHeaders()
  const profiled = [
    { name: 'product, returning visitor', path: pages.product, headers },
    { name: 'product, signed in', path: pages.product, headers: signed },
    { name: 'home, returning visitor', path: pages.home, headers },
    { name: 'home, signed in', path: pages.home, headers: signed },
  ]
  console.log(`bench: profile: ${profileRequests} requests of each page, one at a time, under the profiler…`)
  const results = await profilePages(base, { inspectPort: server.inspectPort, pid: server.pid }, profiled, {
    count: profileRequests,
    root,
    metricsToken,
  })
  const names = [...buckets.map((b) => b.name), 'other'].filter((name) => results.some((r) => r.buckets.get(name)))
  const cell = (r, name) => {
    const value = r.buckets.get(name) ?? 0
    return `${value.toFixed(1)} (${((100 * value) / r.total).toFixed(0)} %)`
  }
  const table = [
    `| where the CPU went, ms per request (share) | ${results.map((r) => r.name).join(' | ')} |`,
    `| --- |${results.map(() => ' ---: |').join('')}`,
    ...names.map((name) => `| ${name} | ${results.map((r) => cell(r, name)).join(' | ')} |`),
    `| **all of it** | ${results.map((r) => `**${r.total.toFixed(1)}**`).join(' | ')} |`,
    `| database queries per page | ${results.map((r) => r.queries.toFixed(1)).join(' | ')} |`,
  ]
  blocks.push({
    key: blockKey('profile'),
    body: [
      heading(
        'profile',
        `V8's sampling profiler (every 250 µs, through the server's inspector) while ${profileRequests} requests of each page are made one at a time, after 10 unprofiled ones; the product page \`${pages.product.replace(slug, '{slug}')}\` and home \`${pages.home}\`, for a returning visitor (a visitor id, nothing in the basket) and a signed-in shopper (two products in the basket, three favourites). Each sample goes to the innermost frame of its stack that belongs to a row (tests/bench/profile.mjs): a JSON.parse inside the API client is JSON, a query inside a service the database. Idle time is left out; under load a preempted thread's samples still count, so compare the shares more than the milliseconds. Database queries per page from /metrics.`,
      ),
      '',
      ...table,
    ].join('\n'),
  })
  console.log(`\n${table.join('\n')}\n`)
}

if (run('bytes') || run('lighthouse')) {
  const browserPages = ['home', 'list', 'product', 'basket', 'login']
  const rows = []
  let lighthouse = null
  if (run('lighthouse')) {
    const { startChromium } = await import('../tests/bench/lighthouse.mjs')
    lighthouse = { ...(await import('../tests/bench/lighthouse.mjs')), chromium: await startChromium() }
  }
  try {
    for (const name of browserPages) {
      const html = await getText(pages[name])
      const bytes = assetBytes(clientDir, html)
      let audit = null
      if (lighthouse) {
        console.log(`bench: lighthouse ${name} (${lighthouseRuns} run${lighthouseRuns > 1 ? 's' : ''})…`)
        audit = await lighthouse.medianAudit(base + pages[name], lighthouse.chromium.port, lighthouseRuns)
        console.log(`bench: lighthouse ${name}: ${JSON.stringify(audit.scores)} ${JSON.stringify(audit.metrics)}`)
        for (const lost of audit.lost)
          console.log(`    ${lost.category}: ${lost.id} (${lost.score}) ${lost.title} ${lost.value}`)
        for (const id of lighthouse.categories) {
          const want = id === 'accessibility' ? 100 : 95
          targets.push({
            target: `Lighthouse ${id} ≥ ${want} on ${name}`,
            met: audit.scores[id] >= want,
            figure: String(audit.scores[id]),
          })
        }
      }
      rows.push({ name, path: pages[name], bytes, audit })
      if (name === 'product')
        targets.push({
          target: 'JS ≤ 110 KB gzip on the product page',
          met: bytes.js <= 110 * 1024,
          figure: kb(bytes.js),
        })
      targets.push({
        target: `≤ 12 script files on ${name}`,
        met: bytes.jsFiles <= 12,
        figure: String(bytes.jsFiles),
      })
    }
  } finally {
    await lighthouse?.chromium.stop()
  }
  const score = (row, id) => (row.audit ? String(row.audit.scores[id] ?? '—') : '—')
  const table = [
    `| page | JS gzip | CSS gzip | HTML gzip |${lighthouse ? ' performance | accessibility | best practices | SEO | LCP | TBT | CLS |' : ''}`,
    `| --- | ---: | ---: | ---: |${lighthouse ? ' ---: | ---: | ---: | ---: | ---: | ---: | ---: |' : ''}`,
    ...rows.map(
      (r) =>
        `| ${r.name} (\`${r.path.replace(slug, '{slug}')}\`) | ${kb(r.bytes.js)} + texts ${kb(r.bytes.texts)} (${r.bytes.jsFiles} files) | ${kb(r.bytes.css)} (${r.bytes.cssFiles}) | ${kb(r.bytes.html)} |${
          lighthouse
            ? ` ${['performance', 'accessibility', 'best-practices', 'seo'].map((id) => score(r, id)).join(' | ')} | ${r.audit.metrics['largest-contentful-paint']} | ${r.audit.metrics['total-blocking-time']} | ${r.audit.metrics['cumulative-layout-shift']} |`
            : ''
        }`,
    ),
  ]
  const lost = lighthouse
    ? rows.flatMap((r) =>
        r.audit.lost
          .filter((l) => l.category !== 'performance')
          .map((l) => `- ${r.name}: ${l.category} — ${l.title}${l.value ? ` (${l.value})` : ''}`),
      )
    : []
  blocks.push({
    key: blockKey(lighthouse ? 'browser' : 'bytes'),
    body: [
      heading(
        lighthouse ? 'lighthouse' : 'bytes',
        `Bytes are what a first visit downloads before the page runs: module scripts and modulepreloads, stylesheets (gzip level 6 of the built files), and the document itself.${
          lighthouse
            ? ` Lighthouse ${rows[0]?.audit?.version ?? ''}: its default mobile run (simulated slow 4G and a 4× slower CPU), system Chromium headless${lighthouseRuns > 1 ? `, median of ${lighthouseRuns} runs per page` : ', one run per page'}; a guest with no cookies.`
            : ''
        }`,
      ),
      '',
      ...table,
      ...(lost.length ? ['', 'Points lost outside performance:', ...lost] : []),
    ].join('\n'),
  })
  console.log(`\n${table.join('\n')}\n${lost.join('\n')}\n`)
}

if (run('interactive')) {
  const { interactiveBench } = await import('../tests/bench/interactive.mjs')
  console.log(
    `bench: interactive: a throttled phone taps the product page's search box (${interactiveRuns} visits each)…`,
  )
  const results = await interactiveBench(base + pages.product, interactiveRuns)
  const seconds = (n) => `${(n / 1000).toFixed(1)} s`
  const table = [
    '| network | tap | tap → first suggestion | tap → page alive | word intact | script files |',
    '| --- | --- | ---: | ---: | --- | ---: |',
    ...results.map(
      (r) =>
        `| ${r.profile.name} | ${r.moment} | ${seconds(r.found)} | ${seconds(r.alive)} | ${r.intact ? 'yes' : '**no**'} | ${r.scripts} |`,
    ),
  ]
  for (const r of results) {
    targets.push({
      target: `tap → first suggestion ≤ ${seconds(r.profile.target)}, ${r.profile.name}, tap ${r.moment}`,
      met: r.found <= r.profile.target && r.intact,
      figure: `${seconds(r.found)}${r.intact ? '' : ', the word was not intact'}`,
    })
  }
  blocks.push({
    key: blockKey('interactive'),
    body: [
      heading(
        'interactive',
        `A product page (\`${pages.product.replace(slug, '{slug}')}\`) opened with a cold cache in Chromium emulating a phone (390 × 844, touch), throttled through the DevTools protocol; the search box tapped and «живанши» typed (100 ms between letters), either at once (at \`load\`) or once the page has settled (the network quiet, the scripts fetched meanwhile at idle). Median of ${interactiveRuns} visits each: from the tap to the first live suggestion, and to the page being alive (the box has become the live combobox); script files fetched in all.`,
      ),
      '',
      ...table,
    ].join('\n'),
  })
  console.log(`\n${table.join('\n')}\n`)
}

if (run('import')) {
  const rows = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000)
  console.log(
    `bench: import: a ${rows.toLocaleString('en')}-row CSV, checked then applied, /healthz and ${pages.home} asked meanwhile…`,
  )
  const rssBefore = memoryOf(server.pid).rss
  const result = await importBench(base, server.pid, rows, pages.home)
  const total = result.checkSeconds + result.applySeconds
  const { counts, latency } = result
  const ms = (value) => (value === undefined ? '–' : `${Math.round(value)} ms`)
  const during = (what, phase) => `${ms(latency[what][phase]?.p95)} / ${ms(latency[what][phase]?.max)}`
  console.log(
    `bench: import: checked in ${result.checkSeconds.toFixed(1)} s, applied in ${result.applySeconds.toFixed(1)} s; RSS ${mb(rssBefore)} → peak ${mb(result.peak)}`,
  )
  for (const phase of ['check', 'apply'])
    console.log(
      `bench: import: during the ${phase}: /healthz p95/max ${during('healthz', phase)} (${latency.healthz[phase]?.count ?? 0} asked), ${pages.home} ${during('page', phase)}`,
    )
  blocks.push({
    key: blockKey('import'),
    body: [
      heading(
        'import',
        `A ${result.rows.toLocaleString('en')}-row CSV (${mb(result.bytes)}, a price list: product, price and stock in "prices" mode) uploaded to admin/products/import/ as the demo owner: every product of the catalogue with a new price and stock (${counts.changed.toLocaleString('en')} changed), the other rows products the shop does not have (${counts.rejected.toLocaleString('en')} checked and refused). "Check" is upload to preview (counted, read, matched, compared, saved as a batch); "apply" is from the click to applied (in slices of one short transaction each: stock movements, search keys, one audit entry). Meanwhile \`/healthz\` was asked every 100 ms and the home page (\`${pages.home}\`) every 500 ms, one request at a time: their p95 and slowest answer during each. Memory: the server's resident set before the import and its peak (\`VmHWM\`; run \`--only import\` for a peak of the import alone).`,
      ),
      '',
      '| rows | check | apply | total | /healthz during check (p95 / max) | during apply | home page during check | during apply | RSS before | peak RSS |',
      '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
      `| ${result.rows.toLocaleString('en')} | ${result.checkSeconds.toFixed(1)} s | ${result.applySeconds.toFixed(1)} s | ${total.toFixed(1)} s | ${during('healthz', 'check')} | ${during('healthz', 'apply')} | ${during('page', 'check')} | ${during('page', 'apply')} | ${mb(rssBefore)} | ${mb(result.peak)} |`,
    ].join('\n'),
  })
  const slowest = (what) => Math.max(latency[what].check?.max ?? 0, latency[what].apply?.max ?? 0)
  targets.push({
    target: '/healthz during an import ≤ 1 s',
    met: slowest('healthz') <= 1000,
    figure: ms(slowest('healthz')),
  })
  targets.push({ target: 'pages during an import ≤ 2 s', met: slowest('page') <= 2000, figure: ms(slowest('page')) })
}

await server.stop()
cleanUp()

if (targets.length) {
  console.log('Targets:')
  for (const t of targets) console.log(`  ${t.met ? 'met    ' : 'NOT MET'} ${t.target}: ${t.figure}`)
}
console.log(`\n${date}, ${machine}; ${database}, ${catalogue}; ${loadNote}`)
if (!args['no-readme']) {
  const readmePath = join(root, 'docs/measured.md')
  let readme = readFileSync(readmePath, 'utf8')
  for (const block of blocks) readme = setBlock(readme, block.key, block.body)
  writeFileSync(readmePath, readme)
  console.log(`bench: docs/measured.md updated (${blocks.map((b) => b.key).join(', ')})`)
}
process.exit(0)
