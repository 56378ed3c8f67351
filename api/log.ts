import { AsyncLocalStorage } from 'node:async_hooks'
import { type DestinationStream, type Logger, pino } from 'pino'
import { prettyFactory } from 'pino-pretty'
import { getConfig } from './config.ts'

export type { Logger } from 'pino'

/** What the HTTP layer knows about the request being served, for every log line written while serving it. */
export type RequestContext = {
  id: string
  /** The API route pattern that answered (`/api/v1/products/:slug/`), for the request metrics. */
  apiRoute?: string
  /** The storefront's route pattern that answered (`/:lang/products/:slug`), as React Router matched it. */
  pageRoute?: string
  /** Who the API found signed in (never a phone): the access line says whose request it was. */
  customer?: number
  /** A staff member's id, or `key:<id>` for an integration key. */
  staff?: number | string
}

const requests = new AsyncLocalStorage<RequestContext>()

/** Runs `fn` (the rest of a request's handling) with `context` visible to the log and the metrics. */
export const withRequestContext = <T>(context: RequestContext, fn: () => T): T => requests.run(context, fn)
export const currentRequest = () => requests.getStore()

/** The API notes the route pattern that answered (server/observability.ts labels the request metrics with it). */
export function noteApiRoute(route: string) {
  const request = requests.getStore()
  if (request) request.apiRoute = route
}

/** The storefront notes the route pattern React Router matched, so the metrics need not match it again. */
export function notePageRoute(pattern: string) {
  const request = requests.getStore()
  if (request) request.pageRoute = pattern.startsWith('/') ? pattern : `/${pattern}`
}

/**
 * The API notes who is signed in, for the access line: also on a storefront
 * page, whose loaders call the API in-process within the page's request.
 */
export function noteRequester(who: { customer: number } | { staff: number | string }) {
  const request = requests.getStore()
  if (request) Object.assign(request, who)
}

const secretKeys = ['authorization', 'cookie', 'password', 'token', 'refresh', 'access', 'signature', 'text']
const phoneKeys = ['phone', 'to']

/**
 * Fields that never reach a log line in full: credentials, session material,
 * SMS codes and texts (censored), phone numbers (masked). The key stays, so a
 * line still says the field was there.
 */
export const redactedPaths = [
  ...[...secretKeys, ...phoneKeys].flatMap((key) => [key, `*.${key}`]),
  // An SMS code where a request body or its input is logged; not every `code`: an error's
  // (ECONNREFUSED, 23505) is no secret and says what went wrong.
  ...['code', 'body.code', '*.body.code', 'input.code', '*.input.code'],
  '*.headers.authorization',
  '*.headers.cookie',
  '*.headers["set-cookie"]',
  '*.headers["x-staff-token"]',
]

/** `+998901234567` → `+99890*****67`: enough to tell two customers apart, not to call one. */
export function maskPhones(text: string) {
  return text.replace(
    /(\+|%2B)?(\d{5})(\d{2,})(\d{2})(?!\d)/gi,
    (_all, plus = '', head, middle, tail) => `${plus}${head}${'*'.repeat(middle.length)}${tail}`,
  )
}

function censor(value: unknown, path: string[]) {
  const key = path.at(-1) ?? ''
  if (phoneKeys.includes(key)) return typeof value === 'string' ? maskPhones(value) : '[redacted]'
  return '[redacted]'
}

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent'
export type LogFormat = 'json' | 'pretty'

/**
 * `json`: one JSON object a line (pino): `level` as a word, `time` in ISO
 * 8601, `msg`, and `reqId` on every line written while a request is served.
 * `pretty`: the same lines for a person at a terminal (pino-pretty): time,
 * level and message, a message of several lines as several lines, an access
 * line as one line. The same fields are redacted either way.
 */
export function createLogger(options: {
  level: LogLevel
  format?: LogFormat
  destination?: DestinationStream
}): Logger {
  const forPeople = options.format === 'pretty'
  return pino(
    {
      level: options.level,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      // pino-pretty prints its own level names from the numbers.
      formatters: forPeople ? {} : { level: (label) => ({ level: label }) },
      redact: { paths: redactedPaths, censor },
      mixin: () => {
        const request = requests.getStore()
        return request ? { reqId: request.id } : {}
      },
    },
    forPeople ? prettyLines(options.destination) : (options.destination ?? pino.destination({ dest: 1, sync: true })),
  )
}

// Shown in the access line's own words instead of below it (the user agent not at all: a terminal's line stays short).
const accessKeys = ['method', 'path', 'route', 'status', 'ms', 'bytes', 'address', 'userAgent', 'customer', 'staff']

/** pino-pretty's formatting, done in this thread and written synchronously like the JSON lines. */
function prettyLines(destination: DestinationStream | undefined): DestinationStream {
  const out = destination ?? pino.destination({ dest: 1, sync: true })
  const format = prettyFactory({
    colorize: !destination && Boolean(process.stdout.isTTY),
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: ['pid', 'hostname', 'reqId', ...accessKeys].join(','),
    messageFormat: (line: Record<string, unknown>, messageKey: string) => {
      const text = String(line[messageKey] ?? '')
      const request = typeof line.reqId === 'string' ? `[${line.reqId.slice(0, 8)}] ` : ''
      if (text !== 'request' || line.status === undefined) return `${request}${text}`
      const who =
        line.staff !== undefined
          ? ` staff ${line.staff}`
          : line.customer !== undefined
            ? ` customer ${line.customer}`
            : ''
      const route = line.route && line.route !== line.path ? ` (${line.route})` : ''
      const from = line.address ? ` from ${line.address}` : ''
      return `${request}${line.method} ${line.path}${route} → ${line.status} in ${line.ms} ms, ${line.bytes ?? 0} B${from}${who}`
    },
  })
  return { write: (line: string) => out.write(format(line)) }
}

let root: Logger | undefined

/** The process's logger, at LOG_LEVEL and in LOG_FORMAT, writing to stdout. */
export function logger(): Logger {
  const config = getConfig()
  root ??= createLogger({ level: config.LOG_LEVEL, format: config.LOG_FORMAT })
  return root
}

/**
 * The logger to refuse a start with: the configured one, or when the
 * configuration itself is what is wrong, one at info in LOG_FORMAT (when that
 * at least is a format) or as the terminal suggests.
 */
export function startLogger(): Logger {
  try {
    return logger()
  } catch {
    const format = process.env.LOG_FORMAT
    return createLogger({
      level: 'info',
      format: format === 'json' || format === 'pretty' ? format : process.stdout.isTTY ? 'pretty' : 'json',
    })
  }
}

/** Tests capture the lines: every later `logger()` call writes to this one. */
export function setLogger(replacement: Logger) {
  root = replacement
}
