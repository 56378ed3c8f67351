// The production server as scripts/bench.mjs runs it: built if needed, on a
// free port, its own data folder, the catalogue size asked for.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'

export function ensureBuild(root) {
  if (existsSync(join(root, 'build/server/index.js'))) return
  console.log('bench: no build yet, building…')
  const built = spawnSync(join(root, 'node_modules/.bin/react-router'), ['build'], { cwd: root, stdio: 'inherit' })
  if (built.status !== 0) process.exit(built.status ?? 1)
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.on('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
  })
}

export const metricsToken = 'bench-metrics-token-0000'

/**
 * Starts build/server/index.js; resolves once /healthz answers. With
 * `inspect`, the inspector gets a port of its own (`inspectPort`), on which it
 * listens once sent SIGUSR1, for the CPU profiles of the profile part.
 */
export async function startServer({ root, dataDir, products, inspect = false }) {
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const inspectPort = inspect ? await freePort() : null
  const nodeArgs = []
  // The inspector's port only: it opens at SIGUSR1 when the profile part starts, so the parts before it
  // measure the server as it runs in a shop.
  if (inspect) nodeArgs.push(`--inspect-port=127.0.0.1:${inspectPort}`)
  // As `npm start` runs it (scripts/start.mjs): the same settings' checks and the heap limit of HEAP_MB or
  // its default, in the same process (its pid is the server's).
  const server = spawn(process.execPath, [...nodeArgs, join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      SEED_PRODUCTS: String(products),
      SMS_PROVIDER: 'log',
      LOG_LEVEL: 'warn',
      // The profile part counts database queries per page on /metrics.
      METRICS_TOKEN: metricsToken,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  // The server logs its database only at info level; the bench runs it at warn.
  const kind = process.env.DATABASE_URL ? 'postgres' : 'pglite'
  server.stdout.on('data', (chunk) => {
    const text = String(chunk)
    process.stdout.write(text.replace(/^/gm, 'server: ').replace(/server: $/, ''))
  })
  const stop = () =>
    new Promise((resolve) => {
      if (server.exitCode !== null) return resolve()
      server.once('exit', resolve)
      server.kill('SIGTERM')
    })
  const deadline = Date.now() + 600_000
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`)
    try {
      if ((await fetch(`${base}/healthz`)).ok)
        return { base, pid: server.pid, kind, stop, process: server, inspectPort }
    } catch {}
    await new Promise((r) => setTimeout(r, 250))
  }
  await stop()
  throw new Error('the server did not become healthy in 10 minutes')
}

/** Resident set size now and at its peak (kB from /proc, as bytes). Linux only. */
export function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const field = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN) * 1024
  return { rss: field('VmRSS'), peak: field('VmHWM') }
}

/**
 * Where the server's memory is, from its /metrics: V8's heap (used and reserved), memory outside
 * the heap that V8 knows of (buffers), and the rest of the resident set (the embedded database's
 * WebAssembly memory, native libraries such as sharp's, the allocator's free pages).
 */
export async function memorySplitOf(base, pid) {
  const response = await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${metricsToken}` } })
  const text = await response.text()
  const gauge = (name) => Number(new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1] ?? Number.NaN)
  const { rss } = memoryOf(pid)
  const heapTotal = gauge('nodejs_heap_size_total_bytes')
  const external = gauge('nodejs_external_memory_bytes')
  return {
    rss,
    heapUsed: gauge('nodejs_heap_size_used_bytes'),
    heapTotal,
    external,
    rest: rss - heapTotal - external,
    // V8's limit: HEAP_MB (or its default) and the young generation's room.
    heapLimit: gauge('atir_heap_limit_bytes'),
  }
}

/** CPU time (user + system) the process has used so far, in ms. Linux only. */
export function cpuTimeOf(pid) {
  return cpuOfStat(readFileSync(`/proc/${pid}/stat`, 'utf8'))
}

/**
 * CPU time (ms) this machine's PostgreSQL processes have used so far: the
 * database's share of the work when the bench's PostgreSQL is local.
 */
export function postgresCpuTime() {
  let ms = 0
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    let stat
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
    } catch {
      continue // it ended meanwhile
    }
    if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) === 'postgres') ms += cpuOfStat(stat)
  }
  return ms
}

/** The user + system time of a /proc/<pid>/stat line, in ms. */
function cpuOfStat(stat) {
  // Fields after the command name, which is in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks
}
// USER_HZ: 100 on every Linux but a few exotic builds.
const clockTicks = 100
