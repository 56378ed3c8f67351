import { randomUUID } from 'node:crypto'
import { currentRequest, logger } from './log.ts'

export type ErrorContext = { method?: string; path?: string }
export type ErrorReporter = (error: unknown, context?: ErrorContext) => Promise<void>

/**
 * Sends unexpected errors (the ones answered 500) to a Sentry-compatible
 * service: ERROR_REPORT_URL is the project's DSN, `https://<key>@<host>/<project>`
 * (Sentry, GlitchTip, self-hosted Sentry). One envelope a request, no SDK: the
 * exception, its stack, the request's method, path and id. Never throws, and a
 * service that does not answer in 5 s is given up on.
 */
export function errorReporter(dsn: string | undefined, environment = 'production'): ErrorReporter {
  if (!dsn) return async () => {}
  const url = new URL(dsn)
  const key = decodeURIComponent(url.username)
  const project = url.pathname.split('/').filter(Boolean).pop()
  const prefix = url.pathname.slice(0, url.pathname.lastIndexOf('/'))
  const endpoint = `${url.protocol}//${url.host}${prefix}/api/${project}/envelope/`
  const publicDsn = `${url.protocol}//${key}@${url.host}${url.pathname}`
  return async (error, context = {}) => {
    const failure = error instanceof Error ? error : new Error(String(error))
    const eventId = randomUUID().replaceAll('-', '')
    const event = {
      event_id: eventId,
      timestamp: Date.now() / 1000,
      platform: 'node',
      level: 'error',
      environment,
      exception: {
        values: [{ type: failure.name, value: failure.message, stacktrace: { frames: stackFrames(failure) } }],
      },
      tags: { request_id: currentRequest()?.id },
      request: context.path ? { method: context.method, url: context.path } : undefined,
    }
    const body = [
      JSON.stringify({ event_id: eventId, sent_at: new Date().toISOString(), dsn: publicDsn }),
      JSON.stringify({ type: 'event' }),
      JSON.stringify(event),
    ].join('\n')
    try {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-sentry-envelope',
          'X-Sentry-Auth': `Sentry sentry_version=7, sentry_client=atir/1.0, sentry_key=${key}`,
        },
        body,
        signal: AbortSignal.timeout(5_000),
      })
      if (!response.ok) logger().warn(`error report: the service answered HTTP ${response.status}`)
    } catch (cause) {
      logger().warn(`error report: not sent: ${(cause as Error).message}`)
    }
  }
}

/** V8's `at fn (file:line:col)` lines as Sentry frames, oldest call first. */
function stackFrames(error: Error) {
  return (error.stack ?? '')
    .split('\n')
    .slice(1)
    .map((line) => line.trim().match(/^at (?:(.+?) \()?(.+?):(\d+):(\d+)\)?$/))
    .filter((match) => match !== null)
    .map(([, fn, file, line, column]) => ({
      function: fn ?? '?',
      filename: file,
      lineno: Number(line),
      colno: Number(column),
    }))
    .reverse()
}
