import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { isIP } from 'node:net'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'
import { languages } from '#contract/languages.ts'
import { projectRoot } from './project-root.ts'

const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.url().optional())
const optionalText = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional())

// Express's "trust proxy": a hop count, or addresses, CIDR ranges and its names for address ranges.
const proxyNames = new Set(['loopback', 'linklocal', 'uniquelocal'])
const isProxyEntry = (entry: string) => {
  if (proxyNames.has(entry)) return true
  const [address = '', prefix, ...rest] = entry.split('/')
  const version = isIP(address)
  if (!version || rest.length) return false
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128))
}
const trustProxy = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z
    .string()
    .trim()
    .default('loopback')
    .transform((value, ctx): number | string[] => {
      if (/^\d{1,2}$/.test(value)) return Number(value)
      const entries = value.split(',').map((entry) => entry.trim())
      const wrong = entries.filter((entry) => !isProxyEntry(entry))
      if (wrong.length)
        ctx.addIssue({ code: 'custom', message: `not a hop count, address or range: ${wrong.join(', ')}` })
      return entries
    }),
)

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  // `demo` runs out of the box (sandbox payments, SMS to a log, demo seed) and says so; `live` refuses all that.
  SHOP_MODE: z.enum(['demo', 'live']).default('demo'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .url()
      .refine((url) => /^postgres(ql)?:\/\//i.test(url), {
        message:
          'not a PostgreSQL URL: the shop runs on PostgreSQL only (postgres://user:password@host:5432/database); unset, it uses the embedded database in DATA_DIR',
      })
      .optional(),
  ),
  // PostgreSQL: how long connecting, and each query, may take before the request answers 503.
  DATABASE_TIMEOUT_MS: z.coerce.number().int().min(100).default(5_000),
  // PostgreSQL: the most connections this process's pool opens (the LISTEN ones and migrations come on top).
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(10),
  // PostgreSQL over TLS: `require` encrypts, `verify` also checks the server's certificate (DATABASE_SSL_CA).
  DATABASE_SSL: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['off', 'require', 'verify']).default('off')),
  DATABASE_SSL_CA: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .refine((file) => existsSync(file), { message: 'no such file (the CA certificate of the database server, PEM)' })
      .optional(),
  ),
  MIGRATIONS: z.enum(['apply', 'verify']).default('apply'),
  SESSION_SECRET: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(32).optional()),
  PUBLIC_URL: optionalUrl,
  API_URL: optionalUrl,
  SMS_PROVIDER: z.enum(['log', 'eskiz']).default('log'),
  ESKIZ_EMAIL: optionalText,
  ESKIZ_PASSWORD: optionalText,
  ESKIZ_FROM: z.string().default('4546'),
  ESKIZ_BASE_URL: z.url().default('https://notify.eskiz.uz/api/'),
  // Eskiz posts delivery reports here when set.
  ESKIZ_CALLBACK_URL: optionalUrl,
  // How long one call to the SMS provider may take before the customer is told to retry.
  SMS_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  // Signed access token lifetime (seconds) and rotating refresh token lifetime (days).
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  REFRESH_REUSE_GRACE_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
  // Per client address: mobile carriers put many shoppers behind one address (CGNAT).
  SMS_CODES_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
  LOGIN_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
  // Failed promo code checks per client address in 15 minutes.
  PROMO_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
  SEED_PRODUCTS: z.coerce.number().int().min(0).max(1_000_000).default(2000),
  // A limit (MiB) for the JavaScript heap: `npm start` runs Node with it (scripts/start.mjs). Without one
  // Node lets garbage pile up to a share of the machine's memory; 512 holds the shop's live heap (about
  // 200 MB) with room (docs/measured.md "Memory").
  HEAP_MB: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce
      .number({ message: 'a whole number of MiB, e.g. 512' })
      .int({ message: 'a whole number of MiB, e.g. 512' })
      .min(256, { message: 'at least 256 (MiB): the shop needs more heap than that to start' })
      .max(1_048_576)
      .default(512),
  ),
  API_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  // Memory the process's caches may hold, in MiB each (README "Configuration" says what they hold).
  // The API's shared catalogue and content answers (JSON bodies).
  API_CACHE_MB: z.coerce.number().int().min(1).max(4096).default(32),
  // The storefront's parsed copies of those answers, reused while the API says 304.
  STOREFRONT_CACHE_MB: z.coerce.number().int().min(1).max(4096).default(16),
  // First-time visitors' rendered pages, with their gzip and brotli copies.
  PAGE_CACHE_MB: z.coerce.number().int().min(1).max(4096).default(32),
  // sharp's (libvips') cache while making picture copies; 0: none (each copy is made once and stored).
  IMAGE_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(0),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  // `json`: one JSON object a line, for collectors; `pretty`: coloured lines for people. Default: pretty on a terminal.
  LOG_FORMAT: z.preprocess(
    (v) => (v === '' || v === undefined ? (process.stdout.isTTY ? 'pretty' : 'json') : v),
    z.enum(['json', 'pretty']),
  ),
  // /metrics answers only `Authorization: Bearer <this>`; unset: no /metrics.
  METRICS_TOKEN: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(16).optional()),
  // A Sentry-compatible DSN (Sentry, GlitchTip): unexpected errors are sent there too.
  ERROR_REPORT_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .url()
      .regex(/^https?:\/\/\w+(:\w*)?@[^/?#]+\/([^?#]*\/)?\w+$/, {
        message: 'not a Sentry DSN: https://<key>@<host>/<project> (the project settings show it)',
      })
      .optional(),
  ),
  // The reports' environment (Sentry's filter): SHOP_MODE when unset; e.g. `staging`.
  ERROR_REPORT_ENVIRONMENT: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^[\w.-]{1,64}$/)
      .optional(),
  ),
  // Online payment: `sandbox` (a local page that approves or declines), `payme`, `click` or `uzum`.
  PAYMENT_PROVIDER: z.enum(['sandbox', 'payme', 'click', 'uzum']).default('sandbox'),
  PAYME_MERCHANT_ID: optionalText,
  // The merchant key Payme signs its calls with (Basic "Paycom:<key>"); the test key in its sandbox.
  PAYME_KEY: optionalText,
  PAYME_CHECKOUT_URL: z.url().default('https://checkout.paycom.uz/'),
  // Payme Subscribe API (saved cards), called by the shop.
  PAYME_API_URL: z.url().default('https://checkout.paycom.uz/api'),
  // How long one call to the card provider (Payme Subscribe API) may take before the customer is told to retry.
  PAYMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  CLICK_SERVICE_ID: optionalText,
  CLICK_MERCHANT_ID: optionalText,
  CLICK_SECRET_KEY: optionalText,
  CLICK_PAY_URL: z.url().default('https://my.click.uz/services/pay'),
  // Click Merchant API (payment reversal for refunds): the user id from the merchant cabinet, and its base URL.
  CLICK_MERCHANT_USER_ID: optionalText,
  CLICK_API_URL: z.url().default('https://api.click.uz/v2/merchant/'),
  // Uzum Bank Merchant API: the service id and the Basic login and password Uzum calls the shop with.
  UZUM_SERVICE_ID: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^\d{1,18}$/, { message: "digits: the service's id from Uzum Bank" })
      .optional(),
  ),
  UZUM_LOGIN: optionalText,
  UZUM_PASSWORD: optionalText,
  // Where the shopper pays in the Uzum Bank app (its open-service link for the service).
  UZUM_PAY_URL: z.url().default('https://www.uzumbank.uz/open-service'),
  // Fiscal codes (IKPU/MXIK and package code, tasnif.soliq.uz) for products that have none of their own.
  PAYME_DEFAULT_IKPU: z
    .string()
    .regex(/^\d{17}$/)
    .default('03303001001000000'),
  PAYME_DEFAULT_PACKAGE_CODE: z
    .string()
    .regex(/^\d{1,20}$/)
    .default('1501534'),
  // Minutes an unpaid online order holds its stock before it is cancelled (reason payment_timeout).
  ORDER_PAYMENT_TTL_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(7 * 24 * 60)
    .default(60),
  // How often the server looks for unpaid orders past that hold and retries refunds that failed.
  ORDER_JOBS_INTERVAL_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
  // Share of the goods paid that comes back as cashback when an order is delivered.
  CASHBACK_RATE: z.coerce.number().min(0).max(1).default(0.02),
  // Courier delivery in Tashkent city and elsewhere (sum); free from DELIVERY_FREE_FROM (0: never free).
  DELIVERY_PRICE_TASHKENT: z.coerce.number().int().min(0).default(20_000),
  DELIVERY_PRICE_REGIONS: z.coerce.number().int().min(0).default(40_000),
  DELIVERY_FREE_FROM: z.coerce.number().int().min(0).default(1_000_000),
  // Yandex Maps JS API 2.1 key for the checkout map picker; unset: the address fields alone.
  YANDEX_MAPS_API_KEY: optionalText,
  // The staff chat's bot (new orders): token from @BotFather and the chat id; no token: DATA_DIR/telegram-outbox.jsonl.
  TELEGRAM_BOT_TOKEN: optionalText,
  TELEGRAM_CHAT_ID: optionalText,
  // The staff chat's language (uz Cyrillic, sr Latin, ru): its order messages, and reports no one linked gets.
  TELEGRAM_CHAT_LANG: z.preprocess((v) => (v === '' ? undefined : v), z.enum(languages).default('ru')),
  // The staff bot: its @username for the link deep links, the hour (Asia/Tashkent) of the
  // owner's daily sales summary, and the stock at or below which the warehouse is told.
  TELEGRAM_BOT_USERNAME: z.preprocess(
    (v) => (v === '' ? undefined : typeof v === 'string' ? v.replace(/^@/, '') : v),
    z
      .string()
      .regex(/^[A-Za-z0-9_]{5,32}$/)
      .optional(),
  ),
  // The Mini App (the bot's menu button and /shop): its https address, PUBLIC_URL + /telegram when unset.
  TELEGRAM_WEBAPP_URL: optionalUrl,
  // The Telegram Login Widget on the sign-in page (desktop shoppers whose Telegram is linked): off unless `on`.
  TELEGRAM_LOGIN_WIDGET: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['on', 'off']).default('off')),
  TELEGRAM_SUMMARY_HOUR: z.coerce.number().int().min(0).max(23).default(21),
  TELEGRAM_LOW_STOCK_THRESHOLD: z.coerce.number().int().min(0).default(3),
  // Whose X-Forwarded-For/-Proto to believe: the client address (rate limits) and https (HSTS, Secure cookies).
  TRUST_PROXY: trustProxy,
  // Largest request body (KiB) of forms and JSON; multipart uploads have their own limits.
  BODY_LIMIT_KB: z.coerce.number().int().min(1).max(10_240).default(64),
  // Where pictures live: unset = DATA_DIR; `s3://bucket/prefix` (with the S3_ settings) or `file:///folder`.
  MEDIA_URL: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.preprocess((v) => (v === '' ? undefined : v), z.string().default('us-east-1')),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .enum(['true', 'false', '1', '0'])
      .default('false')
      .transform((v) => v === 'true' || v === '1'),
  ),
})

