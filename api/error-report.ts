import { hostname } from 'node:os'
import type { Config } from './config.ts'
import { currentRequest, logger } from './log.ts'

export type ErrorContext = { method?: string; path?: string }
export type ErrorReporter = (error: unknown, context?: ErrorContext) => Promise<void>
type ReportConfig = Pick<Config, 'ERROR_REPORT_URL' | 'ERROR_REPORT_ENVIRONMENT' | 'SHOP_MODE'>
type Sentry = typeof import('@sentry/node')

/** Reports one process sends in a minute at most: an outage that fails every request must not spend the quota. */
export const REPORTS_PER_MINUTE = 30

let sdk: Promise<Sentry> | undefined
let release: string | undefined

/**
 * The build the errors come from (server.ts, server/shop.ts: the build
 * version /build-version also gives), set before the first report.
 */
export function setErrorReportRelease(buildVersion: string) {
  release = `atir@${buildVersion}`
}

/**
 * Starts Sentry's SDK (@sentry/node) on the DSN, loaded only when a DSN is
 * set. Errors only: no tracing, no OpenTelemetry, no module hooks, and none
 * of the SDK's process handlers (an uncaught error still ends the process as
 * Node does). Events carry the release, the environment (ERROR_REPORT_ENVIRONMENT,
 * else SHOP_MODE) and this machine's name; the SDK honours the service's
 * rate limits (429, `X-Sentry-Rate-Limits`), and this process sends at most
 * REPORTS_PER_MINUTE a minute. Stack frames name the sources when the server
 * runs with source maps (scripts/start.mjs).
 */
function startSdk(config: ReportConfig & { ERROR_REPORT_URL: string }): Promise<Sentry> {
  sdk ??= import('@sentry/node').then((Sentry) => {
    let minute = 0
    let sent = 0
    Sentry.initWithoutDefaultIntegrations({
      dsn: config.ERROR_REPORT_URL,
      release,
      environment: config.ERROR_REPORT_ENVIRONMENT ?? config.SHOP_MODE,
      serverName: hostname(),
      enableRuntimeChannelInjection: false,
      // The SDK would otherwise rewrite every fetch error's message in this process.
      enhanceFetchErrorMessages: false,
      integrations: [
        Sentry.eventFiltersIntegration(),
        Sentry.functionToStringIntegration(),
        Sentry.linkedErrorsIntegration(),
        Sentry.dedupeIntegration(),
        Sentry.nodeContextIntegration(),
        Sentry.contextLinesIntegration(),
      ],
      beforeSend(event) {
        const now = Math.floor(Date.now() / 60_000)
        if (now !== minute) {
          minute = now
          sent = 0
        }
        if (++sent <= REPORTS_PER_MINUTE) return event
        if (sent === REPORTS_PER_MINUTE + 1)
          logger().warn(`error report: more than ${REPORTS_PER_MINUTE} this minute; the rest of it are only logged`)
        return null
      },
    })
    return Sentry
  })
  return sdk
}

/**
 * Sends unexpected errors (the API's 500s, a storefront loader, action or
 * render that throws) to ERROR_REPORT_URL, a Sentry-compatible DSN
 * (`https://<key>@<host>/<project>`: Sentry, self-hosted Sentry, GlitchTip),
 * with the request's method, path and id. Never throws: a report that cannot
 * be made is a warn line, never the request's problem.
 */
export function errorReporter(config: ReportConfig): ErrorReporter {
  const dsn = config.ERROR_REPORT_URL
  if (!dsn) return async () => {}
  return async (error, context = {}) => {
    try {
      const Sentry = await startSdk({ ...config, ERROR_REPORT_URL: dsn })
      const requestId = currentRequest()?.id
      Sentry.withScope((scope) => {
        if (requestId) scope.setTag('request_id', requestId)
        if (context.path)
          scope.addEventProcessor((event) => ({ ...event, request: { method: context.method, url: context.path } }))
        Sentry.captureException(error)
      })
    } catch (cause) {
      logger().warn(`error report: not sent: ${(cause as Error).message}`)
    }
  }
}

/**
 * Sends what is still queued (waiting `timeoutMs` at most) and stops the SDK:
 * before the process exits. A later report starts it again.
 */
export async function closeErrorReports(timeoutMs = 2_000) {
  const running = sdk
  sdk = undefined
  if (running) await (await running).close(timeoutMs)
}
