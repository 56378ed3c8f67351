import { createHash } from 'node:crypto'
import { createContext, type RouterContextProvider } from 'react-router'
import { getConfig } from '#api/config.ts'
import { logger } from '#api/log.ts'
import type {
  Answer,
  ApiAnswers,
  ApiErrorBody,
  ApiMethod,
  ApiPath,
  ApiUploadAnswers,
  AuthTokens,
  IdentityMemo,
  KnownPath,
} from '#api/types.ts'
import type { Lang } from '#app/utils/i18n.ts'
import { apiContext } from '#app/utils/request-context.ts'
import { isSharedAnswer, SharedAnswers } from '#app/utils/shared-answers.server.ts'

/** An API answer that was not 2xx; loaders turn 404s into their own 404 page. */
export class ApiResponseError extends Error {
  constructor(
    readonly status: number,
    // Partial: a proxy or a crash may answer without the API's error body.
    readonly body: Partial<ApiErrorBody>,
  ) {
    super(body.detail ?? `API answered ${status}`)
  }
}

/**
 * The API answered 503/504: the database or a service behind it (SMS, payment)
 * is away or too slow. A Response, so a loader that lets it through shows the
 * 503/504 page; a form that catches it shows `answer.detail`, the API's
 * localised reason ("the SMS service is not answering…").
 */
export class ApiUnavailableError extends Response {
  constructor(
    status: 503 | 504,
    readonly answer: { detail?: string },
  ) {
    super(JSON.stringify(answer), { status, headers: { 'Content-Type': 'application/json' } })
  }
}

/**
 * Whose credentials a call carries: the signed-in customer's session (default;
 * refreshed once on 401), none (the visitor id only), nobody's (neither: what
 * every visitor is shown), or an explicit bearer token (e.g. the short-lived
 * session of a password reset; never refreshed).
 */
export type ApiAuth = 'session' | 'none' | 'nobody' | { bearer: string }

export type ApiQuery = Record<string, string | number | boolean | undefined | null>

/** Answers by method and path: the storefront's `ApiAnswers`, the back office's `StaffApiAnswers`… */
type AnswerMap = Record<ApiMethod, object>

/**
 * Paths are relative to /api/v1/ (`orders/${id}/`); the answer's type follows
 * from the path through `Answers` (by default the storefront's `ApiAnswers` in
 * api/types.ts, the API's own schemas) and `Uploads` (multipart uploads). One
 * client at run time; the maps say which API's paths a caller may use.
 */
export type ApiClient<Answers extends AnswerMap = ApiAnswers, Uploads extends AnswerMap = ApiUploadAnswers> = {
  /** A raw call (multipart uploads, answers read by status), e.g. `products/?page=2`. */
  request(path: string, init?: RequestInit): Promise<Response>
  get<P extends ApiPath<'GET', Answers>>(
    path: KnownPath<'GET', P, Answers>,
    query?: ApiQuery,
  ): Promise<Answer<'GET', P, Answers>>
  send<M extends Exclude<ApiMethod, 'GET'>, P extends ApiPath<M, Answers>>(
    method: M,
    path: KnownPath<M, P, Answers>,
    body?: unknown,
  ): Promise<Answer<M, P, Answers>>
  /**
   * A change whose answer the caller does not read: it asks for none
   * (`Prefer: return=minimal`), and a route that would read back what changed
   * (the whole basket) answers 204 instead. A refusal throws like `send`.
   */
  change<M extends Exclude<ApiMethod, 'GET'>, P extends ApiPath<M, Answers>>(
    method: M,
    path: KnownPath<M, P, Answers>,
    body?: unknown,
  ): Promise<void>
  /**
   * A multipart upload: a `FormData`, or the browser's request itself, whose
   * body goes through as it comes (unparsed, never whole in memory here; sent
   * once, so for a bearer's calls only). The answer of the path, as `Uploads`
   * names it; a refusal throws like `send`.
   */
  upload<P extends ApiPath<'POST', Uploads>>(
    path: KnownPath<'POST', P, Uploads>,
    body: FormData | Request,
  ): Promise<Answer<'POST', P, Uploads>>
  /**
   * A file for the browser (a spreadsheet, an export): a 200 with its body,
   * type and name, never cached; a refusal throws like `get`.
   */
  download(path: string, query?: ApiQuery): Promise<Response>
  /**
   * The same client with other credentials: `api.withAuth('none').send('POST', 'auth/login/', …)`;
   * and with other maps for another part of the API (`withAuth<StaffApiAnswers, …>(staffToken)`).
   */
  withAuth<A extends AnswerMap = Answers, U extends AnswerMap = Uploads>(auth: ApiAuth): ApiClient<A, U>
}

