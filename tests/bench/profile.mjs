// Where a page's server CPU goes: the bench's `profile` part. The server runs
// with the inspector open (startServer({ inspect: true })); V8's sampling
// profiler records only while the page is asked for, one request at a time,
// and every sample is put in one bucket by the innermost frame on its stack
// that belongs to one (a JSON.parse inside the API client counts as JSON, a
// query inside a service as the database), its source file found through the
// server build's source map.
import { readFileSync } from 'node:fs'
import { SourceMap } from 'node:module'
import { fileURLToPath } from 'node:url'

/** Buckets, first match wins for a frame; `file` is the original source (app/…, api/…) or the node_modules path. */
export const buckets = [
  { name: 'JSON (serialise, parse)', frame: (f) => !f.file && /^(parse|stringify|JSON\.\w+)$/.test(f.fn) },
  {
    name: 'session and token work',
    frame: (f) =>
      /node_modules\/jose\/|api\/auth\/(tokens|middleware|crypto)\.ts|app\/utils\/(session|cookie-session|auth)\.server\.ts|node:internal\/crypto|react-router\/.*cookie|cookie-signature/.test(
        f.file,
      ) || /^(sign|verify|digest|importKey|createHmac|timingSafeEqual)$/.test(f.fn),
  },
  { name: 'database: PGlite', frame: (f) => /^wasm:|@electric-sql\/pglite/.test(f.url) },
  { name: 'database: queries', frame: (f) => /node_modules\/(drizzle-orm|pg|pg-protocol|pg-pool)\//.test(f.file) },
  { name: 'i18n', frame: (f) => /node_modules\/(i18next|react-i18next|remix-i18next)\//.test(f.file) },
  { name: 'validation (zod)', frame: (f) => /node_modules\/zod\//.test(f.file) },
  {
    name: 'API client (requests, headers)',
    frame: (f) =>
      /app\/utils\/api-client\.server\.ts|node:internal\/deps\/undici|node:internal\/(url|webstreams)|internal\/deps\/undici/.test(
        f.url + f.file,
      ),
  },
  {
    name: 'API middleware and routing',
    frame: (f) => /node_modules\/(hono|@hono)\/|api\/app\.ts|api\/http\/|api\/log\.ts/.test(f.file),
  },
  { name: 'API services', frame: (f) => /^api\//.test(f.file) },
  {
    name: 'React render',
    frame: (f) => /node_modules\/react-dom\/|node_modules\/react\/|^app\/components\//.test(f.file),
  },
  {
    name: 'page loaders and route modules',
    frame: (f) => /^app\/routes|^app\/utils\/|^app\/root|^app\/entry|^app\/middleware/.test(f.file),
  },
  { name: 'React Router', frame: (f) => /node_modules\/(react-router|@react-router)\//.test(f.file) },
  {
    name: 'Express, compression, logging',
    frame: (f) =>
      /node_modules\/(express|compression|pino|pino-http|router|send|body-parser|on-headers|finalhandler)\/|^server\/|node:zlib|node:internal\/streams|node:_http|node:net/.test(
        f.file,
      ),
  },
  { name: 'garbage collection', frame: (f) => f.fn === '(garbage collector)' },
]
const other = 'other'

/** The original file of a frame in the server build (through its source map), else the frame's own URL. */
function sourceResolver(root) {
  const maps = new Map()
  const mapOf = (url) => {
    if (!maps.has(url)) {
      let map = null
      try {
        map = new SourceMap(JSON.parse(readFileSync(`${fileURLToPath(url)}.map`, 'utf8')))
      } catch {}
      maps.set(url, map)
    }
    return maps.get(url)
  }
  const cache = new Map()
  return (frame) => {
    const key = `${frame.url}:${frame.lineNumber}:${frame.columnNumber}`
    if (cache.has(key)) return cache.get(key)
    let file = frame.url.replace(`file://${root}`, '')
    if (frame.url.startsWith('file://') && frame.url.includes('/build/server/')) {
      const entry = mapOf(frame.url)?.findEntry(frame.lineNumber, frame.columnNumber)
      if (entry?.originalSource) {
        const source = entry.originalSource.replace(/^file:\/\//, '')
        file = source.includes('node_modules/')
          ? source.slice(source.lastIndexOf('node_modules/'))
          : source.replace(/^(\.\.\/)+/, '').replace(root, '')
      }
    }
    if (file.includes('node_modules/')) file = file.slice(file.lastIndexOf('node_modules/'))
    cache.set(key, file)
    return file
  }
}

/** CPU milliseconds per bucket in a V8 CPU profile (idle and the profiler's own "program" left out). */
export function split(profile, root) {
  const resolve = sourceResolver(root)
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]))
  const parent = new Map()
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id)
  const bucketOf = new Map()
  const classify = (id) => {
    if (bucketOf.has(id)) return bucketOf.get(id)
    const { callFrame } = nodes.get(id)
    const frame = { fn: callFrame.functionName, url: callFrame.url, file: callFrame.url ? resolve(callFrame) : '' }
    let name = buckets.find((bucket) => bucket.frame(frame))?.name
    if (!name) name = parent.has(id) ? classify(parent.get(id)) : other
    bucketOf.set(id, name)
    return name
  }
  const ms = new Map()
  let total = 0
  profile.samples.forEach((id, i) => {
    const fn = nodes.get(id).callFrame.functionName
    if (fn === '(idle)' || fn === '(program)') return
    const delta = (profile.timeDeltas[i] ?? 0) / 1000
    const name = classify(id)
    ms.set(name, (ms.get(name) ?? 0) + delta)
    total += delta
  })
  return { ms, total }
}

/** A DevTools protocol session with the server's inspector, opened now (SIGUSR1). */
async function inspectorSession(port, pid) {
  process.kill(pid, 'SIGUSR1')
  let targets
  for (let tries = 0; !targets; tries++) {
    try {
      targets = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()
    } catch (error) {
      if (tries >= 100) throw error
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  const [target] = targets
  const socket = new WebSocket(target.webSocketDebuggerUrl)
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true })
    socket.addEventListener('error', reject, { once: true })
  })
  let id = 0
  const waiting = new Map()
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data))
    const pending = waiting.get(message.id)
    if (!pending) return
    waiting.delete(message.id)
    if (message.error) pending.reject(new Error(message.error.message))
    else pending.resolve(message.result)
  })
  return {
    send(method, params = {}) {
      const sent = ++id
      socket.send(JSON.stringify({ id: sent, method, params }))
      return new Promise((resolve, reject) => waiting.set(sent, { resolve, reject }))
    },
    close: () => socket.close(),
  }
}

