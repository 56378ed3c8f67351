import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { Api } from 'grammy'
import { mapScriptUrl } from '#contract/maps.ts'
import { secretFingerprint, secretSource } from '../auth/secret-fingerprint.ts'
import { recordedFingerprint } from '../auth/session-secret.ts'
import { type Config, parseConfig } from '../config.ts'
import type { Database } from '../db/client.ts'
import { migrationStatus } from '../db/migrate.ts'
import { activeDemoPromoCodes } from '../db/seed/promo.ts'
import { seedRecord } from '../db/seed/record.ts'
import { staffWithDemoPassword } from '../db/seed/staff.ts'
import { paymentReadiness } from '../integrations/payments/readiness.ts'
import { eskizOf } from '../integrations/sms/index.ts'
import { telegramOutboxPath } from '../integrations/telegram/index.ts'
import { describeError, mediaStoreOf } from '../media/store.ts'
import { checkDataDir, dataDirUses } from '../start-checks.ts'
import { telegramWebhookUrl } from '../telegram/commands.ts'

export type Outcome = 'ok' | 'warn' | 'fail'
/** What a check found: `fail` stops a live start (or its use), `warn` is worth knowing. */
export type Finding = { outcome: Outcome; text: string }

export type PreflightContext = {
  /** The settings as given, SHOP_MODE taken as live. */
  config: Config
  /** The environment they came from: the live-mode rules are checked on it. */
  env: Record<string, string | undefined>
  /** The shop processes that will share the database. */
  processes: number
  /** The database, when it could be opened: the `database` finding says why not. */
  database: Database | null
  /** What opening the database found. */
  opened: Finding
}

export type Check = { name: string; run(context: PreflightContext): Promise<Finding> }

/** How long one call to a provider (or to the shop's own address) may take. */
const CALL_TIMEOUT_MS = 10_000

const ok = (text: string): Finding => ({ outcome: 'ok', text })
const warn = (text: string): Finding => ({ outcome: 'warn', text })
const fail = (text: string): Finding => ({ outcome: 'fail', text })
/** Several findings as one: the worst outcome, their texts in one line. */
function worst(findings: Finding[], none: string): Finding {
  if (!findings.length) return ok(none)
  const outcome = findings.some((f) => f.outcome === 'fail')
    ? 'fail'
    : findings.some((f) => f.outcome === 'warn')
      ? 'warn'
      : 'ok'
  return { outcome, text: findings.map((f) => f.text).join(' | ') }
}
const problems = (found: (string | false)[]) => found.filter((p): p is string => Boolean(p))
const endpoint = (config: Pick<Config, 'PUBLIC_URL'>, path: string) =>
  config.PUBLIC_URL ? new URL(`/api/v1/${path}`, config.PUBLIC_URL).toString() : `<PUBLIC_URL>/api/v1/${path}`

/** A server setting (`show max_connections`), on either database. */
export async function show(database: Pick<Database, 'db'>, name: string): Promise<unknown> {
  const result = (await database.db.execute(sql.raw(`show ${name}`))) as unknown as { rows: Record<string, unknown>[] }
  return result.rows[0]?.[name]
}

/** The settings a live start refuses (api/config.ts, its live-mode rules), every one. */
async function settings({ env }: PreflightContext) {
  try {
    parseConfig({ ...env, SHOP_MODE: 'live' })
    return ok('valid for SHOP_MODE=live')
  } catch (error) {
    return fail((error as Error).message.replace(/^Invalid configuration:\n\s*/, '').replace(/\n\s*/g, ' | '))
  }
}

async function dataFolder({ config }: PreflightContext) {
  const uses = dataDirUses(config)
  if (!uses.length) return ok(`nothing of the shop lives in DATA_DIR ${config.dataDir}`)
  await checkDataDir(config)
  return ok(`${config.dataDir} can be written (${uses.join(', ')})`)
}

