import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { matchedRoutes } from 'hono/route'
import { accountRoutes } from './account/routes.ts'
import { accountTelegramRoutes } from './account/telegram-routes.ts'
import { adminRoutes } from './admin/routes.ts'
import { authenticate } from './auth/middleware.ts'
import { authRoutes } from './auth/routes.ts'
import { telegramSignInRoutes } from './auth/telegram-routes.ts'
import { badgeRoutes } from './badges/routes.ts'
import { cardRoutes } from './cards/routes.ts'
import { cartRoutes } from './cart/routes.ts'
import { cashbackRoutes } from './cashback/routes.ts'
import { limitCachedAnswers } from './catalogue/cache.ts'
import { catalogueRoutes } from './catalogue/routes.ts'
import { contentRoutes } from './content/routes.ts'
import { type ErrorReporter, errorReporter } from './error-report.ts'
import { favouriteRoutes } from './favourites/routes.ts'
import { feedbackRoutes } from './feedback/routes.ts'
import { geoRoutes } from './geo/routes.ts'
import { requestBodyLimit } from './http/body-limit.ts'
import { type ApiCaller, type ApiDeps, type ApiEnv, createRouter } from './http/context.ts'
import { ApiError } from './http/errors.ts'
import { isFingerprint } from './http/identity.ts'
import { langFromAcceptLanguage } from './http/locale.ts'
import { message } from './http/messages.ts'
import { apiContentSecurityPolicy, sharedSecurityHeaders } from './http/security-headers.ts'
import { isDatabaseUnavailable } from './http/unavailable.ts'
import { wellFormedJson } from './http/well-formed-json.ts'
import { logger, maskPhones, noteApiRoute } from './log.ts'
import { mediaRoutes } from './media/routes.ts'
import { orderRoutes } from './orders/routes.ts'
import { paymentRoutes, providerCallbackRoutes } from './payments/routes.ts'
import { profileRoutes } from './profile/routes.ts'
import { promoRoutes } from './promo/routes.ts'
import { reviewRoutes } from './reviews/routes.ts'
import { forgetAfterWrites } from './shoppers/changes.ts'
import { StockError } from './stock/movements.ts'
import { telegramWebhookRoutes } from './telegram/webhook-routes.ts'

export const apiBasePath = '/api/v1'

/** `caller`: what an in-process caller passes beside the request (http/context.ts `ApiCaller`). */
export type Api = { fetch(request: Request, caller?: ApiCaller): Promise<Response> }

/**
 * The commerce API as a fetch handler. server.ts mounts it under /api/v1 and
 * the storefront calls it in-process; tests call it directly.
 */
export function createApi(deps: ApiDeps): Api {
  const app = createRouter().basePath(apiBasePath)
  limitCachedAnswers(deps.database.db, deps.config.API_CACHE_MB * 2 ** 20)

  // First, so errors from any later middleware carry them too.
  app.use(async (c, next) => {
    await next()
    // The pattern, not the path, labels the request metrics: `products/:slug/`, one series for all products.
    noteApiRoute(matchedRoutes(c).findLast((route) => route.method !== 'ALL')?.path ?? 'api: no route')
    for (const [name, value] of Object.entries(sharedSecurityHeaders)) c.header(name, value)
    c.header('Content-Security-Policy', apiContentSecurityPolicy)
  })

  app.use(async (c, next) => {
    c.set('lang', langFromAcceptLanguage(c.req.header('accept-language')))
    const fingerprint = c.req.header('fingerprint')?.trim() || null
    if (fingerprint && !isFingerprint(fingerprint)) {
      throw new ApiError(400, message(c.get('lang'), 'invalid_fingerprint'))
    }
    c.set('fingerprint', fingerprint)
    await next()
    c.header('Vary', 'Accept-Language, Fingerprint, Authorization', { append: true })
  })
  app.use(requestBodyLimit(deps.config))
  app.use(wellFormedJson)
  // Before the Bearer authentication: providers send their own Authorization.
  app.route('/', providerCallbackRoutes(deps))
  app.route('/', telegramWebhookRoutes(deps))
  app.use(authenticate(deps))
  app.use(forgetAfterWrites(deps.database.db))

  app.route('/', contentRoutes(deps))
  app.route('/', cartRoutes(deps))
  app.route('/', favouriteRoutes(deps))
  app.route('/', catalogueRoutes(deps))
  app.route('/', mediaRoutes(deps))
  app.route('/', badgeRoutes(deps))
  app.route('/', authRoutes(deps))
  app.route('/', telegramSignInRoutes(deps))
  app.route('/', geoRoutes(deps))
  app.route('/', orderRoutes(deps))
  app.route('/', paymentRoutes(deps))
  app.route('/', cardRoutes(deps))
  app.route('/', promoRoutes(deps))
  app.route('/', cashbackRoutes(deps))
  app.route('/', profileRoutes(deps))
  app.route('/', accountRoutes(deps))
  app.route('/', accountTelegramRoutes(deps))
  app.route('/', feedbackRoutes(deps))
  app.route('/', reviewRoutes(deps))
  app.route('/', adminRoutes(deps))

  app.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'Atir commerce API',
      version: '1.0.0',
      description: 'Catalogue, accounts, basket and orders of the Atir shop.',
    },
  })

  app.notFound((c) => c.json({ detail: message(c.get('lang') ?? 'ru', 'not_found') }, 404))
  const report = errorReporter(deps.config)
  app.onError((error, c) => errorResponse(error, c, report))

  return {
    // Django-style paths end in a slash; a client that leaves it off gets the same resource.
    fetch(request, caller = {}) {
      const url = new URL(request.url)
      if (!url.pathname.endsWith('/') && !url.pathname.endsWith('.json')) {
        url.pathname += '/'
        return Promise.resolve(app.fetch(new Request(url, request), caller))
      }
      return Promise.resolve(app.fetch(request, caller))
    },
  }
}

function errorResponse(thrown: Error, c: Context<ApiEnv>, report: ErrorReporter) {
  const lang = c.get('lang') ?? 'ru'
  // A body cut at its limit fails whatever read it (a form, a JSON validator): the answer is the limit's.
  const error = c.get('bodyRefusal') ?? thrown
  if (error instanceof ApiError) return c.json(error.toJSON(), error.status, error.headers)
  if (error instanceof StockError) return c.json(error.toApiError(lang).toJSON(), error.status)
  if (error instanceof HTTPException) {
    // Hono's own 4xx (e.g. a body that is not JSON) keep their status with our wording.
    const key = error.status === 413 ? 'payload_too_large' : 'invalid_json'
    return c.json({ detail: message(lang, key) }, error.status)
  }
  // Text PostgreSQL cannot store (a NUL byte, say) is bad input wherever it came from.
  if (hasCauseCode(error, textRejectedCodes)) return c.json({ detail: message(lang, 'invalid_input') }, 400)
  if (isDatabaseUnavailable(error))
    return c.json({ detail: message(lang, 'unavailable') }, 503, { 'Retry-After': '30' })
  const where = { method: c.req.method, path: maskPhones(c.req.path) }
  logger().error({ err: error, ...where }, 'API error')
  void report(error, where)
  return c.json({ detail: message(lang, 'server_error') }, 500)
}

// 22021: character not in repertoire (NUL in text); 22P05: untranslatable character.
const textRejectedCodes = new Set(['22021', '22P05'])

function hasCauseCode(error: unknown, codes: Set<string>) {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string' && codes.has(code)) return true
  }
  return false
}
