import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { parseConfig, settingNames } from '#api/config.ts'
import { projectRoot } from '#api/project-root.ts'

const dataDir = mkdtempSync(join(tmpdir(), 'atir-config-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

/** A live shop that may start: every rule below breaks one thing of it. */
const live = {
  SHOP_MODE: 'live',
  DATA_DIR: dataDir,
  PAYMENT_PROVIDER: 'payme',
  PAYME_MERCHANT_ID: 'merchant',
  PAYME_KEY: 'key',
  SMS_PROVIDER: 'eskiz',
  ESKIZ_EMAIL: 'shop@example.uz',
  ESKIZ_PASSWORD: 'secret',
  PUBLIC_URL: 'https://atir.uz',
  SESSION_SECRET: 'x'.repeat(32),
}

const problems = {
  PAYMENT_PROVIDER:
    '  PAYMENT_PROVIDER: sandbox in SHOP_MODE=live: on the sandbox page anyone approves their own payment; set payme, click or uzum',
  SMS_PROVIDER: '  SMS_PROVIDER: log in SHOP_MODE=live: codes would go to a file, not to customers; set eskiz',
  PUBLIC_URL:
    "  PUBLIC_URL: required in SHOP_MODE=live: the shop's public address for links, sitemap and payment returns",
  SESSION_SECRET:
    '  SESSION_SECRET: required in SHOP_MODE=live: a secret of at least 32 characters, kept outside DATA_DIR',
}

function failure(env: Record<string, string | undefined>) {
  try {
    parseConfig(env)
  } catch (error) {
    return (error as Error).message
  }
  throw new Error('parseConfig accepted the configuration')
}

describe('SHOP_MODE', () => {
  test('is demo by default, which starts with the sandbox, the SMS log and a generated secret', () => {
    const config = parseConfig({ DATA_DIR: dataDir })
    expect(config).toMatchObject({ SHOP_MODE: 'demo', PAYMENT_PROVIDER: 'sandbox', SMS_PROVIDER: 'log' })
    expect(config.PUBLIC_URL).toBeUndefined()
    expect(config.sessionSecret.length).toBeGreaterThanOrEqual(32)
  })

  test('live starts with real providers, PUBLIC_URL and SESSION_SECRET', () => {
    expect(parseConfig(live)).toMatchObject({ SHOP_MODE: 'live', sessionSecret: live.SESSION_SECRET })
  })

  test('refuses an unknown mode', () => {
    expect(failure({ DATA_DIR: dataDir, SHOP_MODE: 'production' })).toMatch(/^Invalid configuration:\n {2}SHOP_MODE: /)
  })

  test.each([
    ['the payment sandbox', { PAYMENT_PROVIDER: 'sandbox' }, problems.PAYMENT_PROVIDER],
    ['the payment sandbox by default', { PAYMENT_PROVIDER: undefined }, problems.PAYMENT_PROVIDER],
    ['the SMS log', { SMS_PROVIDER: 'log' }, problems.SMS_PROVIDER],
    ['the SMS log by default', { SMS_PROVIDER: undefined }, problems.SMS_PROVIDER],
    ['a missing PUBLIC_URL', { PUBLIC_URL: undefined }, problems.PUBLIC_URL],
    ['an empty PUBLIC_URL', { PUBLIC_URL: '' }, problems.PUBLIC_URL],
    ['a missing SESSION_SECRET', { SESSION_SECRET: undefined }, problems.SESSION_SECRET],
    ['an empty SESSION_SECRET', { SESSION_SECRET: '' }, problems.SESSION_SECRET],
  ])('live refuses %s', (_, change, line) => {
    expect(failure({ ...live, ...change })).toBe(`Invalid configuration:\n${line}`)
  })

  test('live lists every problem in one message, beside any other wrong setting', () => {
    const message = failure({ SHOP_MODE: 'live', DATA_DIR: dataDir, PORT: 'eighty' })
    expect(message.split('\n')).toEqual([
      'Invalid configuration:',
      expect.stringMatching(/^ {2}PORT: /),
      problems.PAYMENT_PROVIDER,
      problems.SMS_PROVIDER,
      problems.PUBLIC_URL,
      problems.SESSION_SECRET,
    ])
  })

  test('demo allows what live refuses', () => {
    expect(parseConfig({ ...live, SHOP_MODE: 'demo', PAYMENT_PROVIDER: 'sandbox', SMS_PROVIDER: 'log' })).toMatchObject(
      { SHOP_MODE: 'demo' },
    )
  })
})

describe('Uzum Bank', () => {
  const base = { DATA_DIR: dataDir }
  const uzum = { UZUM_SERVICE_ID: '77001', UZUM_LOGIN: 'atir', UZUM_PASSWORD: 'secret' }

  test('takes all three settings or none', () => {
    expect(parseConfig({ ...base, ...uzum })).toMatchObject(uzum)
    expect(parseConfig(base).UZUM_SERVICE_ID).toBeUndefined()
    expect(failure({ ...base, ...uzum, UZUM_PASSWORD: '' })).toBe(
      'Invalid configuration:\n  UZUM_PASSWORD: required with UZUM_SERVICE_ID, UZUM_LOGIN',
    )
    expect(failure({ ...base, UZUM_LOGIN: 'atir' }).split('\n')).toEqual([
      'Invalid configuration:',
      '  UZUM_SERVICE_ID: required with UZUM_LOGIN',
      '  UZUM_PASSWORD: required with UZUM_LOGIN',
    ])
  })

  test("refuses a service id that is not Uzum's number", () => {
    expect(failure({ ...base, ...uzum, UZUM_SERVICE_ID: 'atir-shop' })).toMatch(
      /^Invalid configuration:\n {2}UZUM_SERVICE_ID: digits/,
    )
  })

  test('live mode may take Uzum as its provider', () => {
    expect(parseConfig({ ...live, ...uzum, PAYMENT_PROVIDER: 'uzum' })).toMatchObject({ PAYMENT_PROVIDER: 'uzum' })
  })
})

describe('MEDIA_URL', () => {
  const base = { DATA_DIR: dataDir, SESSION_SECRET: 'x'.repeat(32) }

  test('is the data folder when unset, a bucket with its settings, or another folder', () => {
    expect(parseConfig(base).media).toEqual({ kind: 'local', root: dataDir })
    expect(
      parseConfig({
        ...base,
        MEDIA_URL: 's3://atir-media/shop/pictures/',
        S3_ENDPOINT: 'https://storage.yandexcloud.net',
        S3_REGION: 'ru-central1',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
      }).media,
    ).toEqual({
      kind: 's3',
      bucket: 'atir-media',
      prefix: 'shop/pictures',
      endpoint: 'https://storage.yandexcloud.net',
      region: 'ru-central1',
      forcePathStyle: true,
      accessKeyId: 'id',
      secretAccessKey: 'secret',
    })
    expect(parseConfig({ ...base, MEDIA_URL: 's3://atir-media' }).media).toMatchObject({
      prefix: '',
      region: 'us-east-1',
      forcePathStyle: false,
      accessKeyId: undefined,
    })
    expect(parseConfig({ ...base, MEDIA_URL: 'file:///srv/atir-media' }).media).toEqual({
      kind: 'local',
      root: '/srv/atir-media',
    })
  })

  test('refuses what names no store, saying why', () => {
    expect(failure({ ...base, MEDIA_URL: 'https://bucket.example/x' })).toMatch(/MEDIA_URL: expected s3:\/\/bucket/)
    expect(failure({ ...base, MEDIA_URL: 's3://Bad_Bucket/x' })).toMatch(/MEDIA_URL: "Bad_Bucket" is not a bucket name/)
    expect(failure({ ...base, MEDIA_URL: 's3://media/a/../b' })).toMatch(/MEDIA_URL: the prefix "a\/..\/b"/)
    expect(failure({ ...base, MEDIA_URL: 's3://media', S3_ACCESS_KEY_ID: 'id' })).toMatch(
      /MEDIA_URL: set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/,
    )
    expect(failure({ ...base, S3_FORCE_PATH_STYLE: 'yes' })).toMatch(/S3_FORCE_PATH_STYLE/)
  })
})

describe('the database settings', () => {
  const base = { DATA_DIR: dataDir, SESSION_SECRET: 'x'.repeat(32) }

  test('DATABASE_URL must name PostgreSQL', () => {
    expect(failure({ ...base, DATABASE_URL: 'mysql://shop:pw@db:3306/atir' })).toBe(
      'Invalid configuration:\n  DATABASE_URL: not a PostgreSQL URL: the shop runs on PostgreSQL only (postgres://user:password@host:5432/database); unset, it uses the embedded database in DATA_DIR',
    )
    for (const url of ['postgres://a:b@db/atir', 'postgresql://a:b@db:6432/atir?sslmode=require'])
      expect(parseConfig({ ...base, DATABASE_URL: url }).DATABASE_URL).toBe(url)
  })

  test('the pool size and TLS: defaults, and refusals of what cannot work', () => {
    expect(parseConfig(base)).toMatchObject({ DATABASE_POOL_MAX: 10, DATABASE_SSL: 'off' })
    expect(parseConfig({ ...base, DATABASE_POOL_MAX: '40', DATABASE_SSL: 'verify' })).toMatchObject({
      DATABASE_POOL_MAX: 40,
      DATABASE_SSL: 'verify',
    })
    expect(failure({ ...base, DATABASE_POOL_MAX: '0' })).toMatch(/DATABASE_POOL_MAX: /)
    expect(failure({ ...base, DATABASE_SSL: 'yes' })).toMatch(/DATABASE_SSL: /)
    expect(failure({ ...base, DATABASE_SSL_CA: join(dataDir, 'no-such-ca.pem') })).toMatch(
      /DATABASE_SSL_CA: no such file/,
    )
  })
})

describe('logs and error reports', () => {
  const base = { DATA_DIR: dataDir, SESSION_SECRET: 'x'.repeat(32) }

  test('LOG_FORMAT is json or pretty', () => {
    expect(parseConfig({ ...base, LOG_FORMAT: 'pretty' }).LOG_FORMAT).toBe('pretty')
    expect(parseConfig({ ...base, LOG_FORMAT: 'json' }).LOG_FORMAT).toBe('json')
    expect(failure({ ...base, LOG_FORMAT: 'xml' })).toMatch(/LOG_FORMAT: /)
  })

  test('ERROR_REPORT_URL must be a DSN, which the SDK would otherwise ignore', () => {
    expect(
      parseConfig({ ...base, ERROR_REPORT_URL: 'https://0a1b2c@o12.ingest.sentry.io/4506' }).ERROR_REPORT_URL,
    ).toBe('https://0a1b2c@o12.ingest.sentry.io/4506')
    expect(failure({ ...base, ERROR_REPORT_URL: 'https://errors.example/4506' })).toMatch(
      /ERROR_REPORT_URL: not a Sentry DSN/,
    )
    expect(failure({ ...base, ERROR_REPORT_ENVIRONMENT: 'has spaces' })).toMatch(/ERROR_REPORT_ENVIRONMENT: /)
  })
})

describe('the session secret', () => {
  test('without SESSION_SECRET, reading the configuration makes one in memory and writes nothing', () => {
    const folder = join(dataDir, 'never-started')
    const config = parseConfig({ DATA_DIR: folder })
    expect(config.sessionSecretSource).toBe('new')
    expect(config.sessionSecret.length).toBeGreaterThanOrEqual(32)
    expect(existsSync(folder)).toBe(false)
  })

  test('one kept in the data folder is read; SESSION_SECRET wins over it', () => {
    const folder = mkdtempSync(join(dataDir, 'kept-'))
    writeFileSync(join(folder, 'session-secret'), `${'k'.repeat(43)}\n`)
    expect(parseConfig({ DATA_DIR: folder })).toMatchObject({
      sessionSecret: 'k'.repeat(43),
      sessionSecretSource: 'file',
    })
    expect(parseConfig({ DATA_DIR: folder, SESSION_SECRET: 's'.repeat(32) })).toMatchObject({
      sessionSecret: 's'.repeat(32),
      sessionSecretSource: 'setting',
    })
  })
})

test("every setting the shop reads is in the README's configuration table", () => {
  const readme = readFileSync(join(projectRoot, 'README.md'), 'utf8')
  const table = readme.split('## Configuration')[1]?.split('\n## ')[0] ?? ''
  const documented = new Set(
    table
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .flatMap((line) => [...(line.split('|')[1] ?? '').matchAll(/`(\w+)`/g)].map((match) => match[1])),
  )
  expect(settingNames.filter((name) => !documented.has(name))).toEqual([])
})
