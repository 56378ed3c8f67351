import { data } from 'react-router'
import type { AnySubmission } from '#app/utils/forms.server.ts'
import { type ProfileActionData, toastMessage } from '#app/utils/forms.server.ts'

export { apiError, byIntent, fieldsOf, parseForm } from '#app/utils/forms.server.ts'

/** A failed form: 400 (or the API's status) with the typed values (never passwords), flagged fields and a message. */
export function formFailure(
  submission: AnySubmission,
  options: { toast: string; status?: number; fieldErrors?: Record<string, string[]> },
) {
  const result = submission.reply({
    fieldErrors: options.fieldErrors,
    hideFields: ['password', 'old_password', 'new_password', 'password_confirm'],
  })
  const body: ProfileActionData = { result, toast: toastMessage('error', options.toast) }
  // A 413 from the API is still the customer's form to fix: the page answers 400 like any other failure.
  return data(body, { status: options.status && options.status < 500 && options.status !== 413 ? options.status : 400 })
}