/** Where the client reads and writes the customer's tokens (the session cookie). */
export type TokenStore = {
  get(): AuthTokens | null
  /** New tokens after a refresh, or `null`: the refresh failed and the customer is signed out. */
  set(tokens: AuthTokens | null): void
}

export type Caller = {
  lang: Lang
  fingerprint: string
  tokens?: TokenStore
  clientAddress?: string | null
  /**
   * The in-process API's findings about this page's bearer tokens (one
   * verification and session read per token and page); a client makes its
   * own when not given, and `withAuth` hands it on.
   */
  identities?: IdentityMemo
  /** Called when a call gets no answer or a 5xx one (a page rendered for everyone is then not kept). */
  onFailure?: () => void
  /** Told the products whose number in stock an answer shows; `null` over HTTP, where it is not known. */
  stockShown?: (productIds: readonly number[] | null) => void
}

export const apiClientContext = createContext<ApiClient>()

// A refresh this early before the access token expires avoids a 401 round trip.
const expirySlackSeconds = 10
// How long a finished refresh is remembered for other requests that still send the old refresh token.
const refreshGraceMs = 60_000

/**
 * Refreshes in flight or just finished, by the hash of the refresh token they
 * used: a browser easily sends two requests with the same cookie at once
 * (parallel loaders, a fetcher during a navigation, two tabs), and within one
 * process they share the one refresh. Requests on other processes are safe
 * too: the API gives a token used again within REFRESH_REUSE_GRACE_SECONDS a
 * pair of the same session (api/auth/tokens.ts), so this map only saves work.
 */
const refreshes = new Map<string, { result: Promise<Refreshed>; at: number }>()

/**
 * What a refresh gave: new tokens; `null`, the API refused the refresh token
 * (the customer is signed out); or the API's answer when it could not refresh
 * right now (its database or itself away), which says nothing of the token.
 */
type Refreshed = AuthTokens | null | RefreshUnavailable
type RefreshUnavailable = { unavailable: 503 | 504; answer: { detail?: string } }

const isUnavailable = (refreshed: Refreshed): refreshed is RefreshUnavailable =>
  refreshed !== null && 'unavailable' in refreshed

function sharedRefresh(refresh: string, run: () => Promise<Refreshed>) {
  const key = createHash('sha256').update(refresh).digest('base64url')
  const now = Date.now()
  for (const [k, entry] of refreshes) if (now - entry.at > refreshGraceMs) refreshes.delete(k)
  const existing = refreshes.get(key)
  if (existing) return existing.result
  const result = run()
  refreshes.set(key, { result, at: now })
  // An unreachable API is not a verdict on the token: let the next request try again.
  result.then((r) => isUnavailable(r) && refreshes.delete(key)).catch(() => refreshes.delete(key))
  return result
}

// The shared answers kept per API: the in-process one (a dev reload makes a new one), or API_URL's.
const sharedAnswers = new WeakMap<object, SharedAnswers>()
const remoteApi = {}

function sharedAnswersOf(api: object) {
  let answers = sharedAnswers.get(api)
  if (!answers) {
    answers = new SharedAnswers(getConfig().STOREFRONT_CACHE_MB * 2 ** 20)
    sharedAnswers.set(api, answers)
  }
  return answers
}

/** Seconds since the epoch when a JWT expires, read without verifying (the API verifies). */
export function accessExpiry(token: string): number | null {
  const payload = token.split('.')[1]
  if (!payload) return null
  try {
    const { exp } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp?: unknown }
    return typeof exp === 'number' ? exp : null
  } catch {
    return null
  }
}

/** Whether the token is expired `slackSeconds` from now. */
function expiredIn(token: string, slackSeconds: number) {
  const exp = accessExpiry(token)
  return exp !== null && exp - slackSeconds <= Date.now() / 1000
}

/** Whether a call with these tokens would refresh them first (the access token expires within seconds). */
export function refreshDue(tokens: AuthTokens) {
  return expiredIn(tokens.access, expirySlackSeconds)
}

type Send = (path: string, init: RequestInit, bearer: string | null) => Promise<Response>

/**
 * One call to the API as `caller`, with `bearer` (or none) and their visitor id
 * unless `fingerprint` is false: in-process, or over HTTP when API_URL is set.
 */
