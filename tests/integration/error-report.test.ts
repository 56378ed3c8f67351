import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { hostname } from 'node:os'
import { gunzipSync } from 'node:zlib'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { closeErrorReports, errorReporter, REPORTS_PER_MINUTE, setErrorReportRelease } from '#api/error-report.ts'
import { withRequestContext } from '#api/log.ts'
import type { Json } from '#tests/support/json.ts'
import { logLines } from '../setup/log-lines.ts'

// ERROR_REPORT_URL through Sentry's SDK (@sentry/node), against a service of the test's own
// that speaks Sentry's envelope endpoint: what arrives there is what Sentry or GlitchTip would get.

type Envelope = { header: Json; items: { type: string; payload: Json }[] }
let received: Envelope[] = []
/** What the service answers next: Sentry's own 200, or a rate limit. */
let answer: { status: number; headers: Record<string, string> } = { status: 200, headers: {} }
let service: Server
let dsn = ''

async function bodyOf(request: IncomingMessage) {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  const raw = Buffer.concat(chunks)
  return (request.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString('utf8')
}

function parseEnvelope(text: string): Envelope {
  const [header, ...rest] = text.split('\n').filter(Boolean)
  const items: Envelope['items'] = []
  for (let i = 0; i + 1 < rest.length; i += 2)
    items.push({ type: JSON.parse(rest[i]!).type, payload: JSON.parse(rest[i + 1]!) })
  return { header: JSON.parse(header!), items }
}

beforeAll(async () => {
  service = createServer(async (request, response) => {
    if (request.method === 'POST' && request.url?.startsWith('/prefix/api/42/envelope/'))
      received.push(parseEnvelope(await bodyOf(request)))
    response.writeHead(answer.status, { 'Content-Type': 'application/json', ...answer.headers })
    response.end(JSON.stringify({ id: 'x' }))
  })
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve))
  dsn = `http://publickey1@127.0.0.1:${(service.address() as AddressInfo).port}/prefix/42`
})
afterEach(async () => {
  await closeErrorReports()
  received = []
  answer = { status: 200, headers: {} }
})
afterAll(() => new Promise((resolve) => service.close(resolve)))

const config = () => ({ ERROR_REPORT_URL: dsn, ERROR_REPORT_ENVIRONMENT: undefined, SHOP_MODE: 'live' as const })
const events = () => received.flatMap((envelope) => envelope.items.filter((item) => item.type === 'event'))

/** Sends what is queued, so `received` holds it; the SDK starts anew at the next report. */
const delivered = async () => {
  await closeErrorReports(5_000)
  return events()
}

describe('ERROR_REPORT_URL', () => {
  it('sends the error with its stack, the request, the release, environment and machine', async () => {
    setErrorReportRelease('build-7f3a')
    const report = errorReporter(config())
    await withRequestContext({ id: 'req-77' }, () =>
      report(new TypeError('cannot read total'), { method: 'POST', path: '/api/v1/orders/' }),
    )
    const [event] = await delivered()
    expect(received[0]!.header).toMatchObject({
      sdk: { name: 'sentry.javascript.node' },
      trace: { public_key: 'publickey1' },
    })
    expect(event!.payload).toMatchObject({
      level: 'error',
      release: 'atir@build-7f3a',
      environment: 'live',
      server_name: hostname(),
      exception: { values: [{ type: 'TypeError', value: 'cannot read total' }] },
      tags: { request_id: 'req-77' },
      request: { method: 'POST', url: '/api/v1/orders/' },
    })
    const frames = event!.payload.exception.values[0].stacktrace.frames as { filename: string }[]
    expect(frames.at(-1)?.filename).toContain('error-report.test.ts')
  })

  it('names the environment ERROR_REPORT_ENVIRONMENT gives', async () => {
    await errorReporter({ ...config(), ERROR_REPORT_ENVIRONMENT: 'staging' })(new Error('on staging'))
    expect((await delivered())[0]?.payload.environment).toBe('staging')
  })

  it(`sends at most ${REPORTS_PER_MINUTE} a minute; the rest are only logged`, async () => {
    const from = logLines.length
    const report = errorReporter(config())
    // Different places: the SDK's own de-duplication would otherwise drop repeats first.
    for (let i = 0; i < REPORTS_PER_MINUTE + 5; i++) await report(new Error(`failure ${i}`))
    expect((await delivered()).length).toBe(REPORTS_PER_MINUTE)
    expect(logLines.slice(from)).toContainEqual(
      expect.objectContaining({ level: 'warn', msg: expect.stringContaining(`more than ${REPORTS_PER_MINUTE}`) }),
    )
  })

  it("keeps to the service's own rate limit (429)", async () => {
    answer = { status: 429, headers: { 'Retry-After': '60', 'X-Sentry-Rate-Limits': '60:error:key' } }
    const report = errorReporter(config())
    await report(new Error('the first, refused'))
    // Sent, and the answer read: the SDK now knows the limit.
    await (await import('@sentry/node')).flush(5_000)
    answer = { status: 200, headers: {} }
    await report(new Error('the second, not sent'))
    await (await import('@sentry/node')).flush(5_000)
    expect(events().map((event) => event.payload.exception.values[0].value)).toEqual(['the first, refused'])
  })

  it('without a DSN nothing is sent', async () => {
    await expect(
      errorReporter({ ...config(), ERROR_REPORT_URL: undefined })(new Error('boom')),
    ).resolves.toBeUndefined()
    expect(await delivered()).toEqual([])
  })
})
