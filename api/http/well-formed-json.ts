import type { MiddlewareHandler } from 'hono'
import { wellFormed } from '../well-formed.ts'
import type { ApiEnv } from './context.ts'

/**
 * Every JSON body is read with its text well-formed (a lone surrogate as
 * U+FFFD): the routes' validation, and whatever they store and audit, never
 * see text the database refuses. Routes read JSON with `c.req.json()` (the
 * zod validators too), so that is the read this wraps.
 */
export const wellFormedJson: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const read = c.req.json.bind(c.req)
  c.req.json = (async () => wellFormed(await read())) as typeof c.req.json
  await next()
}