function sender(
  context: Readonly<RouterContextProvider>,
  caller: Caller,
  identities: IdentityMemo,
  fingerprint: boolean,
): Send {
  const { API_URL, API_TIMEOUT_MS } = getConfig()
  const base = API_URL ? new URL('/api/v1/', API_URL).toString() : 'http://in-process/api/v1/'
  return (path, init, bearer) => {
    const headers = new Headers(init.headers)
    headers.set('Accept-Language', caller.lang)
    if (fingerprint) headers.set('Fingerprint', caller.fingerprint)
    headers.set('Accept', 'application/json')
    if (bearer) headers.set('Authorization', `Bearer ${bearer}`)
    if (caller.clientAddress) headers.set('X-Real-IP', caller.clientAddress)
    const signal = AbortSignal.timeout(API_TIMEOUT_MS)
    const req = new Request(new URL(path, base), { ...init, headers, signal })
    // A write may end or change a session (signing out, a password change): the page's next reads ask afresh.
    if (init.method && init.method !== 'GET') identities.clear()
    if (API_URL) caller.stockShown?.(null)
    const answer = API_URL
      ? fetch(req)
      : withDeadline(context.get(apiContext).fetch(req, { identities, stockShown: caller.stockShown }), signal)
    return answer.then(
      (response) => {
        if (response.status >= 500) caller.onFailure?.()
        return response
      },
      (error: unknown) => {
        caller.onFailure?.()
        throw apiUnreachable(error)
      },
    )
  }
}

/**
 * Exchanges the session's refresh token once: the tokens now stored (`null`
 * when the refresh was refused and the customer is signed out), or the API's
 * answer when it cannot refresh right now (the tokens are kept).
 */
async function refreshSession(send: Send, store: TokenStore, tokens: AuthTokens): Promise<Refreshed> {
  const result = await sharedRefresh(tokens.refresh, async () => {
    const response = await send(
      'auth/token/refresh/',
      {
        method: 'POST',
        body: JSON.stringify({ refresh: tokens.refresh }),
        headers: { 'Content-Type': 'application/json' },
      },
      null,
    ).catch((error: unknown) => (error instanceof Response ? error : Promise.reject(error)))
    if (response.ok) return (await response.json()) as AuthTokens
    if (response.status < 500) return null
    const answer = (await response.json().catch(() => ({}))) as { detail?: string }
    return { unavailable: response.status === 504 ? 504 : 503, answer }
  })
  if (isUnavailable(result)) return result
  // Another call of this request may have stored newer tokens meanwhile; do not undo them.
  if (store.get()?.refresh === tokens.refresh) store.set(result)
  return store.get()
}

/** A call with `auth`'s credentials: the customer's session is refreshed when due, and once again on a 401. */
function authorised(send: Send, caller: Caller, auth: ApiAuth) {
  return async (path: string, init: RequestInit = {}): Promise<Response> => {
    if (auth === 'none' || auth === 'nobody') return send(path, init, null)
    if (typeof auth === 'object') return send(path, init, auth.bearer)
    const store = caller.tokens
    let tokens = store?.get() ?? null
    if (!store || !tokens) return send(path, init, null)
    if (expiredIn(tokens.access, expirySlackSeconds)) {
      const refreshed = await refreshSession(send, store, tokens)
      // A token still good for a few seconds serves this call while the API cannot refresh it.
      if (!isUnavailable(refreshed)) tokens = refreshed
      else if (expiredIn(tokens.access, 0)) return unavailableAnswer(refreshed)
    }
    const response = await send(path, init, tokens?.access ?? null)
    if (response.status !== 401 || !tokens) return response
    // Refresh once and retry; when the refresh is refused the customer is signed out
    // and the call is retried as the anonymous visitor.
    await response.body?.cancel()
    const fresh = await refreshSession(send, store, tokens)
    if (isUnavailable(fresh)) return unavailableAnswer(fresh)
    return send(path, init, fresh?.access ?? null)
  }
}

// The answer's type is the schema the API validated it with (api/types.ts).
async function parse<T>(response: Response): Promise<T> {
  const body = response.status === 204 ? {} : await response.json().catch(() => ({}))
  // The database or an upstream being away is not a bug of the page: 503/504, never a stack trace.
  if (response.status === 503 || response.status === 504) throw new ApiUnavailableError(response.status, body)
  if (!response.ok) throw new ApiResponseError(response.status, body)
  return body as T
}