/** The media store (api/media/store.ts): a folder holding `uploads/` and `cache/`, or an S3-compatible bucket. */
export type MediaSetting =
  | { kind: 'local'; root: string }
  | {
      kind: 's3'
      bucket: string
      /** Key prefix inside the bucket, without slashes at either end; '' for the whole bucket. */
      prefix: string
      endpoint?: string
      region: string
      forcePathStyle: boolean
      accessKeyId?: string
      secretAccessKey?: string
    }

// S3 bucket names (AWS, R2, Yandex and MinIO agree): 3–63 lowercase letters, digits, dots and hyphens.
const bucketName = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/

/**
 * The media store a MEDIA_URL names, with the S3_ settings; a message for a
 * value that is none. Also used by `npm run media:move -- --to …`.
 */
export function parseMediaUrl(
  url: string | undefined,
  env: Pick<
    z.infer<typeof envSchema>,
    'S3_ENDPOINT' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE'
  >,
  dataDir: string,
): MediaSetting | string {
  if (!url) return { kind: 'local', root: dataDir }
  if (url.startsWith('file:')) {
    try {
      return { kind: 'local', root: fileURLToPath(url) }
    } catch {
      return 'a file URL must name an absolute folder: file:///srv/atir-media'
    }
  }
  const match = /^s3:\/\/([^/?#]+)\/*([^?#]*?)\/*$/.exec(url)
  if (!match) return 'expected s3://bucket/prefix (or file:///folder); unset: DATA_DIR'
  const [, bucket = '', prefix = ''] = match
  if (!bucketName.test(bucket))
    return `"${bucket}" is not a bucket name (3–63 lowercase letters, digits, dots, hyphens)`
  if (prefix !== '' && prefix.split('/').some((segment) => segment === '' || segment === '.' || segment === '..'))
    return `the prefix "${prefix}" has an empty, "." or ".." segment`
  if (!env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY)
    return 'set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (the SDK then finds them itself)'
  return {
    kind: 's3',
    bucket,
    prefix,
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
  }
}

/** Every setting the shop reads (the deployment files are checked against it). */
export const settingNames = Object.keys(envSchema.shape)

export type Config = z.infer<typeof envSchema> & {
  dataDir: string
  media: MediaSetting
  sessionSecret: string
  /**
   * Where `sessionSecret` comes from: SESSION_SECRET, the file DATA_DIR/session-secret, or made
   * just now (`new`) and written to that file only once a start is accepted (api/auth/session-secret.ts).
   */
  sessionSecretSource: 'setting' | 'file' | 'new'
}

/** What a live shop must not run with, each reported on its setting so one message lists them all. */
function liveModeRules(env: z.infer<typeof envSchema>, ctx: z.RefinementCtx) {
  if (env.SHOP_MODE !== 'live') return
  const refuse = (setting: string, message: string) => ctx.addIssue({ code: 'custom', path: [setting], message })
  if (env.PAYMENT_PROVIDER === 'sandbox')
    refuse(
      'PAYMENT_PROVIDER',
      'sandbox in SHOP_MODE=live: on the sandbox page anyone approves their own payment; set payme, click or uzum',
    )
  if (env.SMS_PROVIDER === 'log')
    refuse('SMS_PROVIDER', 'log in SHOP_MODE=live: codes would go to a file, not to customers; set eskiz')
  if (!env.PUBLIC_URL)
    refuse('PUBLIC_URL', "required in SHOP_MODE=live: the shop's public address for links, sitemap and payment returns")
  if (!env.SESSION_SECRET)
    refuse('SESSION_SECRET', 'required in SHOP_MODE=live: a secret of at least 32 characters, kept outside DATA_DIR')
}

/** Uzum's three settings name one service: a part of them is a mistake, whichever provider is chosen. */
function uzumRules(env: z.infer<typeof envSchema>, ctx: z.RefinementCtx) {
  const settings = ['UZUM_SERVICE_ID', 'UZUM_LOGIN', 'UZUM_PASSWORD'] as const
  const missing = settings.filter((name) => !env[name])
  if (missing.length === settings.length || !missing.length) return
  for (const name of missing)
    ctx.addIssue({
      code: 'custom',
      path: [name],
      message: `required with ${settings.filter((n) => env[n]).join(', ')}`,
    })
}

/** MEDIA_URL is checked with the S3_ settings beside it. */
function mediaRules(env: z.infer<typeof envSchema>, ctx: z.RefinementCtx) {
  const media = parseMediaUrl(env.MEDIA_URL, env, '')
  if (typeof media === 'string') ctx.addIssue({ code: 'custom', path: ['MEDIA_URL'], message: media })
}

export function parseConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema
    // Also when another setting is wrong: one start reports every problem.
    .superRefine(liveModeRules, { when: () => true })
    .superRefine(mediaRules)
    .superRefine(uzumRules)
    .safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`)
  }
  // Relative to the project, not the working directory: the shop starts the same from anywhere.
  const dataDir = resolve(projectRoot, parsed.data.DATA_DIR)
  const media = parseMediaUrl(parsed.data.MEDIA_URL, parsed.data, dataDir) as MediaSetting
  return { ...parsed.data, dataDir, media, ...sessionSecretOf(parsed.data.SESSION_SECRET, dataDir) }
}

/** The file a shop without SESSION_SECRET keeps its generated secret in. */
export const sessionSecretFile = (dataDir: string) => join(dataDir, 'session-secret')

/**
 * SESSION_SECRET, else the one kept in the data folder, else a new one held in
 * memory: reading the configuration never writes a file (a command, or a start
 * that is refused, leaves DATA_DIR as it was).
 */
function sessionSecretOf(
  setting: string | undefined,
  dataDir: string,
): Pick<Config, 'sessionSecret' | 'sessionSecretSource'> {
  if (setting) return { sessionSecret: setting, sessionSecretSource: 'setting' }
  const file = sessionSecretFile(dataDir)
  if (existsSync(file)) return { sessionSecret: readFileSync(file, 'utf8').trim(), sessionSecretSource: 'file' }
  return { sessionSecret: randomBytes(32).toString('base64url'), sessionSecretSource: 'new' }
}

let cached: Config | undefined
/** The configuration of this process, parsed once. */
export function getConfig() {
  cached ??= parseConfig()
  return cached
}

/** The next `getConfig()` parses process.env again: for test files that set their own environment. */
export function forgetConfig() {
  cached = undefined
}

/**
 * The bot the Login Widget signs in with, when the shop offers it: the
 * setting on, and a real bot (Telegram signs the widget's answers with its
 * token, and shows the widget only for its username).
 */
export function loginWidgetBot(
  config: Pick<Config, 'TELEGRAM_LOGIN_WIDGET' | 'TELEGRAM_BOT_TOKEN' | 'TELEGRAM_BOT_USERNAME'>,
) {
  const { TELEGRAM_BOT_TOKEN: token, TELEGRAM_BOT_USERNAME: username } = config
  return config.TELEGRAM_LOGIN_WIDGET === 'on' && token && username ? { token, username } : null
}
