import { loginSchema, refreshSchema } from '#contract/account.ts'
import { liveUserByPhone } from '../account/users.ts'
import { mergeVisitorIntoAccount } from '../cart/merge.ts'
import { accountBlocked, blockedByRefresh } from '../customers/blocking.ts'
import { type ApiDeps, createRouter } from '../http/context.ts'
import { ApiError } from '../http/errors.ts'
import { limitAddress } from '../http/identity.ts'
import { message } from '../http/messages.ts'
import { routeGroup } from '../http/openapi.ts'
import { sha256 } from './crypto.ts'
import { bearerScheme, errors, jsonBody, messageSchema, tokensSchema } from './openapi.ts'
import { verifyPassword } from './passwords.ts'
import { authService } from './service.ts'

const route = routeGroup({ tags: ['auth'] })

const loginRoute = route.post('/auth/login/', {
  summary: 'Sign in with phone and password',
  description:
    'Wrong phone or password: 400 with `detail` and both fields flagged. 429 with `Retry-After` after 5 ' +
    'failures for the phone from this client address (IPv6: its /64) or 20 from the address in 15 min, and ' +
    'while the phone is slowed down: past 5 failures in an hour from anywhere, the k-th more makes the next ' +
    'attempt wait 2^k s (at most 3 min). With a `Fingerprint` header the ' +
    "visitor's basket and favourites move into the account (quantities added, capped by stock). A blocked " +
    "account (right password): 403 saying so, with the shop's phone.",
  request: jsonBody(loginSchema),
  responses: {
    200: { description: 'Signed in', content: { 'application/json': { schema: tokensSchema } } },
    400: errors[400],
    403: errors[403],
    429: errors[429],
  },
})

const refreshRoute = route.post('/auth/token/refresh/', {
  summary: 'Exchange a refresh token for a new pair (the old one stops working)',
  description:
    'A refresh token that was already used revokes its whole session (every token of that login): 401. ' +
    'Unknown, expired or revoked tokens: 401; the client logs out.',
  request: jsonBody(refreshSchema),
  responses: {
    200: { description: 'New tokens', content: { 'application/json': { schema: tokensSchema } } },
    400: errors[400],
    401: errors[401],
  },
})

const logoutRoute = route.post('/auth/logout/', {
  summary: 'Sign out: revokes the session of this refresh token and its access tokens',
  description: 'Answers 200 for unknown or already revoked tokens too.',
  request: jsonBody(refreshSchema),
  responses: {
    200: { description: 'Signed out', content: { 'application/json': { schema: messageSchema } } },
    400: errors[400],
  },
})

export function authRoutes(deps: ApiDeps) {
  const { db, tokens, throttle } = authService(deps)
  const router = createRouter()
  router.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', bearerScheme)
  return router
    .openapi(loginRoute, async (c) => {
      const lang = c.get('lang')
      const { phone, password } = c.req.valid('json')
      const attempt = await throttle.begin(phone, limitAddress(c), lang)
      const user = await liveUserByPhone(db, phone)
      if (!(await verifyPassword(user?.passwordHash, password)) || !user) {
        const detail = message(lang, 'invalid_credentials')
        throw new ApiError(400, detail, [
          { field: 'phone', message: detail },
          { field: 'password', message: detail },
        ])
      }
      await attempt.succeeded()
      if (user.blockedAt) throw await accountBlocked(db, lang)
      // The visitor's basket and favourites (Fingerprint header) follow them into the account.
      const fingerprint = c.get('fingerprint')
      if (fingerprint) await mergeVisitorIntoAccount(db, fingerprint, user.id)
      return c.json(await tokens.open(user.id), 200)
    })
    .openapi(refreshRoute, async (c) => {
      const { refresh } = c.req.valid('json')
      const pair = await tokens.rotate(refresh)
      if (!pair && (await blockedByRefresh(db, sha256(refresh)))) throw await accountBlocked(db, c.get('lang'), 401)
      if (!pair) throw new ApiError(401, message(c.get('lang'), 'refresh_invalid'))
      return c.json(pair, 200)
    })
    .openapi(logoutRoute, async (c) => {
      await tokens.revokeByRefresh(c.req.valid('json').refresh)
      return c.json({ message: message(c.get('lang'), 'logged_out') }, 200)
    })
}
