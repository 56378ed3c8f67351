import { HttpResponse, http } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { errorReporter } from '#api/error-report.ts'
import { withRequestContext } from '#api/log.ts'
import { logLines } from '../setup/log-lines.ts'

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const dsn = 'https://public-key-1@errors.example/prefix/42'

describe('ERROR_REPORT_URL', () => {
  it('posts the error as a Sentry envelope to the DSN, with the request it happened in', async () => {
    const seen: { auth: string | null; type: string | null; body: string }[] = []
    server.use(
      http.post('https://errors.example/prefix/api/42/envelope/', async ({ request }) => {
        seen.push({
          auth: request.headers.get('x-sentry-auth'),
          type: request.headers.get('content-type'),
          body: await request.text(),
        })
        return HttpResponse.json({ id: 'x' })
      }),
    )
    const report = errorReporter(dsn, 'production')
    await withRequestContext({ id: 'req-77' }, () =>
      report(new TypeError('cannot read total'), { method: 'POST', path: '/api/v1/orders/' }),
    )
    expect(seen).toHaveLength(1)
    expect(seen[0]!.auth).toContain('sentry_key=public-key-1')
    expect(seen[0]!.type).toBe('application/x-sentry-envelope')
    const [header, item, event] = seen[0]!.body.split('\n').map((line) => JSON.parse(line))
    expect(header).toMatchObject({ event_id: expect.stringMatching(/^[0-9a-f]{32}$/), dsn })
    expect(item).toEqual({ type: 'event' })
    expect(event).toMatchObject({
      event_id: header.event_id,
      level: 'error',
      environment: 'production',
      exception: { values: [{ type: 'TypeError', value: 'cannot read total' }] },
      tags: { request_id: 'req-77' },
      request: { method: 'POST', url: '/api/v1/orders/' },
    })
    expect(event.exception.values[0].stacktrace.frames.at(-1).filename).toContain('error-report.test.ts')
  })

  it('a service that fails is noted in the log, never thrown at the request', async () => {
    server.use(
      http.post('https://errors.example/prefix/api/42/envelope/', () => new HttpResponse(null, { status: 429 })),
    )
    const from = logLines.length
    await expect(errorReporter(dsn)(new Error('boom'))).resolves.toBeUndefined()
    expect(logLines.slice(from)).toContainEqual(
      expect.objectContaining({ level: 'warn', msg: 'error report: the service answered HTTP 429' }),
    )
  })

  it('without a DSN nothing is sent', async () => {
    await expect(errorReporter(undefined)(new Error('boom'))).resolves.toBeUndefined()
  })
})
