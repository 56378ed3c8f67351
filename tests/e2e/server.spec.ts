import { expect, test } from '@playwright/test'
import { heldPost, openRequest } from './support/raw-http.ts'
import { exitCode, killServerOf, startServer, tmpDataDir } from './support/server-process.ts'
import { demoOwner } from './support/staff.ts'

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

test('the icons browsers, bots and phones ask for by name are there, and every page links them', async ({
  request,
}) => {
  for (const [path, type] of [
    ['/favicon.ico', /^image\/(x-icon|vnd\.microsoft\.icon)$/],
    ['/apple-touch-icon.png', /^image\/png$/],
  ] as const) {
    const response = await request.get(path)
    expect(response.status(), path).toBe(200)
    expect(response.headers()['content-type'], path).toMatch(type)
  }
  const html = await (await request.get('/ru')).text()
  expect(html).toMatch(/<link [^>]*rel="icon" href="\/favicon\.ico" sizes="48x48"\/>/)
  expect(html).toMatch(/<link [^>]*rel="apple-touch-icon" href="\/apple-touch-icon\.png"\/>/)
})

test('a malformed URL gets the shop’s localised 404 in its shell, on the storefront and in the back office', async ({
  request,
  baseURL,
}) => {
  // A browser's User-Agent: bots get a bare status page (SPEC §8).
  const browser = {
    'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36',
  }
  for (const [path, title] of [
    ['/ru/products/%ff', 'Страница не найдена'],
    ['/uz/products/category/%E0%A4%A', 'Саҳифа топилмади'],
    ['/sr/%C0', 'Sahifa topilmadi'],
  ]) {
    const page = await request.get(path!, { headers: browser })
    expect(page.status(), path).toBe(404)
    const html = await page.text()
    expect(html, path).toContain(`<h1>${title}</h1>`)
    expect(html, path).toContain('class="site-header"')
  }
  const login = await request.post('/ru/admin/login', {
    form: { intent: 'login', phone: demoOwner.phone.replace('+998', ''), password: demoOwner.password },
    headers: { ...browser, Origin: baseURL! },
    maxRedirects: 0,
  })
  expect(login.status()).toBe(302)
  const desk = await request.get('/ru/admin/products/%ff', { headers: browser })
  expect(desk.status()).toBe(404)
  const html = await desk.text()
  expect(html).toContain('Страница не найдена')
  expect(html).toContain('class="admin-header"')
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
  // React's chunk: every page's largest file (files under 1 KB are not worth a compressed copy).
  const asset = html.match(/\/assets\/react-[\w-]+\.js/)?.[0]
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

test('SIGTERM to the process `npm start` started lets in-flight requests finish, closes the database, exits 0', async () => {
  const data = tmpDataDir('sigterm')
  // As a container or service manager runs it; only npm's own pid is signalled, not its group.
  const server = await startServer({ dataDir: data.dir, env: { SEED_PRODUCTS: '10' }, npm: true })
  try {
    // Taken up by the server (it asked for their bodies) and waiting: in flight for sure when the signal comes.
    const check = JSON.stringify({ code: 'ATIR10', total: 100_000 })
    const held = await Promise.all([1, 2, 3].map(() => heldPost(`${server.url}/api/v1/promo/check/`, check)))
    server.child.kill('SIGTERM')
    await expect.poll(() => server.output()).toContain('SIGTERM: finishing in-flight requests')
    // Not sooner: the server stays up for the requests it has.
    expect(server.child.exitCode).toBeNull()
    // No new connections once it is shutting down.
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow()
    const answers = await Promise.all(held.map((request) => request.finish()))
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200])
    // Answered from the database, after the signal: it was still open.
    for (const answer of answers) expect(JSON.parse(answer.body)).toMatchObject({ code: 'ATIR10', discount: 10_000 })
    expect(await exitCode(server.child)).toBe(0)
    expect(server.output().match(/finishing in-flight requests/g)).toHaveLength(1)
  } finally {
    server.child.kill('SIGKILL')
    // npm's child, should the test have failed before it exited.
    killServerOf(server)
    data.remove()
  }
})

