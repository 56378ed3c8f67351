import type { ToastMessage } from '#app/components/toaster.tsx'

/** Values of the `intent` field of the basket and favourites forms. */
export const BasketIntent = {
  add: 'add',
  set: 'set',
  remove: 'remove',
  clear: 'clear',
  acceptPrices: 'accept-prices',
} as const
export type BasketIntent = (typeof BasketIntent)[keyof typeof BasketIntent]

export const SavedIntent = { like: 'like', unlike: 'unlike' } as const
export type SavedIntent = (typeof SavedIntent)[keyof typeof SavedIntent]

/**
 * Hidden field the forms carry once JavaScript runs (fetcher forms): the
 * action answers with data instead of redirecting back.
 */
export const JS_FIELD = '_js'

/**
 * The mark of a form that acts in place: pressed before the page is alive, it waits for the page's scripts
 * and then goes as a fetcher, instead of reloading the page (deferred-scripts.tsx holds the press).
 */
export const replayedWhenAlive = { 'data-replay': '' } as const

/** What a basket or favourites form's action answers a fetcher: the toast, and the page it was sent from. */
export type BasketAnswer = {
  ok: boolean
  toast: ToastMessage
  from: string
}

/** The basket action (`/{lang}/basket`) and the favourites action (`/{lang}/saved`). */
export const basketPath = (lang: string) => `/${lang}/basket`
export const savedPath = (lang: string) => `/${lang}/saved`
