import { spawn } from 'node:child_process'
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { PGLiteSocketServer } from '@electric-sql/pglite-socket'
import { expect, test } from '@playwright/test'
import { startS3 } from '../integration/support/s3.ts'
import {
  apiCall,
  exitCode,
  freePort,
  type ServerProcess,
  serverEnv,
  startServer,
  tmpDataDir,
  waitForHealth,
} from './support/server-process.ts'
import { startWireDatabase } from './support/wire-database.ts'

// Start-up that tells the truth: what stops a start is one clear
// line and a non-zero exit, and the shop starts from any working directory.

const root = fileURLToPath(new URL('../..', import.meta.url))

/** Runs the built server until it exits; resolves with its code and everything it printed. */
function runUntilExit(options: { env: Record<string, string> }) {
  const child = spawn(process.execPath, [join(root, 'build/server/index.js')], {
    cwd: root,
    env: { ...process.env, ...serverEnv, HOST: '127.0.0.1', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let printed = ''
  child.stdout.on('data', (chunk) => (printed += chunk))
  child.stderr.on('data', (chunk) => (printed += chunk))
  return exitCode(child).then((code) => ({ code, printed }))
}

async function stop(server: ServerProcess) {
  server.child.kill('SIGTERM')
  expect(await exitCode(server.child)).toBe(0)
}

test('a port that is taken ends the start with one clear line and exit code 1', async () => {
  const data = tmpDataDir('port-taken')
  const port = await freePort()
  const squatter = createServer().listen(port, '127.0.0.1')
  try {
    const { code, printed } = await runUntilExit({ env: { PORT: String(port), DATA_DIR: data.dir } })
    expect(code).toBe(1)
    expect(printed).toContain(`Atir cannot start: port ${port} on 127.0.0.1 is already in use`)
    expect(printed).not.toContain('Atir is serving')
    // Said before the database was opened: nothing was made.
    expect(existsSync(data.dir)).toBe(false)
  } finally {
    squatter.close()
    data.remove()
  }
})

test('a media store that cannot be written ends the start with one line; one that can holds and serves the pictures', async () => {
  const s3 = await startS3()
  const data = tmpDataDir('media-store')
  try {
    const missing = s3.env('shop', { MEDIA_URL: 's3://no-such-bucket/shop' })
    const refused = await runUntilExit({ env: { ...missing, PORT: String(await freePort()), DATA_DIR: data.dir } })
    expect(refused.code).toBe(1)
    expect(refused.printed).toContain(
      'Atir cannot start: the media store s3://no-such-bucket/shop cannot be written (NoSuchBucket: ',
    )
    expect(refused.printed).not.toContain('Atir is serving')

    const server = await startServer({ dataDir: data.dir, env: { ...s3.env('shop'), SEED_PRODUCTS: '10' } })
    try {
      const ready = async () => (await fetch(`${server.url}/readyz`)).json()
      await expect.poll(ready).toEqual({ status: 'ok', dependencies: { database: 'up', media: 'up' } })
      const { body } = await apiCall(server, 'products/?size=1')
      const picture = await fetch(`${server.url}${body.results[0].images[0].small}`, {
        headers: { Accept: 'image/avif,image/webp,*/*' },
      })
      expect(picture.status).toBe(200)
      expect(picture.headers.get('content-type')).toBe('image/avif')
      // The seeded pictures and the copy went to the bucket, none to the data folder.
      expect(existsSync(join(data.dir, 'uploads'))).toBe(false)
      expect(existsSync(join(data.dir, 'cache'))).toBe(false)
    } finally {
      await stop(server)
    }
  } finally {
    data.remove()
    await s3.close()
  }
})

test('a second process on the same embedded database folder refuses, the first keeps serving', async () => {
  const data = tmpDataDir('one-folder')
  const first = await startServer({ dataDir: data.dir })
  try {
    const second = await runUntilExit({ env: { PORT: String(await freePort()), DATA_DIR: data.dir } })
    expect(second.code).toBe(1)
    expect(second.printed).toContain(
      `Atir cannot start: ${data.dir} is in use by another shop process (pid ${first.child.pid})`,
    )
    expect((await fetch(`${first.url}/healthz`)).status).toBe(200)
  } finally {
    await stop(first)
    data.remove()
  }
})

test('the shop starts and serves its pages and assets from another working directory', async () => {
  const data = tmpDataDir('elsewhere')
  const server = await startServer({ dataDir: data.dir, cwd: '/' })
  try {
    const page = await fetch(`${server.url}/ru`)
    expect(page.status).toBe(200)
    const asset = /<link rel="modulepreload" href="([^"]+)"/.exec(await page.text())?.[1]
    expect(asset).toMatch(/^\/assets\//)
    expect((await fetch(`${server.url}${asset}`)).status).toBe(200)
  } finally {
    await stop(server)
    data.remove()
  }
})

test('npm start in a production install (no build tools) serves the shipped build, even with newer sources', async () => {
  // The shipped app: the build, package.json, the start script, the API sources (with the migrations) and the
  // dependencies without node_modules/.bin (where the dev tools would be); a source newer than the build.
  const app = tmpDataDir('production-install')
  mkdirSync(join(app.dir, 'node_modules'), { recursive: true })
  for (const entry of readdirSync(join(root, 'node_modules')))
    if (!entry.startsWith('.')) symlinkSync(join(root, 'node_modules', entry), join(app.dir, 'node_modules', entry))
  for (const path of ['build', 'package.json', 'scripts/start.mjs', 'api', 'contract'])
    cpSync(join(root, path), join(app.dir, path), { recursive: true })
  mkdirSync(join(app.dir, 'app'))
  writeFileSync(join(app.dir, 'app/changed.ts'), '')
  const port = await freePort()
  const child = spawn(process.execPath, [join(app.dir, 'scripts/start.mjs')], {
    cwd: app.dir,
    env: {
      ...process.env,
      ...serverEnv,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: join(app.dir, 'data'),
      HEAP_MB: '384',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let printed = ''
  child.stdout.on('data', (chunk) => (printed += chunk))
  child.stderr.on('data', (chunk) => (printed += chunk))
  try {
    await waitForHealth(port)
    expect((await fetch(`http://127.0.0.1:${port}/ru`)).status).toBe(200)
    expect(printed).not.toContain('building')
    // HEAP_MB: the start script became Node again with the heap's limit, in the same process.
    expect(readFileSync(`/proc/${child.pid}/cmdline`, 'utf8').split('\0')).toContain('--max-old-space-size=384')
  } finally {
    child.kill('SIGTERM')
    await exitCode(child)
    app.remove()
  }
})

/** The app without a build or build tools: what `npm start` can say before it would load the server. */
function appWithoutBuild() {
  const app = tmpDataDir('no-build')
  mkdirSync(join(app.dir, 'node_modules'), { recursive: true })
  for (const entry of readdirSync(join(root, 'node_modules')))
    if (!entry.startsWith('.')) symlinkSync(join(root, 'node_modules', entry), join(app.dir, 'node_modules', entry))
  for (const path of ['package.json', 'scripts/start.mjs', 'api', 'contract'])
    cpSync(join(root, path), join(app.dir, path), { recursive: true })
  return app
}

/** `node scripts/start.mjs` in `app` until it exits; as the unprivileged `nobody` when the tests run as root. */
function startScriptUntilExit(app: string, env: Record<string, string>, options: { unprivileged?: boolean } = {}) {
  const asNobody = options.unprivileged && process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {}
  const child = spawn(process.execPath, [join(app, 'scripts/start.mjs')], {
    cwd: app,
    env: { ...process.env, ...serverEnv, HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...asNobody,
  })
  let printed = ''
  child.stdout.on('data', (chunk) => (printed += chunk))
  child.stderr.on('data', (chunk) => (printed += chunk))
  return exitCode(child).then((code) => ({ code, printed }))
}

test('a start that cannot work is refused in one line before the server loads, and leaves the data folder as it was', async () => {
  const app = appWithoutBuild()
  const squatter = createServer().listen(0, '127.0.0.1')
  await new Promise((resolve) => squatter.once('listening', resolve))
  const taken = (squatter.address() as { port: number }).port
  const nothingThere = await freePort()
  // A PostgreSQL server that takes no TLS, whose shop signs with another session secret than the one given here.
  const plain = await PGlite.create()
  await plain.exec(
    `create table settings (key text primary key, value jsonb not null);
     insert into settings values ('session_secret', '{"fingerprint": "0123456789abcdef"}')`,
  )
  const wire = new PGLiteSocketServer({ db: plain, host: '127.0.0.1', port: 0 })
  await wire.start()
  const plainPort = Number(wire.getServerConn().split(':').at(-1))
  const plainUrl = `postgres://postgres:postgres@127.0.0.1:${plainPort}/postgres`
  // A data folder whose embedded database a running shop holds (this test's process stands for it).
  const held = join(app.dir, 'held')
  mkdirSync(held)
  writeFileSync(join(held, 'pglite.lock'), String(process.pid))
  try {
    const cases: [string, Record<string, string>, string][] = [
      [
        'a MySQL URL',
        { DATABASE_URL: 'mysql://shop:pw@127.0.0.1:3306/atir' },
        'DATABASE_URL: not a PostgreSQL URL: the shop runs on PostgreSQL only',
      ],
      [
        'a database nobody answers at',
        { DATABASE_URL: `postgres://atir:pw@127.0.0.1:${nothingThere}/atir` },
        `the database cannot be reached: nothing accepts connections at 127.0.0.1:${nothingThere} (is PostgreSQL running there?)`,
      ],
      [
        'TLS to a database that takes none',
        { DATABASE_URL: plainUrl, DATABASE_SSL: 'require' },
        `the database cannot be reached: postgres://postgres@127.0.0.1:${plainPort}/postgres does not take TLS connections: set DATABASE_SSL=off`,
      ],
      [
        'another session secret than the database shop signs with',
        { DATABASE_URL: plainUrl, SESSION_SECRET: 'not-the-shops-secret-'.padEnd(40, 'x') },
        "SESSION_SECRET is not the session secret this database's shop signs with",
      ],
      ['live mode without its settings', { SHOP_MODE: 'live' }, 'PAYMENT_PROVIDER: sandbox in SHOP_MODE=live'],
      ['a heap limit that is no number', { HEAP_MB: 'abc' }, 'HEAP_MB: a whole number of MiB, e.g. 512'],
      ['a port that is taken', { PORT: String(taken) }, `port ${taken} on 127.0.0.1 is already in use`],
    ]
    for (const [what, env, says] of cases) {
      const data = join(app.dir, `data-${cases.findIndex((c) => c[0] === what)}`)
      // For people, as on a terminal: the refusal as the lines it is.
      const { code, printed } = await startScriptUntilExit(app.dir, {
        PORT: String(await freePort()),
        LOG_FORMAT: 'pretty',
        ...env,
        DATA_DIR: data,
      })
      expect(code, what).toBe(1)
      expect(printed, what).toMatch(/FATAL.*Atir cannot start: /)
      expect(printed, what).toContain(says)
      expect(printed, what).not.toContain('"level"')
      // Not "there is no build": refused before the server would have been looked for.
      expect(printed, what).not.toContain('no build')
      expect(existsSync(data), what).toBe(false)
    }

    // A folder another process holds, and one no folder can be made in: refused at once, never waited on.
    for (const [dataDir, says] of [
      [held, `${held} is in use by another shop process (pid ${process.pid})`],
      ['/proc/atir', 'DATA_DIR /proc/atir cannot be'],
    ] as const) {
      const { code, printed } = await startScriptUntilExit(app.dir, {
        PORT: String(await freePort()),
        DATA_DIR: dataDir,
      })
      expect(code, dataDir).toBe(1)
      expect(printed, dataDir).toContain(`Atir cannot start: ${says}`)
      expect(printed, dataDir).not.toContain('no build')
    }

    // A data folder this user may not write (the embedded database lives there).
    const readOnly = join(app.dir, 'read-only')
    mkdirSync(readOnly, { mode: 0o555 })
    chmodSync(readOnly, 0o555)
    const { code, printed } = await startScriptUntilExit(
      app.dir,
      { PORT: String(await freePort()), DATA_DIR: readOnly },
      { unprivileged: true },
    )
    expect(code).toBe(1)
    expect(printed).toMatch(
      new RegExp(
        `Atir cannot start: DATA_DIR ${readOnly} is read-only for this process \\(user \\d+\\), and the embedded database, `,
      ),
    )
    expect(readdirSync(readOnly)).toEqual([])
  } finally {
    squatter.close()
    await wire.stop()
    await plain.close()
    app.remove()
  }
})

test('npm run migrate on PostgreSQL writes nothing into the data folder', async () => {
  const database = await startWireDatabase()
  const data = tmpDataDir('migrate-only')
  try {
    const url = `postgres://${encodeURIComponent(database.user)}:${encodeURIComponent(database.password)}@${database.host}:${database.port}/${database.database}`
    const child = spawn(process.execPath, [join(root, 'api/db/migrate-cli.ts')], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: url, DATA_DIR: data.dir, SESSION_SECRET: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let printed = ''
    child.stdout?.on('data', (chunk) => (printed += chunk))
    child.stderr?.on('data', (chunk) => (printed += chunk))
    expect(await exitCode(child), printed).toBe(0)
    expect(printed).toContain('Migrations applied (postgres)')
    expect(existsSync(data.dir)).toBe(false)
  } finally {
    data.remove()
    await database.close()
  }
})
