import { type RouterContextProvider, redirect } from 'react-router'
import { getConfig } from '#api/config.ts'
import { apiClientContext } from '#app/utils/api-client.server.ts'
import { orNull } from '#app/utils/api-errors.server.ts'
import { requestLang, signedInUser } from '#app/utils/auth.server.ts'
import { flash } from '#app/utils/flash.server.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { type CheckoutState, readCheckout } from './state.server.ts'

type Args = { request: Request; context: Readonly<RouterContextProvider> }

export const personal = { 'Cache-Control': 'private, no-store' }

/**
 * What every checkout step starts with: the signed-in customer, the basket
 * (an empty one sends the customer back to the basket with a notice) and the
 * steps entered so far.
 */
export async function loadCheckout({ request, context }: Args) {
  const user = signedInUser(context)
  const lang = requestLang(context)
  const t = serverT(context, 'checkout')
  const cart = await context.get(apiClientContext).get('orders/cart/products/')
  if (!cart.products.some((line) => !line.unavailable)) {
    flash(context, { type: 'info', message: t('toast.empty_basket') })
    throw redirect(`/${lang}/basket`)
  }
  const state = await readCheckout(request)
  return { user, lang, t, cart, state }
}

/**
 * What a step's action needs: the customer, the language and the steps so far.
 * No basket check: placing an order again with the same key (a resubmitted
 * form after the basket emptied) must reach the API, which answers with the
 * order it already made.
 */
export async function loadCheckoutAction({ request, context }: Args) {
  return { lang: requestLang(context), t: serverT(context, 'checkout'), state: await readCheckout(request) }
}

/** The 14 regions and Tashkent's districts in the page's language. */
export async function loadRegions(context: Readonly<RouterContextProvider>) {
  const { results } = await context.get(apiClientContext).get('geo/regions/')
  return results
}

/** The way chosen at step 1: pickup, or a courier (also for steps saved before the choice existed). */
export function deliveryOf(state: CheckoutState): 'courier' | 'pickup' {
  return state.address?.delivery === 'pickup' ? 'pickup' : 'courier'
}

/** The shop's pickup points (none: pickup is not offered). */
export async function loadPickupPoints(context: Readonly<RouterContextProvider>) {
  const contacts = await orNull(context.get(apiClientContext).get('settings/contacts/'))
  return contacts?.pickup_points ?? []
}

/** The map picker of step 1: shown when a Yandex Maps key is set. */
export function mapPicker() {
  const key = getConfig().YANDEX_MAPS_API_KEY
  return key ? { enabled: true as const, key } : { enabled: false as const, key: '' }
}

/** The step a customer has to finish first, if any. */
export function requireStep(state: { addressDone?: boolean; contactDone?: boolean }, lang: string, step: 2 | 3) {
  if (!state.addressDone) throw redirect(`/${lang}/checkout`)
  if (step === 3 && !state.contactDone) throw redirect(`/${lang}/checkout/contact`)
}
