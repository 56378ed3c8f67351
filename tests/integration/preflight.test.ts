import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ListObjectsV2Command } from '@aws-sdk/client-s3'
import { HttpResponse, http, passthrough } from 'msw'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { secretFingerprint } from '#api/auth/secret-fingerprint.ts'
import { keepSessionSecret } from '#api/auth/session-secret.ts'
import { parseConfig } from '#api/config.ts'
import { openDatabase } from '#api/db/client.ts'
import { seedDatabase } from '#api/db/seed/index.ts'
import { LocalStore } from '#api/media/local-store.ts'
import { runPreflight } from '#api/preflight/run.ts'
import { adminQuery, migratedDatabase } from './support/api.ts'
import { externalServices } from './support/msw.ts'
import { type S3Server, startS3 } from './support/s3.ts'

// `npm run preflight` on a shop database of its own (PGlite, or PostgreSQL with DATABASE_URL) and the
// providers as msw answers them: a shop ready for live, and one that is not, line by line.

const server = externalServices()
const postgres = process.env.DATABASE_URL
const secret = 'the-live-shops-secret-'.padEnd(40, 's')
const folders: string[] = []
const databases: string[] = []
let s3: S3Server

beforeAll(async () => {
  s3 = await startS3()
})
afterAll(async () => {
  await s3.close()
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
  if (postgres)
    for (const url of databases) await adminQuery(postgres, `DROP DATABASE IF EXISTS ${new URL(url).pathname.slice(1)}`)
})

/** A shop that has started once (seeded, its secret recorded), then stopped: its settings for the preflight. */
async function shopThatRan(mode: 'live' | 'demo') {
  const dataDir = mkdtempSync(join(tmpdir(), 'atir-preflight-'))
  folders.push(dataDir)
  const { database, url } = await migratedDatabase(postgres ? { server: postgres } : { dataDir })
  if (url) databases.push(url)
  const env = { DATA_DIR: dataDir, DATABASE_URL: url ?? '', SESSION_SECRET: secret }
  try {
    await seedDatabase(database.db, { mode, products: 3, media: new LocalStore(dataDir) })
    await keepSessionSecret(database, parseConfig(env))
  } finally {
    await database.close()
  }
  return env
}

const publicUrl = 'https://atir.example'
const bot = 'https://api.telegram.org/bot123456:live-token'
const eskiz = 'https://notify.eskiz.uz/api/'

/** Settings a live shop runs on, with real-looking providers. */
const liveSettings = {
  SHOP_MODE: 'live',
  PUBLIC_URL: publicUrl,
  PAYMENT_PROVIDER: 'payme',
  PAYME_MERCHANT_ID: '5e730e8e0b852a417aa49ceb',
  PAYME_KEY: 'payme-merchant-key',
  SMS_PROVIDER: 'eskiz',
  ESKIZ_EMAIL: 'shop@atir.example',
  ESKIZ_PASSWORD: 'eskiz-password',
  TELEGRAM_BOT_TOKEN: '123456:live-token',
  TELEGRAM_CHAT_ID: '-1001234567890',
  TELEGRAM_BOT_USERNAME: 'atir_shop_bot',
  YANDEX_MAPS_API_KEY: 'maps-key',
  LOG_LEVEL: 'silent',
}

/** The providers, answering as they do when every setting is right. */
function providersThatAnswer(overrides: { webhook?: string } = {}) {
  server.use(
    http.post(`${eskiz}auth/login`, async ({ request }) => {
      const body = (await request.json()) as { email: string; password: string }
      if (body.password !== liveSettings.ESKIZ_PASSWORD)
        return HttpResponse.json({ message: 'Invalid credentials' }, { status: 401 })
      return HttpResponse.json({ data: { token: 'eskiz-token' } })
    }),
    http.post(`${bot}/getMe`, () =>
      HttpResponse.json({ ok: true, result: { id: 1, is_bot: true, first_name: 'Atir', username: 'atir_shop_bot' } }),
    ),
    http.post(`${bot}/getWebhookInfo`, () =>
      HttpResponse.json({
        ok: true,
        result: {
          url: overrides.webhook ?? `${publicUrl}/api/v1/telegram/webhook/`,
          pending_update_count: 0,
          has_custom_certificate: false,
        },
      }),
    ),
    http.get(`${publicUrl}/healthz`, () => HttpResponse.json({ status: 'ok' })),
    http.get('https://api-maps.yandex.ru/2.1/', ({ request }) =>
      new URL(request.url).searchParams.get('apikey') === liveSettings.YANDEX_MAPS_API_KEY
        ? new HttpResponse('ymaps = {};', { headers: { 'Content-Type': 'application/javascript' } })
        : new HttpResponse('Invalid API key', { status: 403 }),
    ),
    // The bucket is a real S3 server (s3rver) on this machine.
    http.all(`${s3.endpoint}/*`, () => passthrough()),
  )
}

