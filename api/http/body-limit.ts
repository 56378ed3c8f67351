import type { Context, MiddlewareHandler } from 'hono'
import { UPLOAD_BODY_MAX_BYTES } from '#contract/upload-limits.ts'
import type { Config } from '../config.ts'
import type { ApiEnv } from './context.ts'
import { ApiError } from './errors.ts'
import { message } from './messages.ts'

/** The refusal of a body past its limit, in the request's language (a route names its field and limit). */
export type TooLarge = (c: Context<ApiEnv>) => ApiError

const payloadTooLarge: TooLarge = (c) => new ApiError(413, message(c.get('lang'), 'payload_too_large'))

/**
 * Caps a request's body at `maxSize` bytes while it is read. A Content-Length
 * past the limit is refused unread. A body without one (chunked) is read
 * through one counter per request: the read that passes the limit fails with
 * the refusal and the rest of the body is cancelled, not read. A route's own
 * limit, set after the shop-wide one, takes its place (its 413 names the
 * route's field and limit). Nothing is buffered here: the route reads the
 * body as it would have, and whatever that read then throws is answered with
 * the refusal (`bodyRefusal`, api/app.ts).
 */
export function limitBody(maxSize: number, tooLarge: TooLarge = payloadTooLarge): MiddlewareHandler<ApiEnv> {
  return (c, next) => {
    const request = c.req.raw
    if (!request.body) return next()
    if (hasLength(request)) {
      if (Number(request.headers.get('content-length')) > maxSize) throw tooLarge(c)
      return next()
    }
    const cap = c.get('bodyCap')
    if (cap) {
      if (maxSize <= cap.maxSize) Object.assign(cap, { maxSize, tooLarge })
      return next()
    }
    const counting = { maxSize, tooLarge }
    c.set('bodyCap', counting)
    c.req.raw = withBody(
      request,
      counted(request.body, counting, () => {
        const refusal = counting.tooLarge(c)
        c.set('bodyRefusal', refusal)
        return refusal
      }),
    )
    return next()
  }
}

/**
 * Caps every request body before a route reads it, so a few huge bodies cannot
 * exhaust the memory: BODY_LIMIT_KB for JSON and forms, the largest upload for
 * multipart (the upload routes then apply their own with `limitBody`).
 */
export function requestBodyLimit(config: Pick<Config, 'BODY_LIMIT_KB'>): MiddlewareHandler<ApiEnv> {
  const forms = limitBody(config.BODY_LIMIT_KB * 1024)
  const uploads = limitBody(UPLOAD_BODY_MAX_BYTES)
  return (c, next) => (isMultipart(c.req.header('content-type')) ? uploads : forms)(c, next)
}

const hasLength = (request: Request) =>
  request.headers.has('content-length') && !request.headers.has('transfer-encoding')

/** `body` as it is read, failing with `refusal()` once more than `cap.maxSize` bytes came (which cancels the source). */
function counted(body: ReadableStream<Uint8Array>, cap: { maxSize: number }, refusal: () => Error) {
  let size = 0
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        size += chunk.byteLength
        if (size > cap.maxSize) controller.error(refusal())
        else controller.enqueue(chunk)
      },
    }),
  )
}

/**
 * The request with another body stream. Over HTTP the request is
 * @hono/node-server's lightweight one, which the standard `new Request(request,
 * init)` cannot copy (it throws "Cannot read private member #state"): a
 * standard request with the same method, headers, body and signal copies fine.
 */
function withBody(request: Request, body: ReadableStream<Uint8Array>): Request {
  return new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body,
    signal: request.signal,
    duplex: 'half',
  } as RequestInit)
}

export const isMultipart = (contentType: string | undefined) => /^\s*multipart\//i.test(contentType ?? '')
