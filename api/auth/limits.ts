/**
 * Every limit of sign-in and SMS codes, in one place (seconds unless named).
 * Token lifetimes are settings (ACCESS_TOKEN_TTL_SECONDS, REFRESH_TOKEN_TTL_DAYS).
 */
export const authLimits = {
  /** A code is valid this long after it was sent. */
  codeTtl: 5 * 60,
  /** Wrong tries before a code is dead and a new one must be requested. */
  codeMaxAttempts: 5,
  /** A new code for the same phone no sooner than this. */
  codeResendAfter: 60,
  /** Codes per phone number in `codeCapWindow` (every purpose counts). */
  codesPerPhone: 5,
  // Codes per client address in `codeCapWindow`: the SMS_CODES_PER_ADDRESS setting.
  codeCapWindow: 24 * 60 * 60,
  /** A verified registration code must be turned into an account within this. */
  registrationSignatureTtl: 15 * 60,
  /** After a reset code, the session may set a new password without the old one this long. */
  resetSessionTtl: 15 * 60,
  /** Failed logins (and wrong current passwords) per phone in `loginWindow` before 429. */
  loginFailuresPerPhone: 5,
  // Failed logins per client address in `loginWindow`: the LOGIN_FAILURES_PER_ADDRESS setting.
  loginWindow: 15 * 60,
} as const