/** A call with a JSON body, when there is one. */
function jsonInit(method: string, body: unknown, headers: Record<string, string> = {}): RequestInit {
  if (body === undefined) return { method, headers }
  return { method, body: JSON.stringify(body), headers: { ...headers, 'Content-Type': 'application/json' } }
}

/** The storefront's one way to the API: in-process by default, over HTTP when API_URL is set. */
export function createApiClient<Answers extends AnswerMap = ApiAnswers, Uploads extends AnswerMap = ApiUploadAnswers>(
  context: Readonly<RouterContextProvider>,
  caller: Caller,
  auth: ApiAuth = 'session',
): ApiClient<Answers, Uploads> {
  const identities: IdentityMemo = caller.identities ?? new Map()
  const request = authorised(sender(context, caller, identities, auth !== 'nobody'), caller, auth)

  /** A read whose shared answer this process may hold already: asked with its ETag, reused on 304. */
  const read = async <T>(path: string): Promise<T> => {
    const answers = sharedAnswersOf(getConfig().API_URL ? remoteApi : context.get(apiContext))
    const key = `${caller.lang} ${path}`
    const known = answers.get(key)
    const response = await request(path, known ? { headers: { 'If-None-Match': known.etag } } : {})
    if (known && response.status === 304) return known.value as T
    const etag = isSharedAnswer(response)
    if (!etag) return parse(response)
    const text = await response.text()
    const value = JSON.parse(text) as T
    answers.set(key, etag, value, 2 * text.length)
    return value
  }

  return {
    request,
    async get(path, query = {}) {
      return read(withQuery(path, query))
    },
    async upload(path, body) {
      return parse(await request(path, { method: 'POST', ...uploadBody(body) }))
    },
    async download(path, query = {}) {
      const response = await request(withQuery(path, query))
      if (!response.ok) await parse(response)
      const headers = new Headers({ 'Cache-Control': 'private, no-store' })
      for (const name of ['Content-Type', 'Content-Disposition']) {
        const value = response.headers.get(name)
        if (value) headers.set(name, value)
      }
      return new Response(response.body, { status: 200, headers })
    },
    async send(method, path, body) {
      return parse(await request(path, jsonInit(method, body)))
    },
    async change(method, path, body) {
      await parse(await request(path, jsonInit(method, body, { Prefer: 'return=minimal' })))
    },
    withAuth<A extends AnswerMap = Answers, U extends AnswerMap = Uploads>(other: ApiAuth) {
      return createApiClient<A, U>(context, { ...caller, identities }, other)
    },
  }
}

/**
 * The call's answer when the session could not be refreshed right now: the
 * API's own 503/504 and reason, so the page is the "temporarily unavailable"
 * one (no error report), and the customer is neither signed out nor shown a
 * 401 the expired token would get.
 */
const unavailableAnswer = ({ unavailable, answer }: RefreshUnavailable) =>
  Response.json(answer, { status: unavailable, headers: { 'Retry-After': '30' } })

/** A form to send, or a browser's request whose body (with its type and length) goes on as a stream. */
function uploadBody(body: FormData | Request): RequestInit {
  if (body instanceof FormData) return { body }
  const headers = new Headers()
  for (const name of ['Content-Type', 'Content-Length']) {
    const value = body.headers.get(name)
    if (value) headers.set(name, value)
  }
  return { body: body.body, headers, duplex: 'half' } as RequestInit
}

/** `path?query` with the query's empty values left out. */
function withQuery(path: string, query: ApiQuery) {
  const url = new URL(path, 'http://x/')
  for (const [k, v] of Object.entries(query))
    if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v))
  return `${url.pathname.slice(1)}${url.search}`
}

/** The in-process API does not watch the request's signal: the caller stops waiting at the same deadline as fetch. */
function withDeadline(response: Promise<Response>, signal: AbortSignal) {
  return new Promise<Response>((resolve, reject) => {
    const giveUp = () => reject(signal.reason)
    if (signal.aborted) return giveUp()
    signal.addEventListener('abort', giveUp, { once: true })
    response.then(resolve, reject).finally(() => signal.removeEventListener('abort', giveUp))
  })
}

/** The API did not answer (network error, or slower than API_TIMEOUT_MS): the page says so with 503/504. */
function apiUnreachable(error: unknown) {
  const timedOut = (error as { name?: string })?.name === 'TimeoutError'
  logger().warn({ err: error }, `API ${timedOut ? 'timed out' : 'unreachable'}`)
  return new Response(null, { status: timedOut ? 504 : 503 })
}
