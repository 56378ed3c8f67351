import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { delimiter, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { AuthTokens } from '#api/types.ts'
import type { Json } from '#tests/support/json.ts'

// The production build in a process of a spec's own, for what the shared
// webServers cannot show: being killed, restarted, cut from its database or
// wired to upstreams that hang.

const root = fileURLToPath(new URL('../../..', import.meta.url))

export async function freePort() {
  return new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}

/** Asks /healthz every 100 ms until it answers 200; `signal` stops the asking (the process died). */
export async function waitForHealth(port: number, timeoutMs = 600_000, signal?: AbortSignal) {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    signal?.throwIfAborted()
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`, { signal }).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`the server on port ${port} did not become healthy`)
}

export function exitCode(child: ChildProcess) {
  return new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode)
    else child.once('exit', (code) => resolve(code))
  })
}

export type ServerProcess = {
  child: ChildProcess
  port: number
  url: string
  /** Everything the process printed, for the failure message of a test. */
  output(): string
}

/** Env every own server gets: production mode, a small catalogue, no per-address caps (all tests come from 127.0.0.1). */
export const serverEnv = {
  NODE_ENV: 'production',
  SEED_PRODUCTS: '40',
  SMS_PROVIDER: 'log',
  SMS_CODES_PER_ADDRESS: '1000',
  LOGIN_FAILURES_PER_ADDRESS: '1000',
  LOG_LEVEL: 'warn',
}

/**
 * Starts build/server/index.js on `dataDir` (under tests/.tmp) and waits until /healthz answers 200.
 * `npm: true`: as `npm start` (the project's Node first on PATH, as npm puts it), so the
 * child is npm itself, the server its child.
 */
export async function startServer(options: {
  dataDir: string
  port?: number
  env?: Record<string, string>
  /** The working directory it is started from (the project's by default). */
  cwd?: string
  npm?: boolean
}): Promise<ServerProcess> {
  const port = options.port ?? (await freePort())
  const [program, args] = options.npm
    ? ['npm', ['start', '--silent']]
    : [process.execPath, [join(root, 'build/server/index.js')]]
  const child = spawn(program, args, {
    cwd: options.cwd ?? root,
    env: {
      ...process.env,
      ...serverEnv,
      ...options.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      ...(options.npm ? { PATH: `${join(root, 'node_modules/.bin')}${delimiter}${process.env.PATH ?? ''}` } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let printed = ''
  child.stdout?.on('data', (chunk) => (printed += chunk))
  child.stderr?.on('data', (chunk) => (printed += chunk))
  const server = { child, port, url: `http://127.0.0.1:${port}`, output: () => printed }
  const died = exitCode(child).then((code) => {
    throw new Error(`the server exited (${code ?? child.signalCode}) before it was healthy:\n${printed}`)
  })
  // A process that died stops the asking too: nothing keeps polling its port after the test.
  const asking = new AbortController()
  died.catch(() => asking.abort())
  await Promise.race([waitForHealth(port, undefined, asking.signal), died])
  return server
}

/** The server process under `npm start` (npm's child), by the pid its log lines give; killed if still there. */
export function killServerOf(server: ServerProcess) {
  const pid = Number(/"pid":(\d+)/.exec(server.output())?.[1])
  if (!pid || pid === server.child.pid) return
  try {
    process.kill(pid, 'SIGKILL')
  } catch {
    // Gone already.
  }
}

/** A data folder of its own under tests/.tmp; `remove` deletes it. */
export function tmpDataDir(name: string) {
  const dir = resolve(root, 'tests/.tmp', `${name}-${process.pid}-${Date.now()}`)
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) }
}

/** JSON call to the API of `server`; `token` signs the call in. */
export async function apiCall<T = Json>(
  server: Pick<ServerProcess, 'url'>,
  path: string,
  init: { method?: string; body?: unknown; token?: string; lang?: string; signal?: AbortSignal } = {},
): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = { 'Accept-Language': init.lang ?? 'ru' }
  if (init.body !== undefined) headers['Content-Type'] = 'application/json'
  if (init.token) headers.Authorization = `Bearer ${init.token}`
  const response = await fetch(`${server.url}/api/v1/${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: init.signal,
  })
  const text = await response.text()
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T }
}

let serial = 0
/** A fresh Uzbek mobile number, unique in this worker. */
export const newPhone = () =>
  `+99890${String((process.pid * 7919 + Date.now() + ++serial * 104_729) % 10_000_000).padStart(7, '0')}`

/** Reads the newest code sent to `phone` from the server's outbox (SMS_PROVIDER=log in `dataDir`). */
export function outboxCode(dataDir: string) {
  return (phone: string) => {
    const file = join(dataDir, 'sms-outbox.jsonl')
    if (!existsSync(file)) return null
    const sms = readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { to: string; text: string })
      .findLast((m) => m.to === phone)
    return sms?.text.match(/\b\d{6}\b/)?.[0] ?? null
  }
}

/** Registers a customer through the API; `codeOf` finds the SMS code the server sent to the phone. */
export async function registerCustomer(
  server: Pick<ServerProcess, 'url'>,
  codeOf: (phone: string) => string | null,
  password = 'resilience-1',
): Promise<AuthTokens & { phone: string; password: string }> {
  const phone = newPhone()
  const entry = await apiCall(server, 'account/registration/entrypoint/', { method: 'POST', body: { phone } })
  if (entry.status !== 200)
    throw new Error(`registration entry answered ${entry.status}: ${JSON.stringify(entry.body)}`)
  const verify = await apiCall(server, 'account/registration/verify/', {
    method: 'POST',
    body: { phone, code: codeOf(phone), session: entry.body.session },
  })
  if (verify.status !== 200) throw new Error(`registration verify answered ${verify.status}`)
  const done = await apiCall(server, 'account/registration/register/', {
    method: 'POST',
    body: { password, full_name: 'Dilnoza Karimova', signature: verify.body.signature },
  })
  if (done.status !== 201) throw new Error(`registration answered ${done.status}`)
  return { phone, password, ...(done.body.token as AuthTokens) }
}
