// `npm run bench`: how fast the storefront renders its busiest pages on one
// process, and how many bytes of JavaScript and CSS each page type loads.
// Starts the production build on a free port with a fresh database under
// /tmp, prints a table and writes it into README.md under "## Measured".
//
// Settings: BENCH_PRODUCTS (demo catalogue size, 2000), BENCH_REQUESTS
// (sequential renders per page, 100), BENCH_SECONDS (load per page, 10),
// BENCH_CONNECTIONS (concurrent clients, 10).
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { cpus, loadavg, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { percentile, renderTimes, throughput } from '../tests/bench/measure.mjs'
import { assetBytes } from '../tests/bench/page-assets.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const products = Number(process.env.BENCH_PRODUCTS ?? 2000)
const requests = Number(process.env.BENCH_REQUESTS ?? 100)
const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10)
const clientDir = join(root, 'build/client')

if (!existsSync(join(root, 'build/server/index.js'))) {
  console.log('bench: no build yet, building…')
  const built = spawnSync(join(root, 'node_modules/.bin/react-router'), ['build'], { cwd: root, stdio: 'inherit' })
  if (built.status !== 0) process.exit(built.status ?? 1)
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.on('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
  })
}

// Other work on the machine skews every figure: the 1-minute load average is reported with them.
const loadAtStart = loadavg()[0]
const port = await freePort()
const dataDir = mkdtempSync(join(tmpdir(), 'atir-bench-'))
const base = `http://127.0.0.1:${port}`
console.log(`bench: starting the production server on ${base} (${products} products, data in ${dataDir})`)
const server = spawn(process.execPath, [join(root, 'build/server/index.js')], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    SEED_PRODUCTS: String(products),
    SMS_PROVIDER: 'log',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
})
const stop = () => {
  if (server.exitCode === null) server.kill('SIGTERM')
}
process.on('exit', () => {
  stop()
  rmSync(dataDir, { recursive: true, force: true })
})
process.on('SIGINT', () => process.exit(130))

async function ready() {
  const deadline = Date.now() + 180_000
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`)
    try {
      if ((await fetch(`${base}/healthz`)).ok) return
    } catch {}
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error('the server did not become healthy in 3 minutes')
}
await ready()

// A returning anonymous visitor in a browser: streamed HTML, no cookies set.
const headers = {
  'User-Agent':
    'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126 Mobile Safari/537.36',
  Cookie: 'visitorId=benchmarkvisitor000000; i18n_redirected=ru',
  'Accept-Encoding': 'identity',
}
const top = await (await fetch(`${base}/api/v1/products/?size=1&ordering=popularity`)).json()
const slug = top.results[0]?.slug
if (!slug) throw new Error('no product to benchmark')

const pages = [
  { name: 'home', path: '/ru', load: true },
  { name: 'product', path: `/ru/products/${slug}`, load: true },
  { name: 'product list', path: '/ru/products?sections=womens-perfume', load: false },
  { name: 'category', path: '/ru/products/category/mens-perfume', load: false },
]

const results = []
// The search API (issue 3): a different query and page size (10-16, as the header
// search asks) on every request, so the response cache never answers.
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
{
  const times = []
  for (let i = 0; i < requests; i++) {
    const url = `${base}/api/v1/products/?search=${encodeURIComponent(queries[i % queries.length])}&size=${10 + (Math.floor(i / queries.length) % 7)}`
    const started = performance.now()
    const response = await fetch(url, { headers: { 'Accept-Language': 'ru' } })
    await response.arrayBuffer()
    if (!response.ok) throw new Error(`${url} answered ${response.status}`)
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  const render = { median: percentile(times, 50), p95: percentile(times, 95), count: requests }
  results.push({ name: 'search API', path: '/api/v1/products/?search=…', bytes: null, render, load: null })
  console.log(`bench: search API: median ${render.median.toFixed(1)} ms, p95 ${render.p95.toFixed(1)} ms`)
}
for (const page of pages) {
  const url = base + page.path
  // Warm up: the API's response cache, the image versions, V8's JIT.
  for (let i = 0; i < 10; i++) await (await fetch(url, { headers })).arrayBuffer()
  const html = await (await fetch(url, { headers })).text()
  const bytes = assetBytes(clientDir, html)
  const render = await renderTimes(url, { count: requests, headers })
  const load = page.load ? await throughput(url, { connections, seconds, headers }) : null
  results.push({ ...page, bytes, render, load })
  console.log(
    `bench: ${page.name}: median ${render.median.toFixed(1)} ms, p95 ${render.p95.toFixed(1)} ms` +
      (load ? `, ${load.rps.toFixed(0)} req/s` : ''),
  )
}
stop()

const kb = (n) => `${(n / 1024).toFixed(1)} KB`
const ms = (n) => `${n.toFixed(1)} ms`
const table = [
  '| page | render median | render p95 | req/s (10 clients) | JS gzip | CSS gzip | HTML gzip |',
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  ...results.map(
    (r) =>
      `| ${r.name} (\`${r.path.replace(slug, '{slug}')}\`) | ${ms(r.render.median)} | ${ms(r.render.p95)} | ${
        r.load ? `${r.load.rps.toFixed(0)}${r.load.errors ? ` (${r.load.errors} errors)` : ''}` : '—'
      } | ${r.bytes ? `${kb(r.bytes.js)} (${r.bytes.jsFiles} files) | ${kb(r.bytes.css)} (${r.bytes.cssFiles}) | ${kb(r.bytes.html)}` : '— | — | —'} |`,
  ),
]
const cpu = cpus()
const machine = `${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}), ${(totalmem() / 2 ** 30).toFixed(0)} GB RAM, Node ${process.version}`
const date = new Date().toISOString().slice(0, 10)
console.log(`\n${table.join('\n')}\n\n${date}, ${machine}`)

const section = [
  '## Measured',
  '',
  `\`npm run bench\` on ${date}: ${machine}; production build, embedded PGlite with the ${products}-product demo catalogue, the load generator (autocannon) on the same machine.`,
  `Render time is one request at a time to the last byte (median and 95th percentile of ${requests});`,
  `requests per second are ${connections} concurrent clients for ${seconds} s against one process.`,
  `Load average when the run started: ${loadAtStart.toFixed(1)}${loadAtStart > cpu.length ? ' (other work shared the cores: these are lower bounds)' : ''}.`,
  'Bytes are what a first visit downloads before the page runs: module scripts and modulepreloads, stylesheets (gzip), and the document itself.',
  '',
  ...table,
  '',
].join('\n')
const readmePath = join(root, 'README.md')
const readme = readFileSync(readmePath, 'utf8')
// Replace an earlier "## Measured" section (up to the next "## "), else append one.
const at = readme.search(/^## Measured\s*$/m)
let next = readme.length
if (at >= 0) {
  const rest = readme.slice(at + 1).search(/^## /m)
  if (rest >= 0) next = at + 1 + rest
}
const updated =
  at >= 0
    ? `${readme.slice(0, at)}${section}${next < readme.length ? `\n${readme.slice(next)}` : ''}`
    : `${readme.trimEnd()}\n\n${section}`
writeFileSync(readmePath, updated)
console.log('bench: README.md updated')
process.exit(0)
