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
  /**
   * Past `codesPerPhone`, a reset code still goes out when the phone's latest
   * code is this old: strangers spending the quota cannot lock the owner out
   * of their account for a day.
   */
  resetSlowLane: 60 * 60,
  /**
   * Phone-change codes (and "already registered" answers to a phone change) per
   * account in `codeCapWindow`, from any address: a signed-in account cannot
   * text number after number, nor list which numbers are customers'.
   */
  phoneChangeCodesPerAccount: 5,
  // Codes per client address in `codeCapWindow`: the SMS_CODES_PER_ADDRESS setting.
  codeCapWindow: 24 * 60 * 60,
  /** A verified registration code must be turned into an account within this. */
  registrationSignatureTtl: 15 * 60,
  /** After a reset code, the session may set a new password without the old one this long. */
  resetSessionTtl: 15 * 60,
  /**
   * Failed logins (and wrong current passwords) for one phone from one client
   * address in `loginWindow`: then that address waits until the oldest ages out.
   */
  loginFailuresPerPair: 5,
  // Failed logins per client address, any phone, in `loginWindow`: the LOGIN_FAILURES_PER_ADDRESS setting.
  loginWindow: 15 * 60,
  /**
   * Failures of one phone from all addresses in `loginPhoneWindow` before it
   * slows down: the k-th failure past these makes the next attempt (from any
   * address, the owner's too) wait 2^k seconds after it, at most
   * `loginPhoneMaxDelay`. A short wait rather than a lock, so strangers'
   * failures cannot lock the owner out, and distributed guessing stays slow.
   */
  loginPhoneFreeFailures: 5,
  loginPhoneWindow: 60 * 60,
  loginPhoneMaxDelay: 3 * 60,
} as const
