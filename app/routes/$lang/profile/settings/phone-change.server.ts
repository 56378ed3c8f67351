import { createCookie } from 'react-router'
import { z } from 'zod'
import { getConfig } from '#api/config.ts'
import { secureCookies } from '#app/utils/cookie-session.server.ts'

/**
 * Between the two steps of a number change: the new number and the API's
 * code session, in a small signed cookie of their own (bound to the
 * customer; ten minutes, like the code).
 */
const stateSchema = z.object({
  userId: z.number(),
  phone: z.string().max(20),
  session: z.string().max(512),
  sentAt: z.number(),
})
export type PhoneChangeState = z.infer<typeof stateSchema>

let cookie: ReturnType<typeof createCookie> | undefined
function phoneChangeCookie() {
  cookie ??= createCookie('atir_phone_change', {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    maxAge: 10 * 60,
    secrets: [getConfig().sessionSecret],
  })
  return cookie
}

export async function readPhoneChange(request: Request, userId: number): Promise<PhoneChangeState | null> {
  const value = await phoneChangeCookie()
    .parse(request.headers.get('cookie'))
    .catch(() => null)
  const parsed = stateSchema.safeParse(value)
  return parsed.success && parsed.data.userId === userId ? parsed.data : null
}

export async function phoneChangeHeader(request: Request, state: PhoneChangeState | null) {
  const secure = secureCookies(request)
  return state
    ? phoneChangeCookie().serialize(state, { secure })
    : phoneChangeCookie().serialize('', { maxAge: 0, secure })
}
