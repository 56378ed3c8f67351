import type { RouterContextProvider } from 'react-router'
import { serverT } from '#app/utils/i18n.server.ts'
import { staffApi } from '#app/utils/staff-session.server.ts'
import { staffPasswordSchema } from '#contract/staff.ts'
import type { StaffMe } from './+shared/staff.ts'
import { adminFailure, apiError, parseForm } from './forms.server.ts'

/**
 * Changing the own password (set-up step and My account): `changed` with the
 * staff member as the API now sees them, or the failed form with the reason (a wrong
 * current password, too short, not repeated alike, too many tries).
 */
export async function changePassword(
  context: Readonly<RouterContextProvider>,
  formData: FormData,
  changed: (staff: StaffMe) => Response | Promise<Response>,
) {
  const t = serverT(context, 'admin')
  const intent = 'password'
  const submission = parseForm(formData, staffPasswordSchema)
  if (submission.status !== 'success') {
    const mismatch = submission.error?.password_confirm?.includes('passwords_mismatch')
    return adminFailure(submission, { intent, toast: t(mismatch ? 'password.mismatch' : 'errors.fill_form') })
  }
  let staff: StaffMe
  try {
    staff = await staffApi(context).send('POST', 'admin/auth/password/', submission.value)
  } catch (error) {
    const failed = apiError(error, ['old_password', 'new_password', 'password_confirm'], t('errors.generic'))
    return adminFailure(submission, {
      intent,
      toast: failed.detail,
      status: failed.status,
      fieldErrors: failed.fieldErrors,
    })
  }
  return await changed(staff)
}
