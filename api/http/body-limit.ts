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
  return (c, next) => (isMultipart(c.req.header('content-type')) ? uploads : forms)(c, next)
}

export const isMultipart = (contentType: string | undefined) => /^\s*multipart\//i.test(contentType ?? '')