/** The server, its migrations against this code's, and its connections against what the processes open. */
async function databaseState({ config, processes, database, opened }: PreflightContext) {
  if (!database) return opened
  const migrations = await migrationStatus(database.db)
  const findings: Finding[] = [opened]
  const applied = `migrations: ${migrations.applied} applied, ${migrations.pending} pending`
  if (migrations.refusal.any) findings.push(fail(migrations.refusal.any))
  else if (migrations.pending && config.MIGRATIONS === 'verify')
    findings.push(fail(`${applied}: run npm run migrate first`))
  else if (migrations.pending) findings.push(ok(`${applied} (the start applies them: MIGRATIONS=apply)`))
  else findings.push(ok(`${applied}${migrations.ahead ? ' (migrated by a newer version that runs this one)' : ''}`))
  if (database.kind === 'pglite')
    findings.push(
      processes > 1
        ? fail(`${processes} processes: the embedded database serves one; run several on PostgreSQL (DATABASE_URL)`)
        : ok('one process'),
    )
  else {
    const setting = async (name: string) => Number((await show(database, name)) ?? Number.NaN)
    const most = (await setting('max_connections')) - (await setting('superuser_reserved_connections'))
    // Each process: its pool, the two connections that LISTEN, one while it migrates (docs/deploying.md).
    const needed = processes * (config.DATABASE_POOL_MAX + 3)
    const sum = `${needed} connections for ${processes} process${processes === 1 ? '' : 'es'} × (DATABASE_POOL_MAX ${config.DATABASE_POOL_MAX} + 3)`
    findings.push(
      needed <= most
        ? ok(`${sum} of the server's ${most}`)
        : fail(
            `${sum}, but the server takes ${most} (max_connections less the reserved): lower DATABASE_POOL_MAX or raise max_connections`,
          ),
    )
  }
  return worst(findings, '')
}

/** The secret's fingerprint, and whether the database's shop signs with the same (api/auth/session-secret.ts). */
async function sessionSecret({ config, database }: PreflightContext) {
  const mine = `${secretSource(config)}, fingerprint ${secretFingerprint(config.sessionSecret)}`
  if (config.sessionSecretSource === 'new')
    return fail(`${mine}: set SESSION_SECRET (32+ characters, outside DATA_DIR)`)
  if (!database) return ok(mine)
  const recorded = await recordedFingerprint(database.db)
  if (!recorded) return ok(`${mine}; the database records none yet (the first start does)`)
  if (recorded === secretFingerprint(config.sessionSecret)) return ok(`${mine}, as the database's shop`)
  const other = `${mine}, but the database's shop signs with ${recorded}`
  return database.kind === 'postgres'
    ? fail(`${other}: the start is refused (docs/deploying.md "The session secret")`)
    : warn(`${other}: every session ends and staff set up their second factor again`)
}

/** What the demo seed left that a live shop must not keep (server/shop-mode.ts refuses the first two). */
async function demoLeftovers({ database }: PreflightContext) {
  if (!database) return warn('not checked: no database to look in')
  const codes = await activeDemoPromoCodes(database.db)
  const staff = await staffWithDemoPassword(database.db)
  const seeded = await seedRecord(database.db)
  return worst(
    [
      codes.length > 0 &&
        fail(`the demo promo codes ${codes.join(', ')} are active (UPDATE promo_codes SET active = false WHERE …)`),
      staff.length > 0 &&
        fail(
          `the staff accounts ${staff.join(', ')} have the demo owner's password (npm run staff -- reset-password --phone …)`,
        ),
      seeded?.mode === 'demo' &&
        warn(
          `the demo catalogue (${seeded.products.toLocaleString('en')} products, made-up customers and reviews) is in this database: a live shop starts on a new, empty one`,
        ),
    ].filter((f): f is Finding => Boolean(f)),
    'none (no demo promo codes active, no demo password, no demo catalogue)',
  )
}

/** The picture store takes, gives back and removes an object. */
async function media({ config, processes }: PreflightContext) {
  const store = mediaStoreOf(config)
  if (config.media.kind === 'local') {
    await store.checkWritable()
    await store.checkReadable()
    const shared = config.MEDIA_URL ? '' : ' (DATA_DIR)'
    if (processes > 1 && !config.MEDIA_URL)
      return fail(
        `the folder ${store.name}${shared} is this machine's: ${processes} processes need one store (MEDIA_URL=s3://… or a shared file:///folder)`,
      )
    return ok(`the folder ${store.name}${shared} can be written and read`)
  }
  const key = `preflight/probe-${process.pid}-${randomBytes(4).toString('hex')}.txt`
  const bytes = Buffer.from('npm run preflight')
  await store.put(key, bytes, { contentType: 'text/plain' })
  try {
    const back = await store.get(key)
    if (!back?.bytes.equals(bytes)) return fail(`${store.name}: a probe object written could not be read back`)
  } finally {
    await store.delete([key])
  }
  if (await store.stat(key)) return fail(`${store.name}: a probe object could not be deleted`)
  return ok(`${store.name}: a probe object written, read back and deleted`)
}

async function sms({ config }: PreflightContext) {
  if (config.SMS_PROVIDER === 'log') return fail('SMS_PROVIDER=log: codes would go to a file, not to customers')
  try {
    await eskizOf(config).checkLogin()
  } catch (error) {
    return fail((error as Error).message)
  }
  return ok(`Eskiz logs in as ${config.ESKIZ_EMAIL}; sender ${config.ESKIZ_FROM}`)
}

