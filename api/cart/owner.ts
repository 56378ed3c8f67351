import type { Context, MiddlewareHandler } from 'hono'
import type { ApiEnv } from '../http/context.ts'
import { ApiError } from '../http/errors.ts'
import { ownerKey } from '../http/identity.ts'
import { message } from '../http/messages.ts'

/**
 * Whose basket and favourites a request reads or changes: the signed-in
 * customer (`u:<id>`), else the visitor of the `Fingerprint` header
 * (`v:<fingerprint>`). Neither sent: 400, there is no one to keep them for.
 */
export function requireOwner(c: Context<ApiEnv>): string {
  const owner = ownerKey(c)
  if (!owner) throw new ApiError(400, message(c.get('lang'), 'owner_required'))
  return owner
}

/** Basket and favourites answers are per visitor: never stored by a browser or proxy. */
export function noStore(c: Context<ApiEnv>) {
  c.header('Cache-Control', 'private, no-store')
}

/** Route middleware: the owner check runs before the body is validated. */
export const ownerRequired: MiddlewareHandler<ApiEnv> = async (c, next) => {
  requireOwner(c)
  await next()
}
