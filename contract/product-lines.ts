/**
 * Product lines (one fragrance in all its sizes and forms): the lists both the
 * API and the back office's screens name.
 */

/** A perfume's concentration, weakest first: the order the product page's choices take it in. */
export const concentrations = ['edc', 'edt', 'edp', 'parfum', 'extrait'] as const
export type Concentration = (typeof concentrations)[number]

/** A size that is not the regular bottle: a tester (no cap or box) or a travel miniature. */
export const sizeKinds = ['tester', 'travel'] as const
export type SizeKind = (typeof sizeKinds)[number]

/** How product lists show a line: one card for all its sizes, or a card per size. */
export const listingSizes = ['together', 'separate'] as const
export type ListingSizes = (typeof listingSizes)[number]
/** What the shop does until staff choose: perfume shoppers compare sizes on one page. */
export const DEFAULT_LISTING_SIZES: ListingSizes = 'together'

/** Longest name of a line. */
export const LINE_NAME_MAX = 120
/** Most products one line may have (every concentration, size, tester and miniature of a fragrance). */
export const LINE_MEMBERS_MAX = 40
