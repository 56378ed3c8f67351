import { createContext, createCookieSessionStorage, type RouterContextProvider, type Session } from 'react-router'
import { z } from 'zod'
import { getConfig } from '#api/config.ts'
import { CheckedSession, lazyStorage, sessionSetCookie } from './cookie-session.server.ts'

/**
 * The storefront session: one httpOnly, SameSite=Lax, signed cookie holding
 * the API's access and refresh tokens (they never reach the browser's
 * JavaScript) and the state of an unfinished registration or password reset
 * (phone, the API's session/signature ids — never the SMS code).
 *
 * Loaders and actions change it through the helpers below; the storefront
 * middleware writes the cookie once, on the response, when anything changed.
 */

const tokensSchema = z.object({ access: z.string().min(1).max(4096), refresh: z.string().min(1).max(1024) })
export type AuthTokens = z.infer<typeof tokensSchema>

const registrationSchema = z.object({
  full_name: z.string().max(200),
  phone: z.string().max(32),
  /** The API's code session from registration/entrypoint/; absent after "edit". */
  session: z.string().max(1024).optional(),
  /** When the last code was sent (epoch ms), for the resend countdown. */
  sentAt: z.number().optional(),
  /** Proof of the verified code from registration/verify/. */
  signature: z.string().max(1024).optional(),
})
export type RegistrationState = z.infer<typeof registrationSchema>

const resetSchema = z.object({
  phone: z.string().max(32),
  signature: z.string().max(1024).optional(),
  sentAt: z.number().optional(),
  /** The short-lived session password-reset/verify/ opens, only for password-change-after-reset/. */
  tokens: tokensSchema.optional(),
})
export type ResetState = z.infer<typeof resetSchema>

const sessionSchema = z.object({
  tokens: tokensSchema.optional(),
  registration: registrationSchema.optional(),
  reset: resetSchema.optional(),
  /** The Mini App's initData while its shopper shares their phone with the bot (app/routes/telegram.tsx). */
  telegramInitData: z.string().max(4096).optional(),
})
export type SessionData = z.infer<typeof sessionSchema>

const sessionStorage = lazyStorage(() => {
  const config = getConfig()
  return createCookieSessionStorage<SessionData>({
    cookie: {
      name: 'atir_session',
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      // As long as the refresh token lives; the API decides when it really ends.
      maxAge: config.REFRESH_TOKEN_TTL_DAYS * 24 * 60 * 60,
      secrets: [config.sessionSecret],
    },
  })
})

/** The storefront session of one request. */
export class RequestSession extends CheckedSession<SessionData> {
  constructor(raw: Session<SessionData>) {
    super(raw, sessionSchema)
  }
}

export const sessionContext = createContext<RequestSession>()

export async function readSession(request: Request) {
  return new RequestSession(await sessionStorage().getSession(request.headers.get('cookie')))
}

/** The Set-Cookie header that stores (or, when empty, deletes) the session. */
export function sessionCookieHeader(session: RequestSession, request: Request) {
  return sessionSetCookie(sessionStorage(), session, request)
}

/** This request's session (the storefront middleware puts it in the context). */
export function getSession(context: Readonly<RouterContextProvider>) {
  return context.get(sessionContext)
}

export function getTokens(context: Readonly<RouterContextProvider>): AuthTokens | null {
  return getSession(context).get('tokens') ?? null
}
