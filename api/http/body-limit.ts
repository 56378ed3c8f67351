import type { Context, MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { UPLOAD_BODY_MAX_BYTES } from '#contract/upload-limits.ts'
import type { Config } from '../config.ts'
import type { ApiEnv } from './context.ts'
import { ApiError } from './errors.ts'
import { message } from './messages.ts'

const tooLarge = (c: Context) => {
  throw new ApiError(413, message((c as Context<ApiEnv>).get('lang'), 'payload_too_large'))
}

/**
 * Caps every request body before a route reads it, so a few huge bodies cannot
 * exhaust the memory: BODY_LIMIT_KB for JSON and forms, the largest upload for
 * multipart (the upload routes then apply their own). A Content-Length past the
 * limit is answered 413 unread; a chunked body is read only up to the limit.
 */
export function requestBodyLimit(config: Pick<Config, 'BODY_LIMIT_KB'>): MiddlewareHandler<ApiEnv> {
  const forms = bodyLimit({ maxSize: config.BODY_LIMIT_KB * 1024, onError: tooLarge })
  const uploads = bodyLimit({ maxSize: UPLOAD_BODY_MAX_BYTES, onError: tooLarge })
  return (c, next) => {
    if (!hasLength(c.req.raw)) c.req.raw = standardRequest(c.req.raw)
    return (isMultipart(c.req.header('content-type')) ? uploads : forms)(c, next)
  }
}

const hasLength = (request: Request) =>
  request.headers.has('content-length') && !request.headers.has('transfer-encoding')

/**
 * Over HTTP the request is @hono/node-server's lightweight one, which the
 * standard `new Request(request, init)` cannot copy (it throws "Cannot read
 * private member #state"); hono's bodyLimit copies the request that way after
 * reading a body that came without a length (chunked, or a bare DELETE or POST).
 * A standard request with the same method, headers, body stream and signal
 * copies fine. Requests with a length are never copied, so they stay as they are.
 */
function standardRequest(request: Request): Request {
  const body = request.method === 'GET' || request.method === 'HEAD' ? null : request.body
  return new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body,
    signal: request.signal,
    ...(body ? { duplex: 'half' } : {}),
  } as RequestInit)
}

export const isMultipart = (contentType: string | undefined) => /^\s*multipart\//i.test(contentType ?? '')
