/**
 * Review limits, shared with the storefront's review form. No imports: the
 * product page's scripts take these two numbers, not zod with them (24 KB gzip).
 */

/** Longest review comment: an opinion needs more than the default 99 characters. */
export const COMMENT_MAX = 1000
/** Most photos one review may carry. */
export const REVIEW_PHOTOS_MAX = 4
