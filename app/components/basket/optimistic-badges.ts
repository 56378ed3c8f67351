import { useFetchers } from 'react-router'
import type { Badges } from '#api/types.ts'
import { QUANTITY_MAX } from '#contract/basket.ts'
import { BasketIntent, SavedIntent } from './intents.ts'

const basketAction = /^\/(uz|sr|ru)\/basket(\?|$)/
const savedAction = /^\/(uz|sr|ru)\/saved(\?|$)/

const count = (value: FormDataEntryValue | null, fallback = 0) => {
  const n = Number(value)
  return Number.isFinite(n) ? n : fallback
}

/**
 * The header counts while basket and favourite forms are on their way: the
 * server's last answer plus what every pending fetcher asks for. A fetcher
 * keeps its formData until the revalidation after its action has finished,
 * so the count never flickers back; a refused change (409) simply drops out.
 */
export function useOptimisticBadges(badges: Badges): Badges {
  const fetchers = useFetchers()
  let cart = badges.cart_total
  let favourites = badges.favourites_total
  let cleared = false
  for (const fetcher of fetchers) {
    const form = fetcher.formData
    const action = fetcher.formAction
    if (!form || !action) continue
    const intent = form.get('intent')
    if (basketAction.test(action)) {
      const current = count(form.get('current'))
      if (intent === BasketIntent.add) cart += count(form.get('quantity'), 1) || 1
      else if (intent === BasketIntent.set) cart += wantedQuantity(form) - current
      else if (intent === BasketIntent.remove) cart -= current
      else if (intent === BasketIntent.clear) cleared = true
    } else if (savedAction.test(action)) {
      if (intent === SavedIntent.like) favourites += 1
      else if (intent === SavedIntent.unlike) favourites -= 1
    }
  }
  return {
    ...badges,
    cart_total: cleared ? 0 : Math.max(0, cart),
    favourites_total: Math.max(0, favourites),
  }
}

/** The quantity a set-quantity form asks for: the typed number plus a − / + step, at least 1. */
export function wantedQuantity(form: FormData): number {
  const typed = Math.trunc(count(form.get('quantity')))
  const step = Math.trunc(count(form.get('step')))
  return Math.min(QUANTITY_MAX, Math.max(1, typed + step))
}
