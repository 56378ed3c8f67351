import type { FlowState } from '#app/components/account/auth-types.ts'
import type { RegistrationState, ResetState } from '#app/utils/session.server.ts'
import { authLimits } from '#contract/auth-limits.ts'

// An unfinished flow older than this starts again at step 1 (typed values kept):
// its code and signature have long expired at the API.
const staleAfterMs = 30 * 60 * 1000

export function resendIn(sentAt: number | undefined, now = Date.now()) {
  if (!sentAt) return 0
  return Math.max(0, Math.ceil(authLimits.codeResendAfter - (now - sentAt) / 1000))
}

const stale = (sentAt: number | undefined, now: number) => !sentAt || now - sentAt > staleAfterMs

/** Which registration step the session is at (SPEC §4: name and phone, code, password, done). */
export function registrationStep(state: RegistrationState | undefined, now = Date.now()): FlowState {
  if (!state) return { step: 'start' }
  if (!state.session || stale(state.sentAt, now))
    return { step: 'start', full_name: state.full_name, phone: state.phone }
  if (state.signature) return { step: 'password', phone: state.phone }
  return { step: 'code', phone: state.phone, resendIn: resendIn(state.sentAt, now) }
}

/** Which reset step the session is at (SPEC §4: phone, code, new password, done). */
export function resetStep(state: ResetState | undefined, now = Date.now()): FlowState {
  if (!state) return { step: 'start' }
  if (!state.signature || stale(state.sentAt, now)) return { step: 'start', phone: state.phone }
  if (state.tokens) return { step: 'password', phone: state.phone }
  return { step: 'code', phone: state.phone, resendIn: resendIn(state.sentAt, now) }
}
