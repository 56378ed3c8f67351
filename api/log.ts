import { AsyncLocalStorage } from 'node:async_hooks'
import { type DestinationStream, type Logger, pino } from 'pino'
import { getConfig } from './config.ts'

export type { Logger } from 'pino'

/** What the HTTP layer knows about the request being served, for every log line written while serving it. */
export type RequestContext = {
  id: string
  /** The API route pattern that answered (`/api/v1/products/:slug/`), for the request metrics. */
  apiRoute?: string
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

/**
 * One JSON object a line (pino): `level` as a word, `time` in ISO 8601, `msg`,
 * and `reqId` on every line written while a request is served.
 */
export function createLogger(options: { level: LogLevel; destination?: DestinationStream }): Logger {
  return pino(
    {
      level: options.level,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: redactedPaths, censor },
      mixin: () => {
        const request = requests.getStore()
        return request ? { reqId: request.id } : {}
      },
    },
    options.destination ?? pino.destination({ dest: 1, sync: true }),
  )
}

let root: Logger | undefined

/** The process's logger, at LOG_LEVEL, writing to stdout. */
export function logger(): Logger {
  root ??= createLogger({ level: getConfig().LOG_LEVEL })
  return root
}

/** Tests capture the lines: every later `logger()` call writes to this one. */
export function setLogger(replacement: Logger) {
  root = replacement
}