async function preflight(env: Record<string, string>, processes = 1) {
  const lines: string[] = []
  const code = await runPreflight({ env: { ...process.env, ...env }, processes, print: (line) => lines.push(line) })
  const line = (name: string) => lines.find((l) => l.slice(5).startsWith(`${name} `)) ?? `(no ${name} line)`
  return { code, lines, line }
}

describe('npm run preflight', () => {
  it('passes a shop ready for live: one line each, what to register where, exit code 0', async () => {
    const shop = await shopThatRan('live')
    providersThatAnswer()
    const { code, lines, line } = await preflight({ ...shop, ...liveSettings, ...s3.env('live') }, 2)
    expect(lines[0]).toMatch(
      postgres
        ? /^npm run preflight of PostgreSQL postgres:\/\/\S+ \(DATABASE_URL\), for 2 processes started with SHOP_MODE=live$/
        : new RegExp(`^npm run preflight of the embedded database in ${shop.DATA_DIR} \\(DATA_DIR`),
    )
    expect(line('settings')).toBe('ok   settings        valid for SHOP_MODE=live')
    expect(line('database')).toMatch(/migrations: \d+ applied, 0 pending/)
    expect(line('session secret')).toBe(
      `ok   session secret  SESSION_SECRET, fingerprint ${secretFingerprint(secret)}, as the database's shop`,
    )
    expect(line('demo leftovers')).toMatch(/^ok {3}demo leftovers {2}none/)
    expect(line('media')).toBe(
      `ok   media           s3://${s3.bucket}/live: a probe object written, read back and deleted`,
    )
    expect(line('sms')).toBe('ok   sms             Eskiz logs in as shop@atir.example; sender 4546')
    expect(line('telegram')).toBe(
      `ok   telegram        @atir_shop_bot, its webhook ${publicUrl}/api/v1/telegram/webhook/`,
    )
    expect(line('payments')).toBe(
      `ok   payments        payme: register ${publicUrl}/api/v1/payments/payme/ in the Payme merchant cabinet (business.payme.uz), as the endpoint URL`,
    )
    expect(line('public URL')).toMatch(/^ok {3}public URL {6}https:\/\/atir\.example\/healthz answered 200 in \d+ ms$/)
    expect(line('maps')).toBe('ok   maps            Yandex Maps loads with the key')
    // Two processes on one database: PostgreSQL's connections are counted; the embedded database serves one.
    if (postgres) {
      expect(line('database')).toMatch(
        /^ok {3}database .* \| 26 connections for 2 processes × \(DATABASE_POOL_MAX 10 \+ 3\) of the server's \d+$/,
      )
      expect(lines.at(-1)).toBe('Ready for SHOP_MODE=live.')
      expect(code).toBe(0)
    } else {
      expect(line('database')).toContain('FAIL database        ')
      expect(line('database')).toContain('2 processes: the embedded database serves one')
      expect(code).toBe(1)
      const alone = await preflight({ ...shop, ...liveSettings, ...s3.env('live') })
      expect(
        alone.lines.filter((l) => !l.startsWith('ok   ')),
        alone.lines.join('\n'),
      ).toEqual([alone.lines[0], 'Ready for SHOP_MODE=live.'])
      expect(alone.code).toBe(0)
    }
    // The probe is gone again.
    const left = await s3.client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: 'live/' }))
    expect(left.KeyCount ?? 0).toBe(0)
  })

  it('fails a demo shop and providers that refuse, each line saying what to do', async () => {
    const shop = await shopThatRan('demo')
    providersThatAnswer({ webhook: 'https://old.example/api/v1/telegram/webhook/' })
    server.use(http.get(`${publicUrl}/healthz`, () => new HttpResponse('Not Found', { status: 404 })))
    const { code, lines, line } = await preflight({
      ...shop,
      ...liveSettings,
      SHOP_MODE: 'demo',
      SESSION_SECRET: 'another-secret-than-the-shops-'.padEnd(40, 'o'),
      PAYMENT_PROVIDER: 'click',
      CLICK_SERVICE_ID: 'abc',
      CLICK_SECRET_KEY: 'click-secret',
      ESKIZ_PASSWORD: 'wrong',
      YANDEX_MAPS_API_KEY: 'expired-key',
      MEDIA_URL: '',
    })
    expect(code).toBe(1)
    expect(line('settings')).toBe('ok   settings        valid for SHOP_MODE=live')
    expect(line('session secret')).toContain(
      `SESSION_SECRET, fingerprint ${secretFingerprint('another-secret-than-the-shops-'.padEnd(40, 'o'))}, but the database's shop signs with ${secretFingerprint(secret)}`,
    )
    // PostgreSQL refuses another secret at start; the embedded database's one process warns.
    expect(line('session secret').slice(0, 4)).toBe(postgres ? 'FAIL' : 'warn')
    expect(line('demo leftovers')).toMatch(
      /^FAIL demo leftovers {2}the demo promo codes .*ATIR10.* are active .* \| the staff accounts \+998900000001 have the demo owner's password .* \| the demo catalogue \(3 products, made-up customers and reviews\) is in this database/,
    )
    expect(line('media')).toBe(`ok   media           the folder ${shop.DATA_DIR} (DATA_DIR) can be written and read`)
    expect(line('sms')).toBe('FAIL sms             Eskiz login failed with HTTP 401')
    expect(line('telegram')).toBe(
      `FAIL telegram        @atir_shop_bot's webhook is https://old.example/api/v1/telegram/webhook/, not ${publicUrl}/api/v1/telegram/webhook/: npm run telegram -- webhook`,
    )
    expect(line('payments')).toBe(
      'FAIL payments        click: CLICK_SERVICE_ID abc is not a number; CLICK_MERCHANT_ID is not set',
    )
    expect(line('public URL')).toBe(
      `FAIL public URL      ${publicUrl}/healthz answered 404, not 200: is PUBLIC_URL this shop's address?`,
    )
    expect(line('maps')).toBe(
      'FAIL maps            Yandex Maps refused the key (HTTP 403): couriers would get no delivery point',
    )
    expect(lines.at(-1)).toMatch(/^Not ready for SHOP_MODE=live: \d+ checks failed \(FAIL above\)\.$/)
  })

  it('names what a live start refuses, and what Click needs registered', async () => {
    const shop = await shopThatRan('live')
    providersThatAnswer()
    const { lines, line } = await preflight({
      ...shop,
      ...liveSettings,
      SMS_PROVIDER: 'log',
      PAYMENT_PROVIDER: 'click',
      CLICK_SERVICE_ID: '12345',
      CLICK_MERCHANT_ID: '678',
      CLICK_SECRET_KEY: 'click-secret',
      YANDEX_MAPS_API_KEY: '',
    })
    expect(line('settings')).toBe(
      'FAIL settings        SMS_PROVIDER: log in SHOP_MODE=live: codes would go to a file, not to customers; set eskiz',
    )
    expect(line('payments')).toBe(
      `warn payments        click: register ${publicUrl}/api/v1/payments/click/prepare/ and ${publicUrl}/api/v1/payments/click/complete/ in the Click merchant cabinet (merchant.click.uz), as the Prepare and Complete URLs | CLICK_MERCHANT_USER_ID is not set: the shop cannot send refunds to Click (they stay pending)`,
    )
    expect(line('maps')).toBe(
      'warn maps            YANDEX_MAPS_API_KEY is not set: the checkout has no map, so couriers get no delivery point',
    )
    expect(lines).toHaveLength(13)
  })

  if (!postgres)
    it('on an embedded database a running shop holds, says so and opens nothing', async () => {
      const shop = await shopThatRan('live')
      const running = await openDatabase({ dataDir: shop.DATA_DIR })
      providersThatAnswer()
      try {
        const { code, line } = await preflight({ ...shop, ...liveSettings, TELEGRAM_BOT_TOKEN: '' })
        expect(code).toBe(1)
        // This test's process is the "running shop": a second one is refused the same way.
        expect(line('database')).toMatch(/^FAIL database {8}.* is in use by another shop process \(pid \d+\)/)
        expect(line('demo leftovers')).toBe('warn demo leftovers  not checked: no database to look in')
      } finally {
        await running.close()
      }
    })

  it('passes a first start: no database yet (and nothing made for it), the proxy up with no shop behind it', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'atir-preflight-none-'))
    folders.push(parent)
    providersThatAnswer()
    server.use(http.get(`${publicUrl}/healthz`, () => new HttpResponse('Bad Gateway', { status: 502 })))
    const data = join(parent, 'data')
    const { code, lines, line } = await preflight({
      ...liveSettings,
      DATA_DIR: data,
      DATABASE_URL: '',
      SESSION_SECRET: secret,
    })
    expect(line('database')).toBe(`ok   database        none in ${data} yet: the first start makes it`)
    expect(line('demo leftovers')).toBe('warn demo leftovers  not checked: no database to look in')
    expect(line('public URL')).toBe(
      `warn public URL      ${publicUrl}/healthz answered 502: the proxy is there, the shop behind it not (yet); run this again once it runs`,
    )
    expect(lines.at(-1)).toBe('Ready for SHOP_MODE=live; read the 2 warnings above.')
    expect(code).toBe(0)
    expect(readdirSync(parent)).toEqual([])
  })
})
