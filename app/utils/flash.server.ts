import { randomBytes } from 'node:crypto'
import { createContext, createCookie, type RouterContextProvider } from 'react-router'
import { z } from 'zod'
import { getConfig } from '#api/config.ts'
import { secureCookies } from '#app/utils/cookie-session.server.ts'

/**
 * Flash messages (toasts) in their own small signed cookie, so a message
 * queued by an action survives its redirect and shows with or without
 * JavaScript. Queue one with `flash(context, …)` from any loader or action,
 * then redirect (or, for a fetcher, return 2xx: the revalidation that follows
 * shows it). The root loader takes them with `takeFlash(context)`; the
 * storefront middleware writes and clears the cookie.
 */

export const toastSchema = z.object({
  id: z.string().min(1).max(64),
  type: z.enum(['success', 'error', 'info']),
  message: z.string().min(1).max(500),
  // A path of this shop ("to the basket"), never another site.
  link: z
    .object({
      href: z
        .string()
        .regex(/^\/[^/\\]/)
        .max(200),
      label: z.string().min(1).max(60),
    })
    .optional(),
})
export type FlashToast = z.infer<typeof toastSchema>

const MAX_TOASTS = 3
const flashSchema = z.array(toastSchema).max(MAX_TOASTS)

let cookie: ReturnType<typeof createCookie> | undefined
function flashCookie() {
  cookie ??= createCookie('atir_flash', {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    // Long enough for a redirect or two; a forgotten message should not appear a day later.
    maxAge: 10 * 60,
    secrets: [getConfig().sessionSecret],
  })
  return cookie
}

class FlashState {
  /** Toasts `takeFlash` has handed to the page. */
  taken = false
  readonly queued: FlashToast[] = []
  constructor(readonly incoming: FlashToast[]) {}
}

export const flashContext = createContext<FlashState>()

export async function readFlash(request: Request) {
  const value = await flashCookie()
    .parse(request.headers.get('cookie'))
    .catch(() => null)
  const parsed = flashSchema.safeParse(value)
  return new FlashState(parsed.success ? parsed.data : [])
}

/** The Set-Cookie header for the end of the request, or `null` when the cookie stays as it is. */
export async function flashCookieHeader(state: FlashState, request: Request) {
  if (!state.queued.length && !(state.taken && state.incoming.length)) return null
  const left = [...(state.taken ? [] : state.incoming), ...state.queued].slice(-MAX_TOASTS)
  const secure = secureCookies(request)
  if (!left.length) return flashCookie().serialize('', { maxAge: 0, secure })
  return flashCookie().serialize(left, { secure })
}

/** A toast with the id that makes it show once. */
export function newToast({ type, message, link }: Pick<FlashToast, 'type' | 'message' | 'link'>): FlashToast {
  return { id: randomBytes(9).toString('base64url'), type, message: message.slice(0, 500), ...(link ? { link } : {}) }
}

/** Queues a toast for the next page the visitor sees. */
export function flash(
  context: Readonly<RouterContextProvider>,
  toast: Pick<FlashToast, 'type' | 'message' | 'link'>,
): void {
  context.get(flashContext).queued.push(newToast(toast))
}

/** The toasts waiting for this page view; the cookie is cleared with this response. */
export function takeFlash(context: Readonly<RouterContextProvider>): FlashToast[] {
  const state = context.get(flashContext)
  state.taken = true
  return state.incoming
}
