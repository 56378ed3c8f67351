import type { NextFunction, Request, Response } from 'express'
import { isMultipart } from '#api/http/body-limit.ts'
import { defaultLang, isLang } from '#api/http/locale.ts'
import { message } from '#api/http/messages.ts'
import { UPLOAD_BODY_MAX_BYTES } from '#contract/upload-limits.ts'

/**
 * Caps the storefront's form posts before React Router reads them (the API
 * has its own, api/http/body-limit.ts): BODY_LIMIT_KB, or the largest upload
 * for multipart forms (their actions then apply their own, with a friendlier
 * page). Too long a Content-Length is answered 413 unread. A body without one
 * (chunked) is answered 411 unread: browsers always send the length of a
 * form, and React Router would read a chunked body whole before any check.
 */
export function storefrontBodyLimit(limitKb: number) {
  return (req: Request, res: Response, next: NextFunction) => {
    const length = req.headers['content-length']
    if (length === undefined && req.headers['transfer-encoding'] === undefined) return next()
    const lang = langOf(req.path)
    if (length === undefined) return refuse(res, 411, message(lang, 'length_required'))
    const limit = isMultipart(req.headers['content-type']) ? UPLOAD_BODY_MAX_BYTES : limitKb * 1024
    if (Number(length) > limit) return refuse(res, 413, message(lang, 'payload_too_large'))
    next()
  }
}

/** The language of a storefront path (`/uz/…`). */
function langOf(path: string) {
  const lang = path.split('/')[1]
  return isLang(lang) ? lang : defaultLang
}

/** Node discards whatever of the body still comes (nothing is kept), so the client gets this answer rather than a reset. */
function refuse(res: Response, status: 411 | 413, text: string) {
  res.status(status).type('text/plain').send(`${status}: ${text}`)
}
