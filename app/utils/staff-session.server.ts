import { createContext, createCookieSessionStorage, type RouterContextProvider, type Session } from 'react-router'
import { z } from 'zod'
import { getConfig } from '#api/config.ts'
import type { Answer, ApiMethod, ApiPath, KnownPath, StaffApiAnswers, StaffMe } from '#api/types.ts'
import { type ApiAuth, type ApiQuery, apiClientContext } from '#app/utils/api-client.server.ts'
import { secureCookies } from '#app/utils/session.server.ts'

/**
 * The back office's session: its own httpOnly, SameSite=Lax, signed cookie
 * (not the customer's: a staff member may also shop in the same browser),
 * holding the API's opaque staff token and, between the two sign-in steps,
 * the second-factor challenge. The tokens never reach the browser's
 * JavaScript. The API decides how long a session lives (12 h idle, 7 days at
 * most); the cookie only outlives that by a little.
 */

const challengeSchema = z.object({
  token: z.string().min(1).max(1024),
  expires_at: z.string().max(64),
})

const staffSessionSchema = z.object({
  token: z.string().min(1).max(4096).optional(),
  challenge: challengeSchema.optional(),
})
export type StaffSessionData = z.infer<typeof staffSessionSchema>

const STAFF_COOKIE_DAYS = 7

let storage: ReturnType<typeof createStorage> | undefined
function createStorage() {
  return createCookieSessionStorage<StaffSessionData>({
    cookie: {
      name: 'atir_staff',
      httpOnly: true,
      // Lax, not Strict: a link to an order in the staff's Telegram chat opens signed in;
      // a form posted from another site still arrives without the cookie.
      sameSite: 'lax',
      path: '/',
      maxAge: STAFF_COOKIE_DAYS * 24 * 60 * 60,
      secrets: [getConfig().sessionSecret],
    },
  })
}
const staffStorage = () => {
  storage ??= createStorage()
  return storage
}

/** The staff session of one request; `changed` tells the middleware to write the cookie. */
export class StaffSession {
  #data: StaffSessionData
  #changed = false
  constructor(readonly raw: Session<StaffSessionData>) {
    const parsed = staffSessionSchema.safeParse(raw.data)
    this.#data = parsed.success ? parsed.data : {}
    if (!parsed.success) this.#changed = true
  }
  get changed() {
    return this.#changed
  }
  get<K extends keyof StaffSessionData>(key: K): StaffSessionData[K] {
    return this.#data[key]
  }
  set<K extends keyof StaffSessionData>(key: K, value: StaffSessionData[K] | null) {
    if (value === null || value === undefined) {
      if (!(key in this.#data)) return
      delete this.#data[key]
    } else this.#data[key] = value
    this.#changed = true
  }
  /** Signed out: the token and any half-done sign-in are forgotten. */
  clear() {
    if (Object.keys(this.#data).length === 0) return
    this.#data = {}
    this.#changed = true
  }
  get data(): Readonly<StaffSessionData> {
    return this.#data
  }
}

export const staffSessionContext = createContext<StaffSession>()

export async function readStaffSession(request: Request) {
  return new StaffSession(await staffStorage().getSession(request.headers.get('cookie')))
}

/** The Set-Cookie header that stores (or, when empty, deletes) the staff session. */
export async function staffSessionCookieHeader(session: StaffSession, request: Request) {
  const { raw, data } = session
  const secure = secureCookies(request)
  if (Object.keys(data).length === 0) return staffStorage().destroySession(raw, { secure })
  for (const key of Object.keys(raw.data) as Array<keyof StaffSessionData>) raw.unset(key)
  for (const [key, value] of Object.entries(data)) raw.set(key as keyof StaffSessionData, value as never)
  return staffStorage().commitSession(raw, { secure })
}

export function getStaffSession(context: Readonly<RouterContextProvider>) {
  return context.get(staffSessionContext)
}

/** The signed-in staff member of a page inside the back office (the admin layout's middleware sets it). */
export const staffContext = createContext<StaffMe | null>(null)

export type StaffPath<M extends ApiMethod> = ApiPath<M, StaffApiAnswers>
export type StaffAnswer<M extends ApiMethod, P extends string> = Answer<M, P, StaffApiAnswers>

/**
 * The back office's view of the API client: the same calls, each answer
 * inferred from its path through `StaffApiAnswers` (api/types.ts), the admin
 * routes' own schemas. A path missing there does not compile.
 */
export type StaffApiClient = {
  /** A raw call (multipart uploads, file downloads). */
  request(path: string, init?: RequestInit): Promise<Response>
  get<P extends StaffPath<'GET'>>(
    path: KnownPath<'GET', P, StaffApiAnswers>,
    query?: ApiQuery,
  ): Promise<StaffAnswer<'GET', P>>
  send<M extends Exclude<ApiMethod, 'GET'>, P extends StaffPath<M>>(
    method: M,
    path: KnownPath<M, P, StaffApiAnswers>,
    body?: unknown,
  ): Promise<StaffAnswer<M, P>>
  withAuth(auth: ApiAuth): StaffApiClient
}

/**
 * The API client with the staff member's bearer token (or none before sign-in):
 * the storefront's client (same language, address and timeout), other credentials.
 * `staffApi(context).get('admin/orders/', { page })` answers a `StaffOrderPage`.
 */
export function staffApi(context: Readonly<RouterContextProvider>): StaffApiClient {
  const token = getStaffSession(context).get('token')
  // The same client at run time; only the answers map differs (StaffApiAnswers).
  return context.get(apiClientContext).withAuth(token ? { bearer: token } : 'none') as unknown as StaffApiClient
}

/** The signed-in staff member (inside the admin layout; throws elsewhere). */
export function getStaff(context: Readonly<RouterContextProvider>): StaffMe {
  const staff = context.get(staffContext)
  if (!staff) throw new Error('getStaff() outside the admin layout')
  return staff
}