test.describe('request bodies past the limit (BODY_LIMIT_KB, 64 KiB)', () => {
  const limit = 64 * 1024
  const storefrontForm = { 'Content-Type': 'application/x-www-form-urlencoded', 'Accept-Language': 'sr' }
  const apiJson = { 'Content-Type': 'application/json', 'Accept-Language': 'sr' }

  // Nothing of a refused body is sent here: the answer comes with the body unread. (Bytes sent but
  // never read could make the closing connection reset before the client reads the answer.)
  test('by Content-Length: 413 at once, before the body is sent (storefront form and API)', async ({ baseURL }) => {
    for (const [path, headers] of [
      ['/sr/login', storefrontForm],
      ['/api/v1/feedback/', apiJson],
    ] as const) {
      const open = openRequest(`${baseURL}${path}`, 'POST', { ...headers, 'Content-Length': 100 * 1024 * 1024 })
      const answer = await open.answer
      open.request.destroy()
      expect(answer.status, path).toBe(413)
      expect(answer.body, path).toContain('Soʻrov juda katta.')
    }
  })

  test('chunked to the API: read up to the limit, then 413 while the body is still coming', async ({ baseURL }) => {
    const open = openRequest(`${baseURL}/api/v1/feedback/`, 'POST', { ...apiJson, 'Transfer-Encoding': 'chunked' })
    // One byte past the limit, and the body never ends: only a server that stops at the limit answers.
    open.request.write(Buffer.alloc(limit + 1, 'a'))
    const answer = await open.answer
    open.request.destroy()
    expect(answer.status).toBe(413)
    expect(JSON.parse(answer.body)).toEqual({ detail: 'Soʻrov juda katta.' })
  })

  test('chunked to a storefront action: 411 unread (browsers always send the length)', async ({ baseURL }) => {
    const open = openRequest(`${baseURL}/sr/login`, 'POST', { ...storefrontForm, 'Transfer-Encoding': 'chunked' })
    const answer = await open.answer
    open.request.destroy()
    expect(answer.status).toBe(411)
    expect(answer.body).toContain('Content-Length')
  })

  test('a form within the limit still reaches the action', async ({ request }) => {
    const response = await request.post('/sr/login', {
      form: { phone: '901234567', password: 'x'.repeat(limit - 1024) },
      maxRedirects: 0,
    })
    expect(response.status()).not.toBe(413)
    expect(response.status()).toBeLessThan(500)
  })
})

test('HSTS over HTTPS (as a trusted proxy reports it), never over plain HTTP', async ({ request }) => {
  for (const path of ['/ru', '/api/v1/common/header-menu/', '/healthz']) {
    const https = await request.get(path, { headers: { 'X-Forwarded-Proto': 'https' } })
    expect(https.headers()['strict-transport-security'], path).toBe('max-age=31536000')
    const http = await request.get(path)
    expect(http.headers()['strict-transport-security'], path).toBeUndefined()
  }
})

test('API answers carry the protective headers of the pages', async ({ request }) => {
  for (const path of ['/api/v1/common/header-menu/', '/api/v1/orders/2147483648/', '/api/v1/no-such-thing/']) {
    const headers = (await request.get(path)).headers()
    expect(headers['x-content-type-options'], path).toBe('nosniff')
    expect(headers['x-frame-options'], path).toBe('DENY')
    expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin')
    expect(headers['content-security-policy'], path).toBe("default-src 'none'; frame-ancestors 'none'")
  }
})

test('a storefront id past PostgreSQL integers is the 404 page, not a 500', async ({ request }) => {
  for (const path of ['/ru/products/categories/2147483648', '/ru/posts/2147483648', '/ru/stories/2147483648']) {
    const response = await request.get(path)
    expect(response.status(), path).toBe(404)
  }
})
