import { spawn } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
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
  test.setTimeout(120_000)
  const data = tmpDataDir('port-taken')
  const port = await freePort()
  const squatter = createServer().listen(port, '127.0.0.1')
  try {
    const { code, printed } = await runUntilExit({ env: { PORT: String(port), DATA_DIR: data.dir } })
    expect(code).toBe(1)
    expect(printed).toContain(`Atir cannot start: port ${port} on 127.0.0.1 is already in use`)
    expect(printed).not.toContain('Atir is serving')
  } finally {
    squatter.close()
    data.remove()
  }
})

test('a media store that cannot be written ends the start with one line; one that can holds and serves the pictures', async () => {
  test.setTimeout(180_000)
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
      const ready = await fetch(`${server.url}/readyz`)
      expect(await ready.json()).toEqual({ status: 'ok', checks: { database: 'ok', media: 'ok' } })
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
  test.setTimeout(180_000)
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
  test.setTimeout(180_000)
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
  test.setTimeout(180_000)
  // The shipped app: the build, package.json, the start script, the migrations and the
  // dependencies without node_modules/.bin (where the dev tools would be); a source newer than the build.
  const app = tmpDataDir('production-install')
  mkdirSync(join(app.dir, 'node_modules'), { recursive: true })
  for (const entry of readdirSync(join(root, 'node_modules')))
    if (!entry.startsWith('.')) symlinkSync(join(root, 'node_modules', entry), join(app.dir, 'node_modules', entry))
  for (const path of ['build', 'package.json', 'scripts/start.mjs', 'api/db/migrations'])
    cpSync(join(root, path), join(app.dir, path), { recursive: true })
  mkdirSync(join(app.dir, 'app'))
  writeFileSync(join(app.dir, 'app/changed.ts'), '')
  const port = await freePort()
  const child = spawn(process.execPath, [join(app.dir, 'scripts/start.mjs')], {
    cwd: app.dir,
    env: { ...process.env, ...serverEnv, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: join(app.dir, 'data') },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let printed = ''
  child.stdout.on('data', (chunk) => (printed += chunk))
  child.stderr.on('data', (chunk) => (printed += chunk))
  try {
    await waitForHealth(port)
    expect((await fetch(`http://127.0.0.1:${port}/ru`)).status).toBe(200)
    expect(printed).not.toContain('building')
  } finally {
    child.kill('SIGTERM')
    await exitCode(child)
    app.remove()
  }
})
