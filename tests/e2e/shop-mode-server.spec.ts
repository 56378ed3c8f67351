import { type ChildProcess, spawn } from 'node:child_process'
import { get } from 'node:http'
import { expect, test } from '@playwright/test'
import { apiCall, exitCode, type ServerProcess, serverEnv, startServer, tmpDataDir } from './support/server-process.ts'

// SHOP_MODE and PUBLIC_URL at the level of the process: what a live start
// refuses, what an empty live shop looks like, and that the shop's links never
// come from a Host or X-Forwarded-Host a client made up.

const publicUrl = 'https://shop.example'
const forged = { Host: 'evil.example', 'X-Forwarded-Host': 'forged.example', 'X-Forwarded-Proto': 'http' }
/** Everything live mode asks for; the providers are never called in these tests. */
const liveEnv = {
  SHOP_MODE: 'live',
  PUBLIC_URL: publicUrl,
  SESSION_SECRET: 'live-secret-for-the-shop-mode-spec-0123456789',
  PAYMENT_PROVIDER: 'payme',
  PAYME_MERCHANT_ID: 'spec-merchant',
  PAYME_KEY: 'spec-payme-key',
  SMS_PROVIDER: 'eskiz',
  ESKIZ_EMAIL: 'shop@shop.example',
  ESKIZ_PASSWORD: 'spec-eskiz-password',
  // Nothing listens there: an SMS sent by mistake fails instead of leaving the machine.
  ESKIZ_BASE_URL: 'http://127.0.0.1:9/api/',
}

/** GET with headers fetch() will not send (Host): the raw request a client can make. */
function rawGet(server: ServerProcess, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    get({ host: '127.0.0.1', port: server.port, path, headers }, (response) => {
      let body = ''
      response.setEncoding('utf8')
      response.on('data', (chunk) => (body += chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
    }).on('error', reject)
  })
}

/** The absolute http(s) URLs in a page or file. */
const urlsIn = (text: string) => [...text.matchAll(/https?:\/\/[^\s"'<>)\\]+/g)].map((m) => m[0])
const alternates = (html: string) =>
  [...html.matchAll(/<link rel="alternate" hrefLang="[^"]+" href="([^"]+)"/g)].map((m) => m[1])
const canonical = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1]
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]!))

/** Runs `use` against an own server on a fresh data folder; kills it and removes the folder after. */
async function withServer(name: string, env: Record<string, string>, use: (server: ServerProcess) => Promise<void>) {
  const data = tmpDataDir(name)
  let server: ServerProcess | undefined
  try {
    server = await startServer({ dataDir: data.dir, env })
    await use(server)
  } finally {
    if (server) {
      server.child.kill('SIGKILL')
      // Gone before its folder goes: a dying PGlite still writes into it.
      await exitCode(server.child)
    }
    data.remove()
  }
}

async function stop(server: ServerProcess) {
  server.child.kill('SIGTERM')
  expect(await exitCode(server.child)).toBe(0)
}

test('with PUBLIC_URL, canonical, hreflang, JSON-LD, sitemap and robots ignore a forged Host and X-Forwarded-Host', async () => {
  await withServer('public-url', { PUBLIC_URL: publicUrl }, async (server) => {
    const product = (await apiCall(server, 'products/?size=1')).body.results[0].slug as string
    const pages = {
      '/ru': `${publicUrl}/ru`,
      [`/uz/products/${product}`]: `${publicUrl}/uz/products/${product}`,
      '/sr/brands': `${publicUrl}/sr/brands`,
    }
    for (const [path, url] of Object.entries(pages)) {
      const { status, body } = await rawGet(server, path, forged)
      expect(status, path).toBe(200)
      expect(canonical(body), path).toBe(url)
      // The same page in every language, and x-default (Russian).
      const tail = path.slice('/ru'.length)
      expect(alternates(body), path).toEqual(['uz', 'sr', 'ru', 'ru'].map((lang) => `${publicUrl}/${lang}${tail}`))
      expect(jsonLd(body).length, path).toBeGreaterThan(0)
      expect(JSON.stringify(jsonLd(body)), path).toContain(publicUrl)
      expect(
        urlsIn(body).filter((u) => /evil\.example|forged\.example|127\.0\.0\.1/.test(u)),
        path,
      ).toEqual([])
    }
    const home = jsonLd((await rawGet(server, '/ru', forged)).body)
    expect(home.find((ld) => ld['@type'] === 'WebSite')?.url).toBe(`${publicUrl}/ru`)
    expect(home.find((ld) => ld['@type'] === 'Organization')?.url).toBe(`${publicUrl}/`)
    const productLd = jsonLd((await rawGet(server, `/ru/products/${product}`, forged)).body)
    // A size of a line: its Product is one of the ProductGroup's variants.
    const own = productLd.flatMap((ld) => (ld['@type'] === 'ProductGroup' ? ld.hasVariant : [ld]))
    expect(own.find((ld) => ld['@type'] === 'Product' && ld.url === `${publicUrl}/ru/products/${product}`)).toBeTruthy()

    const robots = await rawGet(server, '/robots.txt', forged)
    expect(robots.body).toContain(`Sitemap: ${publicUrl}/sitemap.xml`)
    expect(urlsIn(robots.body)).toEqual([`${publicUrl}/sitemap.xml`])
    for (const path of ['/sitemap.xml', '/sitemaps/shop.xml', '/sitemaps/products-1.xml']) {
      const { status, body } = await rawGet(server, path, forged)
      expect(status, path).toBe(200)
      const urls = urlsIn(body).filter((url) => !url.startsWith('http://www.sitemaps.org/'))
      expect(urls.length, path).toBeGreaterThan(0)
      expect(
        urls.filter((url) => !url.startsWith(`${publicUrl}/`)),
        path,
      ).toEqual([])
    }
  })
})

