import { type ClientRequest, request as httpRequest, type IncomingHttpHeaders } from 'node:http'

// Requests whose body the test sends at its own pace, to see what the server
// does while a body is still on its way (limits, shutdown).

export type Answer = { status: number; headers: IncomingHttpHeaders; body: string }

export type OpenRequest = {
  request: ClientRequest
  /** The server's answer, whenever it comes (also before the body is complete). */
  answer: Promise<Answer>
  /** Whether the answer has begun to arrive. */
  answered(): boolean
}

/** Sends the request line and headers now; the body is up to the caller (`request.write`, `request.end`). */
export function openRequest(url: string, method: string, headers: Record<string, string | number>): OpenRequest {
  let done = false
  // One connection per request, closed after it: nothing kept alive between tests.
  const request = httpRequest(url, { method, headers: { Connection: 'close', ...headers }, agent: false })
  const answer = new Promise<Answer>((resolve, reject) => {
    request.on('response', (response) => {
      done = true
      let body = ''
      response.setEncoding('utf8')
      response.on('data', (chunk) => (body += chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }))
    })
    // The server may close the connection on a body it refused, after answering: no failure then.
    request.on('error', (error) => (done ? undefined : reject(error)))
  })
  request.flushHeaders()
  return { request, answer, answered: () => done }
}

/**
 * A POST the server has taken up and is waiting on: it asked for the body
 * (`Expect: 100-continue` is answered when the request reaches the app), which
 * is sent only by `finish`.
 */
export async function heldPost(url: string, body: string, headers: Record<string, string> = {}) {
  const open = openRequest(url, 'POST', {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(body),
    Expect: '100-continue',
    ...headers,
  })
  await new Promise((resolve, reject) => {
    open.request.once('continue', resolve)
    open.answer.catch(reject)
  })
  return {
    finish() {
      open.request.end(body)
      return open.answer
    },
  }
}