/** The staff bot answers, and its webhook is the shop's. */
async function telegram({ config }: PreflightContext) {
  if (!config.TELEGRAM_BOT_TOKEN)
    return warn(`TELEGRAM_BOT_TOKEN is not set: staff get no order news (written to ${telegramOutboxPath(config)})`)
  const api = new Api(config.TELEGRAM_BOT_TOKEN, { timeoutSeconds: CALL_TIMEOUT_MS / 1000 })
  const me = await api.getMe()
  const webhook = await api.getWebhookInfo()
  const expected = telegramWebhookUrl(config)
  const bot = `@${me.username}`
  return worst(
    [
      webhook.url !== expected
        ? fail(
            `${bot}'s webhook is ${webhook.url || 'not set'}, not ${expected ?? "PUBLIC_URL's"}: npm run telegram -- webhook`,
          )
        : ok(`${bot}, its webhook ${webhook.url}`),
      webhook.last_error_message && warn(`Telegram's last delivery failed: ${webhook.last_error_message}`),
      !config.TELEGRAM_CHAT_ID && warn('TELEGRAM_CHAT_ID is not set: no staff chat gets the orders'),
      config.TELEGRAM_BOT_USERNAME !== me.username &&
        warn(`TELEGRAM_BOT_USERNAME is not ${me.username}: the link buttons point elsewhere`),
    ].filter((f): f is Finding => Boolean(f)),
    '',
  )
}

/** The provider's settings, and the addresses to register in its cabinet (api/integrations/payments/readiness.ts). */
async function payments({ config }: PreflightContext) {
  const provider = config.PAYMENT_PROVIDER
  const readiness = paymentReadiness[provider]
  const wrong = problems(readiness.problems(config))
  if (wrong.length) return fail(`${provider}: ${wrong.join('; ')}`)
  const register = `${provider}: register ${readiness.endpoints.map((path) => endpoint(config, path)).join(' and ')} in ${readiness.cabinet}`
  return worst([ok(register), ...problems(readiness.notes?.(config) ?? []).map(warn)], '')
}

/** The shop answers at its public address (links, payment returns and provider callbacks go there). */
async function publicUrl({ config }: PreflightContext) {
  if (!config.PUBLIC_URL) return fail('PUBLIC_URL is not set')
  const url = new URL('/healthz', config.PUBLIC_URL).toString()
  const started = performance.now()
  let status: number
  try {
    status = (await fetch(url, { signal: AbortSignal.timeout(CALL_TIMEOUT_MS), redirect: 'manual' })).status
  } catch (error) {
    return fail(
      `${url} does not answer (${describeError((error as Error).cause ?? error)}): the proxy, DNS or the shop`,
    )
  }
  const ms = Math.round(performance.now() - started)
  // The proxy answers, with no shop behind it yet (before the first start): said, not a failure.
  if ([502, 503, 504].includes(status))
    return warn(
      `${url} answered ${status}: the proxy is there, the shop behind it not (yet); run this again once it runs`,
    )
  if (status !== 200) return fail(`${url} answered ${status}, not 200: is PUBLIC_URL this shop's address?`)
  if (!url.startsWith('https://'))
    return warn(`${url} answered 200 in ${ms} ms, but not over https: payment providers and Telegram need https`)
  return ok(`${url} answered 200 in ${ms} ms`)
}

/** The checkout's map picker: without it, a courier order has no delivery point. */
async function maps({ config }: PreflightContext) {
  const key = config.YANDEX_MAPS_API_KEY
  if (!key) return warn('YANDEX_MAPS_API_KEY is not set: the checkout has no map, so couriers get no delivery point')
  let status: number
  try {
    const headers = config.PUBLIC_URL ? { Referer: config.PUBLIC_URL } : undefined
    status = (await fetch(mapScriptUrl(key), { headers, signal: AbortSignal.timeout(CALL_TIMEOUT_MS) })).status
  } catch (error) {
    return warn(`Yandex Maps could not be asked (${describeError(error)})`)
  }
  if (status !== 200) return fail(`Yandex Maps refused the key (HTTP ${status}): couriers would get no delivery point`)
  return ok('Yandex Maps loads with the key')
}

/** Every check, in the order printed; another is one more entry. */
export const checks: Check[] = [
  { name: 'settings', run: settings },
  { name: 'data folder', run: dataFolder },
  { name: 'database', run: databaseState },
  { name: 'session secret', run: sessionSecret },
  { name: 'demo leftovers', run: demoLeftovers },
  { name: 'media', run: media },
  { name: 'sms', run: sms },
  { name: 'telegram', run: telegram },
  { name: 'payments', run: payments },
  { name: 'public URL', run: publicUrl },
  { name: 'maps', run: maps },
]
