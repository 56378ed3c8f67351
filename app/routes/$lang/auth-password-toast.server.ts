import type { AnySubmission } from '#app/utils/forms.server.ts'
import { PASSWORD_MIN_REGISTRATION, PASSWORD_MIN_RESET } from '#contract/limits.ts'

/**
 * The toast for a new password that did not pass (SPEC §5): too short gives
 * the minimum-length toast, a different confirmation the password-error
 * toast, anything else (empty) the fill-in-the-form toast.
 */
export function passwordToast(
  submission: AnySubmission,
  t: (key: 'toast.min_password' | 'toast.password_mismatch' | 'toast.fill_form', vars?: { min: number }) => string,
  field: 'password' | 'new_password',
) {
  const errors = (submission.status === 'error' ? submission.error : null) ?? {}
  const min = field === 'password' ? PASSWORD_MIN_REGISTRATION : PASSWORD_MIN_RESET
  if (errors[field]?.includes('min_length')) return t('toast.min_password', { min })
  if (errors.password_confirm?.includes('passwords_mismatch')) return t('toast.password_mismatch')
  return t('toast.fill_form')
}
