import { spawn } from 'node:child_process'
import { rmSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { exitCode, freePort, waitForHealth } from './support/server-process.ts'

// Server behaviour that no browser sees: compression, caching, health, shutdown.

test('the API answers over HTTP under /api/v1, as the mobile apps call it', async ({ request }) => {
  const response = await request.get('/api/v1/common/header-menu/', { headers: { 'Accept-Language': 'sr' } })
  expect(response.status()).toBe(200)
  expect((await response.json()).results.length).toBeGreaterThan(0)
})

test('a form posted from another site is refused; the same site is not', async ({ request, baseURL }) => {
  const form = { phone: '901234567', password: 'whatever' }
  const evil = await request.post('/ru/login', { form, headers: { Origin: 'https://evil.example' }, maxRedirects: 0 })
  expect(evil.status()).toBe(403)
  const ours = await request.post('/ru/login', { form, headers: { Origin: baseURL! }, maxRedirects: 0 })
  expect(ours.status()).not.toBe(403)
})

test('GET /healthz answers 200 while the database is up', async ({ request }) => {
  const response = await request.get('/healthz')
  expect(response.status()).toBe(200)
  expect(await response.json()).toEqual({ status: 'ok' })
})

test('HTML and API JSON are compressed: brotli where asked, else gzip', async ({ request }) => {
  for (const path of ['/ru', '/api/v1/openapi.json']) {
    const br = await request.get(path, { headers: { 'Accept-Encoding': 'br, gzip' } })
    expect(br.headers()['content-encoding']).toBe('br')
    const gzip = await request.get(path, { headers: { 'Accept-Encoding': 'gzip' } })
    expect(gzip.headers()['content-encoding']).toBe('gzip')
  }
})

test('hashed assets are cached for a year as immutable', async ({ request }) => {
  const html = await (await request.get('/ru')).text()
  const asset = html.match(/\/assets\/[\w.-]+\.(?:js|css)/)?.[0]
  expect(asset).toBeTruthy()
  const response = await request.get(asset!)
  expect(response.status()).toBe(200)
  expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
})

test('hashed assets go out precompressed (brotli 11 or gzip 9 from the build) with the same content', async ({
  request,
}) => {
  const html = await (await request.get('/ru')).text()
  const asset = html.match(/\/assets\/entry\.client-[\w-]+\.js/)?.[0]
  expect(asset).toBeTruthy()
  const plain = await request.get(asset!, { headers: { 'Accept-Encoding': 'identity' } })
  expect(plain.headers()['content-encoding']).toBeUndefined()
  const body = await plain.body()
  for (const encoding of ['br', 'gzip']) {
    const response = await request.get(asset!, { headers: { 'Accept-Encoding': `${encoding}, deflate` } })
    expect(response.headers()['content-encoding']).toBe(encoding)
    expect(response.headers().vary).toMatch(/Accept-Encoding/i)
    expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
    // The precompressed file's length, not a chunked on-the-fly stream.
    expect(Number(response.headers()['content-length'])).toBeLessThan(body.length / 3)
    expect((await response.body()).equals(body)).toBe(true)
  }
})

test('the basket and sign-in pages stay out of search results but describe themselves in every language', async ({
  request,
}) => {
  const descriptions = new Set<string>()
  for (const lang of ['ru', 'uz', 'sr']) {
    for (const page of ['basket', 'login']) {
      const html = await (await request.get(`/${lang}/${page}`)).text()
      expect(html).toContain('<meta name="robots" content="noindex"/>')
      const description = /<meta name="description" content="([^"]+)"\/>/.exec(html)?.[1]
      expect(description, `/${lang}/${page}`).toBeTruthy()
      descriptions.add(description!)
    }
  }
  expect(descriptions.size).toBe(6)
})

test('SIGTERM lets in-flight requests finish, closes the database and exits 0', async () => {
  // A fresh database is made first: on a busy machine that alone can take half a minute.
  test.setTimeout(90_000)
  const port = await freePort()
  const dataDir = `tests/.tmp/sigterm-${port}`
  const server = spawn(process.execPath, ['build/server/index.js'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, SEED_PRODUCTS: '50', NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  try {
    await waitForHealth(port)
    const inFlight = Promise.all([1, 2, 3].map(() => fetch(`http://127.0.0.1:${port}/ru`)))
    await new Promise((resolve) => setTimeout(resolve, 5))
    server.kill('SIGTERM')
    const responses = await inFlight
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200])
    expect(await exitCode(server)).toBe(0)
  } finally {
    server.kill('SIGKILL')
    rmSync(dataDir, { recursive: true, force: true })
  }
})