/** Database queries the server has made so far (every statement kind), from its /metrics. */
async function queriesSoFar(base, metricsToken) {
  const response = await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${metricsToken}` } })
  const text = await response.text()
  let count = 0
  for (const [, n] of text.matchAll(/^atir_database_query_duration_seconds_count\{[^}]*\} (\d+)/gm)) count += Number(n)
  return count
}

/**
 * Profiles each page: `warm` requests first, then `count` one at a time with
 * the profiler on. Returns per page the CPU ms per request in each bucket and
 * the database queries per request.
 */
export async function profilePages(base, { inspectPort, pid }, pages, { count, warm = 10, root, metricsToken }) {
  const session = await inspectorSession(inspectPort, pid)
  const results = []
  try {
    await session.send('Profiler.enable')
    await session.send('Profiler.setSamplingInterval', { interval: 250 })
    for (const page of pages) {
      const get = async () => {
        const response = await fetch(base + page.path, { headers: page.headers })
        await response.arrayBuffer()
        if (!response.ok) throw new Error(`${page.path} answered ${response.status}`)
      }
      for (let i = 0; i < warm; i++) await get()
      const queriesBefore = await queriesSoFar(base, metricsToken)
      await session.send('Profiler.start')
      for (let i = 0; i < count; i++) await get()
      const { profile } = await session.send('Profiler.stop')
      const queries = (await queriesSoFar(base, metricsToken)) - queriesBefore
      const { ms, total } = split(profile, root)
      results.push({
        ...page,
        queries: queries / count,
        total: total / count,
        buckets: new Map([...ms].map(([name, value]) => [name, value / count]).sort((a, b) => b[1] - a[1])),
        profile,
      })
    }
  } finally {
    session.close()
  }
  return results
}
