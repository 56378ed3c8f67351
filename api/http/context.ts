import { OpenAPIHono } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { Config } from '../config.ts'
import type { Database } from '../db/client.ts'
import type { SmsProvider } from '../integrations/sms/provider.ts'
import type { TelegramSender } from '../integrations/telegram/provider.ts'
import type { StaffRole } from '../staff/permissions.ts'
import { ApiError, fieldErrors } from './errors.ts'
import type { Lang } from './locale.ts'
import { message } from './messages.ts'

/** What every API module is built from; tests pass their own database. */
export type ApiDeps = {
  database: Database
  config: Config
  /** Sends the SMS codes; by default the provider chosen by SMS_PROVIDER. */
  sms?: SmsProvider
  /** Posts to the staff chat; by default the bot of TELEGRAM_BOT_TOKEN, or the outbox file without one. */
  telegram?: TelegramSender
  /** The clock of every time-based rule (code expiry, throttling, tokens); tests move it. */
  now?: () => Date
}

/** The signed-in customer of a request: who, and which session (refresh token family) it uses. */
export type CurrentUser = { id: number; sessionId: string }

/**
 * The staff member (or integration key) of an admin request, from a valid
 * staff bearer token (api/admin/middleware.ts).
 */
export type CurrentStaff = {
  /** The staff member; `null` for an integration key. */
  id: number | null
  role: StaffRole
  name: string
  /** The session (`staff_sessions.id`); `null` for a key. */
  sessionId: number | null
  /** The integration key (`staff_api_keys.id`); `null` for a session. */
  keyId: number | null
  /** What must happen before anything else: a password change, or setting up the second factor. */
  setupRequired: 'password_change_required' | 'second_factor_setup_required' | null
}

/**
 * Who the bearer tokens of one storefront page are, as the API found them:
 * the storefront passes the same map to every in-process call of the page
 * (`api.fetch(request, { identities })`), so a page of ten calls verifies its
 * token and reads its session once. Never shared between pages, so a session
 * ended or an account blocked shows on the next page.
 */
export type IdentityMemo = Map<string, Promise<CurrentUser | 'blocked' | null>>

/** What an in-process caller may hand the API beside the request. */
export type ApiCaller = {
  identities?: IdentityMemo
  /** Told the products whose number in stock a catalogue answer shows: a page rendered for everyone keeps them. */
  stockShown?: (productIds: readonly number[]) => void
}

export type ApiEnv = {
  /** An in-process caller's; over HTTP @hono/node-server's (which has neither field). */
  Bindings: ApiCaller
  Variables: {
    lang: Lang
    /** The anonymous visitor id from the `Fingerprint` header, when sent. */
    fingerprint: string | null
    /** The customer from a valid `Authorization: Bearer` access token; `null` when anonymous. */
    user: CurrentUser | null
    /** On `/admin/…` paths: the staff member of a valid staff bearer token; `null` when none was sent. */
    staff: CurrentStaff | null
    /** The limit a body without a length is read under, and its refusal (http/body-limit.ts). */
    bodyCap?: { maxSize: number; tooLarge: (c: Context<ApiEnv>) => ApiError }
    /** Set once the body passed its limit while being read (http/body-limit.ts): the answer, whoever read it. */
    bodyRefusal?: ApiError
  }
}

export type ApiRouter = OpenAPIHono<ApiEnv>

/**
 * One `create(deps)` per API instance: createApi passes the same deps to
 * every module, so modules that build the same service share it.
 */
export function perApi<T>(create: (deps: ApiDeps) => T): (deps: ApiDeps) => T {
  const made = new WeakMap<ApiDeps, T>()
  return (deps) => {
    let service = made.get(deps)
    if (!service) {
      service = create(deps)
      made.set(deps, service)
    }
    return service
  }
}

/**
 * A path parameter's own pattern (`'/admin/orders/{id{[0-9]+}}/'`, Hono's
 * syntax inside the braces): the route matches only where the parameter
 * fits, so `admin/orders/export/` is never taken for an order, whichever
 * router is mounted first. The OpenAPI document shows the plain `{id}`.
 */
export const documentedPath = (path: string) => path.replaceAll(/\{(\w+)\{[^}]*\}\}/g, '{$1}')

/** A router whose request validation failures become localised 400 field errors. */
export function createRouter(): ApiRouter {
  const router = new OpenAPIHono<ApiEnv>({
    defaultHook: (result, c) => {
      if (!result.success) {
        const lang = c.get('lang')
        throw new ApiError(400, message(lang, 'invalid_input'), fieldErrors(result.error.issues, lang))
      }
    },
  })
  const { openapi } = router
  // Documented with the plain path, routed with the patterned one (zod-openapi turns `{id{…}}` into `:id{…}`).
  router.openapi = ((route, handler, hook) => {
    if (route.path === documentedPath(route.path)) return openapi(route, handler, hook)
    const { middleware: _, hide, ...documented } = route
    if (!hide) router.openAPIRegistry.registerPath({ ...documented, path: documentedPath(route.path) })
    return openapi({ ...route, hide: true }, handler, hook)
  }) as typeof openapi
  return router
}
