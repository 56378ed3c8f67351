import type { NextFunction, Request, Response } from 'express'

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Refuses form posts from other sites (CSRF). Browsers send `Origin` with
 * every POST; `Sec-Fetch-Site` covers the few that leave it out. The JSON API
 * is not guarded here: it authenticates with bearer tokens, never cookies.
 */
export function sameOriginForms(publicUrl: string | undefined) {
  const publicHost = publicUrl ? new URL(publicUrl).host : null
  return (req: Request, res: Response, next: NextFunction) => {
    if (safeMethods.has(req.method)) return next()
    const origin = req.get('origin')
    const host = publicHost ?? req.get('host')
    const crossSite = origin ? originHost(origin) !== host : req.get('sec-fetch-site') === 'cross-site'
    if (crossSite) {
      res.status(403).type('text/plain').send('403 Forbidden: this form was sent from another site.')
      return
    }
    next()
  }
}

function originHost(origin: string) {
  try {
    return new URL(origin).host
  } catch {
    // "null" (sandboxed frames, file://) or garbage: never our host.
    return null
  }
}
