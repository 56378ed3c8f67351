// The bench's import part: a 100,000-row CSV (BENCH_IMPORT_ROWS) through the
// back office API of the running server (the demo owner's session), timed
// from upload to preview and from "apply" to applied. The rows are a price
// list, the import's most frequent use and its largest file within the upload
// limit: the product (by slug), price and stock, in "prices" mode — every product
// of the catalogue with a new price and stock, then products the shop does not have up to
// `rows` (each checked and refused; at BENCH_PRODUCTS=100000 every row
// matches). Meanwhile /healthz (every 100 ms) and a product page (every 500 ms)
// are asked, one at a time: their latency during the check and the apply is
// what a liveness probe and a shopper see while an import runs.

import { percentile } from './measure.mjs'
import { memoryOf } from './server-process.mjs'

const demoOwner = { phone: '+998900000001', password: 'atir-demo-owner' }

/** A CSV cell as the import reads it back. */
const cell = (value) => (/[";\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value)

/** The export's CSV (`;`, BOM, quoted cells) as rows of cells. */
function parseCsv(text) {
  const rows = []
  let row = []
  let value = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        value += '"'
        i++
      } else if (c === '"') quoted = false
      else value += c
    } else if (c === '"') quoted = true
    else if (c === ';') {
      row.push(value)
      value = ''
    } else if (c === '\n' || (c === '\r' && text[i + 1] === '\n')) {
      if (c === '\r') i++
      row.push(value)
      rows.push(row)
      row = []
      value = ''
    } else value += c
  }
  if (value || row.length) rows.push([...row, value])
  return rows
}

/**
 * Asks `path` again and again, one request at a time, `every` ms apart, and
 * keeps each answer's time under the phase it started in: a stalled server
 * shows as one long time, not as missing samples.
 */
function sampler(base, path, every, headers = {}) {
  const times = {}
  let phase = null
  let running = true
  const done = (async () => {
    while (running) {
      const during = phase
      const started = performance.now()
      const answer = await fetch(base + path, { headers })
      await answer.arrayBuffer()
      if (!answer.ok) throw new Error(`bench: import: ${path} answered ${answer.status} during the ${during}`)
      if (during) {
        times[during] ??= []
        times[during].push(performance.now() - started)
      }
      await new Promise((resolve) => setTimeout(resolve, every))
    }
  })()
  return {
    set phase(name) {
      phase = name
    },
    async stop() {
      running = false
      await done
      const stats = {}
      for (const [name, list] of Object.entries(times)) {
        list.sort((a, b) => a - b)
        stats[name] = { count: list.length, p95: percentile(list, 95), max: list.at(-1) }
      }
      return stats
    },
  }
}

/** Polls a batch until it leaves `state`; the peak resident set meanwhile. */
async function waitWhile(base, auth, id, state, pid) {
  let peak = 0
  for (;;) {
    peak = Math.max(peak, memoryOf(pid).rss)
    const batch = await (await fetch(`${base}/api/v1/admin/batches/${id}/?size=1`, { headers: auth })).json()
    if (batch.state !== state) return { batch, peak }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/** The demo owner's headers for the back office's API. */
async function ownerHeaders(base) {
  const login = await fetch(`${base}/api/v1/admin/auth/login/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(demoOwner),
  })
  if (!login.ok) throw new Error(`bench: the demo owner cannot sign in (${login.status})`)
  return { Authorization: `Bearer ${(await login.json()).token}`, 'Accept-Language': 'ru' }
}

/** How many products the catalogue holds, from the back office's list (the shop's lists count lines). */
export async function productCount(base) {
  const answer = await fetch(`${base}/api/v1/admin/products/?size=1`, { headers: await ownerHeaders(base) })
  if (!answer.ok) throw new Error(`bench: admin/products/ answered ${answer.status}`)
  return (await answer.json()).total
}

export async function importBench(base, pid, rowCount = 100_000, page = '/ru') {
  const auth = await ownerHeaders(base)
  const exported = await fetch(`${base}/api/v1/admin/products/export/?format=csv`, { headers: auth })
  const [columns, ...products] = parseCsv((await exported.text()).replace(/^\uFEFF/, ''))
  const at = (name) => columns.indexOf(name)
  // The demo's products have no SKU: each row names its product by slug, as a sheet may.
  const lines = ['slug;price;stock']
  for (let i = 0; i < rowCount; i++) {
    const product = products[i]
    lines.push(
      product
        ? [product[at('slug')], Number(product[at('price')]) + 1000, Number(product[at('stock')]) + 1]
            .map(String)
            .map(cell)
            .join(';')
        : `bench-missing-${i};100000;1`,
    )
  }
  const file = Buffer.from(`\uFEFF${lines.join('\r\n')}`)
  const form = new FormData()
  form.set('file', new File([file], 'bench.csv', { type: 'text/csv' }))
  form.set('mode', 'prices')

  const health = sampler(base, '/healthz', 100)
  const pages = sampler(base, page, 500, { 'Accept-Encoding': 'identity' })
  health.phase = pages.phase = 'check'
  const started = performance.now()
  const upload = await fetch(`${base}/api/v1/admin/products/import/`, { method: 'POST', headers: auth, body: form })
  if (upload.status !== 202) throw new Error(`bench: import: upload answered ${upload.status}: ${await upload.text()}`)
  const { id } = await upload.json()
  const checked = await waitWhile(base, auth, id, 'checking', pid)
  const checkSeconds = (performance.now() - started) / 1000
  if (checked.batch.state !== 'previewed')
    throw new Error(`bench: import: the file was refused: ${checked.batch.error}`)

  health.phase = pages.phase = 'apply'
  const applying = performance.now()
  const apply = await fetch(`${base}/api/v1/admin/batches/${id}/apply/`, { method: 'POST', headers: auth })
  if (apply.status !== 202)
    throw new Error(
      `bench: import: apply answered ${apply.status}: ${await apply.text()} (rows ${JSON.stringify(checked.batch.counts)})`,
    )
  const applied = await waitWhile(base, auth, id, 'applying', pid)
  if (applied.batch.state !== 'applied') throw new Error(`bench: import: not applied: ${JSON.stringify(applied.batch)}`)
  const applySeconds = (performance.now() - applying) / 1000
  const latency = { healthz: await health.stop(), page: await pages.stop() }
  const memory = memoryOf(pid)
  return {
    rows: rowCount,
    bytes: file.length,
    counts: checked.batch.counts,
    checkSeconds,
    applySeconds,
    latency,
    rssAfter: memory.rss,
    peak: Math.max(checked.peak, applied.peak, memory.peak),
  }
}
