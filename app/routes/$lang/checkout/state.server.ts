import { createCookie } from 'react-router'
import { z } from 'zod'
import { getConfig } from '#api/config.ts'
import { secureCookies } from '#app/utils/cookie-session.server.ts'

/**
 * What the customer entered in the checkout steps, kept in its own small
 * signed cookie (not the session: the session schema belongs to sign-in) so
 * that going back to a step shows what was typed, with or without JavaScript.
 * Only the customer's own entries live here; prices and totals always come
 * from the API.
 */

// The same limits as `pickFields` cuts to, so the cookie stays well under 4 KB.
const text = (max: number) => z.string().max(max).optional()
const SHORT = 60
const LONG = 255

const addressState = z.object({
  /** courier (the fields below) or pickup (`pickup_point`); none yet: courier. */
  delivery: text(SHORT),
  pickup_point: text(SHORT),
  region: text(SHORT),
  district: text(LONG),
  street: text(LONG),
  house: text(SHORT),
  flat: text(SHORT),
  landmark: text(LONG),
  latitude: text(SHORT),
  longitude: text(SHORT),
})
const contactState = z.object({ name: text(LONG), phone: text(SHORT), extra_phone: text(SHORT) })
const paymentState = z.object({
  payment_method: text(SHORT),
  card_id: text(SHORT),
  promo_code: text(SHORT),
  use_cashback: text(SHORT),
})

const checkoutState = z.object({
  address: addressState.optional(),
  contact: contactState.optional(),
  payment: paymentState.optional(),
  /** The step 1 form passed validation; step 2 and 3 need it. */
  addressDone: z.boolean().optional(),
  contactDone: z.boolean().optional(),
})
export type CheckoutState = z.infer<typeof checkoutState>

let cookie: ReturnType<typeof createCookie> | undefined
function checkoutCookie() {
  cookie ??= createCookie('atir_checkout', {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    // A checkout left for a day starts from the beginning.
    maxAge: 24 * 60 * 60,
    secrets: [getConfig().sessionSecret],
  })
  return cookie
}

export async function readCheckout(request: Request): Promise<CheckoutState> {
  const value = await checkoutCookie()
    .parse(request.headers.get('cookie'))
    .catch(() => null)
  const parsed = checkoutState.safeParse(value)
  return parsed.success ? parsed.data : {}
}

/** Headers that store the state (or forget it when `null`). */
export async function checkoutHeaders(request: Request, state: CheckoutState | null) {
  const secure = secureCookies(request)
  const value = state
    ? await checkoutCookie().serialize(state, { secure })
    : await checkoutCookie().serialize('', { secure, maxAge: 0 })
  return { 'Set-Cookie': value }
}

/** The form's text fields as strings (missing ones left out), for the cookie. */
export function pickFields<K extends string>(formData: FormData, keys: readonly K[], long: readonly K[] = []) {
  const out: Partial<Record<K, string>> = {}
  for (const key of keys) {
    const value = formData.get(key)
    if (typeof value === 'string') out[key] = value.slice(0, long.includes(key) ? LONG : SHORT)
  }
  return out
}
