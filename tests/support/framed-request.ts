import { request as httpRequest } from 'node:http'

// Requests framed exactly as a test says, to see what the server does with
// each framing of a body (the API's own tests and the whole shop's).

/**
 * How a body travels: with its Content-Length, chunked (no length: a streamed
 * `fetch` body, many HTTP libraries), or not at all (no body, no length, no
 * Transfer-Encoding: a `fetch` DELETE, a bare POST).
 */
export type Transport = 'length' | 'chunked' | 'none'

export type RawAnswer = { status: number; headers: Record<string, string | string[] | undefined>; text: string }

/** One request with exactly the framing `transport` names (node:http, one connection, closed after). */
export function sendRaw(
  url: string,
  init: { method: string; headers?: Record<string, string>; body?: string; transport: Transport },
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    // One connection per request, closed after it: nothing kept alive between tests.
    const request = httpRequest(url, {
      method: init.method,
      headers: { Connection: 'close', ...init.headers },
      agent: false,
    })
    request.on('error', reject)
    request.on('response', (response) => {
      let text = ''
      response.setEncoding('utf8')
      response.on('data', (chunk) => (text += chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }))
    })
    const body = init.body ?? ''
    if (init.transport === 'length') {
      request.setHeader('Content-Length', Buffer.byteLength(body))
      request.end(body)
    } else if (init.transport === 'chunked') {
      request.setHeader('Transfer-Encoding', 'chunked')
      if (body) request.write(body)
      request.end()
    } else {
      // Node would add `Content-Length: 0` (or chunk) a POST of its own accord: neither, as some clients send.
      request.removeHeader('Content-Length')
      request.removeHeader('Transfer-Encoding')
      request.end()
    }
  })
}
