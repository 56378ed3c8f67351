/**
 * Feedback and bug-report limits, shared with their storefront forms. No imports: those pages' scripts take
 * these two numbers, not zod and the phone rules with them (about 60 KB gzip).
 */

/** Longest feedback or bug-report text: a message needs more than the default 99 characters. */
export const MESSAGE_MAX = 2000
/** Longest page address a bug report names. */
export const PAGE_MAX = 500
