import { createContext, createCookieSessionStorage, type RouterContextProvider, type Session } from 'react-router'
import { z } from 'zod'
import { getConfig } from '#api/config.ts'

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
})
export type SessionData = z.infer<typeof sessionSchema>

let storage: ReturnType<typeof createStorage> | undefined
function createStorage() {
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
}
/** Created on first use, so importing this module never reads the configuration. */
function sessionStorage() {
  storage ??= createStorage()
  return storage
}

/** Secure cookies in production whenever the shop is reached over https. */
export function secureCookies(request: Request) {
  if (process.env.NODE_ENV !== 'production') return false
  const publicUrl = getConfig().PUBLIC_URL
  return new URL(request.url).protocol === 'https:' || Boolean(publicUrl?.startsWith('https:'))
}

/** The session of one request; `changed` tells the middleware to write the cookie. */
export class RequestSession {
  #data: SessionData
  #changed = false
  constructor(readonly raw: Session<SessionData>) {
    // A cookie from an older release (or garbage) is dropped, not trusted.
    const parsed = sessionSchema.safeParse(raw.data)
    this.#data = parsed.success ? parsed.data : {}
    if (!parsed.success) this.#changed = true
  }
  get changed() {
    return this.#changed
  }
  get<K extends keyof SessionData>(key: K): SessionData[K] {
    return this.#data[key]
  }
  set<K extends keyof SessionData>(key: K, value: SessionData[K] | null) {
    if (value === null || value === undefined) {
      if (!(key in this.#data)) return
      delete this.#data[key]
    } else this.#data[key] = value
    this.#changed = true
  }
  get data(): Readonly<SessionData> {
    return this.#data
  }
}

export const sessionContext = createContext<RequestSession>()

export async function readSession(request: Request) {
  return new RequestSession(await sessionStorage().getSession(request.headers.get('cookie')))
}

/** The Set-Cookie header that stores (or, when empty, deletes) the session. */
export async function sessionCookieHeader(session: RequestSession, request: Request) {
  const { raw, data } = session
  const secure = secureCookies(request)
  if (Object.keys(data).length === 0) return sessionStorage().destroySession(raw, { secure })
  for (const key of Object.keys(raw.data) as Array<keyof SessionData>) raw.unset(key)
  for (const [key, value] of Object.entries(data)) raw.set(key as keyof SessionData, value as never)
  return sessionStorage().commitSession(raw, { secure })
}

/** This request's session (the storefront middleware puts it in the context). */
export function getSession(context: Readonly<RouterContextProvider>) {
  return context.get(sessionContext)
}

export function getTokens(context: Readonly<RouterContextProvider>): AuthTokens | null {
  return getSession(context).get('tokens') ?? null
}
