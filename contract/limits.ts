/** Lengths of the account forms (SPEC §5), safe to import anywhere. */
/** Registration password minimum (SPEC §5, §9). */
export const PASSWORD_MIN_REGISTRATION = 8
/** Password minimum after a reset and on a password change (SPEC §5, §9). */
export const PASSWORD_MIN_RESET = 6
/** Upper bound for any password: argon2 hashes anything, but a huge body is a denial of service. */
export const PASSWORD_MAX = 128
/** Digits of an SMS code. */
export const CODE_LENGTH = 6
/** Default maximum of text inputs (SPEC §5). */
export const TEXT_MAX = 99
/** Longest opaque token (registration session, signature, refresh token) the API accepts. */
export const TOKEN_MAX = 512

/** At most this many pickup points: a shop's own collection places, not a carrier's network. */
export const PICKUP_POINTS_MAX = 10