test('a live start refuses a database with the demo promo codes, naming them and the way out', async () => {
  const data = tmpDataDir('live-on-demo')
  let live: ChildProcess | undefined
  try {
    // A demo shop first: its seed writes ATIR10, ATIR50K and YANGIYIL2024, also without products.
    await stop(await startServer({ dataDir: data.dir, env: { SEED_PRODUCTS: '0' } }))
    const child = spawn(process.execPath, ['build/server/index.js'], {
      env: { ...process.env, ...serverEnv, ...liveEnv, PORT: '0', HOST: '127.0.0.1', DATA_DIR: data.dir },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    live = child
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    expect(await exitCode(child)).toBe(1)
    expect(output).toContain(
      "SHOP_MODE=live refuses to start: the database still has the demo seed's promo codes ATIR10, ATIR50K, YANGIYIL2024 active.",
    )
    expect(output).toContain(
      "UPDATE promo_codes SET active = false WHERE code IN ('ATIR10', 'ATIR50K', 'YANGIYIL2024');",
    )
    expect(output).not.toContain('Atir is serving')
  } finally {
    if (live) {
      live.kill('SIGKILL')
      await exitCode(live)
    }
    data.remove()
  }
})

test('a live shop starts on an empty database: no demo catalogue, promo codes or banner, its own pages', async () => {
  await withServer('live-empty', liveEnv, async (server) => {
    expect(server.output()).not.toContain('DEMO MODE')
    expect((await apiCall(server, 'products/')).body.total).toBe(0)
    expect((await apiCall(server, 'products/brands/')).body.results).toEqual([])
    const promo = await apiCall(server, 'promo/check/', { method: 'POST', body: { code: 'ATIR10', total: 600_000 } })
    expect(promo.status).toBe(400)
    const home = await rawGet(server, '/ru', forged)
    expect(home.status).toBe(200)
    expect(home.body).not.toContain('role="note"')
    expect(home.body).not.toContain('Демо-режим')
    expect(canonical(home.body)).toBe(`${publicUrl}/ru`)
    const about = await rawGet(server, '/ru/pages/offer')
    expect(about.status).toBe(200)
  })
})

test('a demo without PUBLIC_URL says so at start, and links to the Host asked for, never X-Forwarded-Host', async () => {
  await withServer('demo-host', { SEED_PRODUCTS: '0' }, async (server) => {
    const output = server.output()
    expect(output).toContain('!! DEMO MODE (SHOP_MODE=demo): not for real customers or real money.')
    expect(output).toContain('payments go to the sandbox page, where every customer can approve their own payment;')
    expect(output).toContain('the demo promo codes ATIR10, ATIR50K, YANGIYIL2024 are active;')
    expect(output).toContain('PUBLIC_URL is not set: links are built from the Host each request names;')
    const promo = await apiCall(server, 'promo/check/', { method: 'POST', body: { code: 'ATIR10', total: 600_000 } })
    expect(promo.status).toBe(200)

    const home = await rawGet(server, '/ru', { Host: `localhost:${server.port}`, 'X-Forwarded-Host': 'forged.example' })
    expect(canonical(home.body)).toBe(`http://localhost:${server.port}/ru`)
    expect(alternates(home.body)[0]).toBe(`http://localhost:${server.port}/uz`)
    expect(urlsIn(home.body).filter((u) => u.includes('forged.example'))).toEqual([])
    const robots = await rawGet(server, '/robots.txt', { 'X-Forwarded-Host': 'forged.example' })
    expect(robots.body).toContain(`Sitemap: http://127.0.0.1:${server.port}/sitemap.xml`)
    // Not a host at all: the shop names none rather than repeat it.
    const odd = await rawGet(server, '/robots.txt', { Host: 'evil.example@x' })
    expect(odd.body).toContain('Sitemap: http://localhost/sitemap.xml')
  })
})
