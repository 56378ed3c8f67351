import { createContext, createCookieSessionStorage, type RouterContextProvider, type Session } from 'react-router'
import { z } from 'zod'
import { getConfig } from '#api/config.ts'
import type { Answer, ApiMethod, ApiPath, StaffApiAnswers, StaffMe, StaffUploadAnswers } from '#api/types.ts'
import { type ApiClient, apiClientContext } from '#app/utils/api-client.server.ts'
import { CheckedSession, lazyStorage, sessionSetCookie } from './cookie-session.server.ts'

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

const staffStorage = lazyStorage(() =>
  createCookieSessionStorage<StaffSessionData>({
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
  }),
)

/** The staff session of one request; `clear()` on signing out forgets the token and any half-done sign-in. */
export class StaffSession extends CheckedSession<StaffSessionData> {
  constructor(raw: Session<StaffSessionData>) {
    super(raw, staffSessionSchema)
  }
}

export const staffSessionContext = createContext<StaffSession>()

export async function readStaffSession(request: Request) {
  return new StaffSession(await staffStorage().getSession(request.headers.get('cookie')))
}

/** The Set-Cookie header that stores (or, when empty, deletes) the staff session. */
export function staffSessionCookieHeader(session: StaffSession, request: Request) {
  return sessionSetCookie(staffStorage(), session, request)
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
export type StaffApiClient = ApiClient<StaffApiAnswers, StaffUploadAnswers>

/**
 * The API client with the staff member's bearer token (or none before sign-in):
 * the storefront's client (same language, address and timeout), other credentials.
 * `staffApi(context).get('admin/orders/', { page })` answers a `StaffOrderPage`.
 */
export function staffApi(context: Readonly<RouterContextProvider>): StaffApiClient {
  const token = getStaffSession(context).get('token')
  return context.get(apiClientContext).withAuth<StaffApiAnswers, StaffUploadAnswers>(token ? { bearer: token } : 'none')
}

/** The signed-in staff member (inside the admin layout; throws elsewhere). */
export function getStaff(context: Readonly<RouterContextProvider>): StaffMe {
  const staff = context.get(staffContext)
  if (!staff) throw new Error('getStaff() outside the admin layout')
  return staff
}
