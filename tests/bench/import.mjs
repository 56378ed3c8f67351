// The bench's import part: a 10,000-row CSV through the back office API of
// the running server (the demo owner's session), timed from upload to
// preview and from "apply" to committed. The rows: every product of the
// catalogue with its price and stock changed, then new products (copies with
// their own SKU and slug) up to `rows`, in "everything" mode.

import { request } from 'node:http'
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
 * A POST that may take minutes on a busy machine: node:http has no headers
 * timeout, unlike fetch (5 minutes), which would end the run, not the commit.
 */
function slowPost(url, headers) {
  return new Promise((resolve, reject) => {
    const call = request(url, { method: 'POST', headers }, (response) => {
      let body = ''
      response.on('data', (chunk) => {
        body += chunk
      })
      response.on('end', () => resolve({ status: response.statusCode, body }))
    })
    call.on('error', reject)
    call.end()
  })
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

export async function importBench(base, pid, rowCount = 10_000) {
  const auth = await ownerHeaders(base)
  const exported = await fetch(`${base}/api/v1/admin/products/export/?format=csv`, { headers: auth })
  const [columns, ...products] = parseCsv((await exported.text()).replace(/^\uFEFF/, ''))
  const at = (name) => columns.indexOf(name)
  const lines = [columns.join(';')]
  for (let i = 0; i < rowCount; i++) {
    const row = [...products[i % products.length]]
    row[at('price')] = String(Number(row[at('price')]) + 1000)
    row[at('stock')] = String(Number(row[at('stock')]) + 1)
    if (i >= products.length) {
      row[at('sku')] = `BENCH-${i}`
      row[at('barcode')] = ''
      row[at('slug')] = `${row[at('slug')]}-bench-${i}`.slice(0, 120)
    }
    lines.push(row.map(cell).join(';'))
  }
  const file = Buffer.from(`\uFEFF${lines.join('\r\n')}`)
  const form = new FormData()
  form.set('file', new File([file], 'bench.csv', { type: 'text/csv' }))
  form.set('mode', 'everything')

  const started = performance.now()
  const upload = await fetch(`${base}/api/v1/admin/products/import/`, { method: 'POST', headers: auth, body: form })
  if (upload.status !== 202) throw new Error(`bench: import: upload answered ${upload.status}: ${await upload.text()}`)
  const { id } = await upload.json()
  let batch
  let peak = 0
  for (;;) {
    peak = Math.max(peak, memoryOf(pid).rss)
    batch = await (await fetch(`${base}/api/v1/admin/batches/${id}/?size=1`, { headers: auth })).json()
    if (batch.state !== 'checking') break
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  const checkSeconds = (performance.now() - started) / 1000
  if (batch.state !== 'previewed') throw new Error(`bench: import: the file was refused: ${batch.error}`)
  const applying = performance.now()
  const applied = await slowPost(`${base}/api/v1/admin/batches/${id}/apply/`, auth)
  if (applied.status !== 200) throw new Error(`bench: import: apply answered ${applied.status}: ${applied.body}`)
  const applySeconds = (performance.now() - applying) / 1000
  const memory = memoryOf(pid)
  return {
    rows: rowCount,
    bytes: file.length,
    counts: batch.counts,
    checkSeconds,
    applySeconds,
    rssAfter: memory.rss,
    peak: Math.max(peak, memory.peak),
  }
}
