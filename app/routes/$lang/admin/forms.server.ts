import type { Submission } from '@conform-to/react'
import { data, type RouterContextProvider } from 'react-router'
import type { KnownPath, StaffApiAnswers } from '#api/types.ts'
import { type ApiQuery, ApiResponseError } from '#app/utils/api-client.server.ts'
import { apiError, toastMessage } from '#app/utils/forms.server.ts'
import { type StaffAnswer, type StaffPath, staffApi } from '#app/utils/staff-session.server.ts'
import type { AdminActionData } from './+shared/forms.tsx'

export { apiError, parseForm } from '#app/utils/forms.server.ts'

type Context = Readonly<RouterContextProvider>

const secretFields = ['password', 'old_password', 'new_password', 'password_confirm', 'code', 'recovery_code']

/**
 * A failed back-office form: 400 (or the API's 4xx: 409, 429…) with the
 * typed values (never passwords or codes), the flagged fields and a message.
 */
export function adminFailure(
  submission: Submission<any, string[], any>,
  options: {
    intent: string
    toast: string
    status?: number
    fieldErrors?: Record<string, string[]>
    /** What the page showed and must show again (an authenticator's QR code…). */
    extra?: Omit<AdminActionData, 'intent' | 'result' | 'toast'>
  },
) {
  const result = submission.reply({ fieldErrors: options.fieldErrors, hideFields: secretFields })
  const body: AdminActionData = {
    ...options.extra,
    intent: options.intent,
    result,
    toast: toastMessage('error', options.toast),
  }
  const status = options.status && options.status >= 400 && options.status < 500 ? options.status : 400
  return data(body, { status: status === 401 || status === 413 ? 400 : status })
}

/** A back-office form the API refused: its reason as the toast, the flagged ones of `fields` on the form. */
export function apiFailure(
  submission: Submission<any, string[], any>,
  intent: string,
  error: unknown,
  fields: string[],
  generic: string,
) {
  const failed = apiError(error, fields, generic)
  return adminFailure(submission, {
    intent,
    toast: failed.detail,
    status: failed.status,
    fieldErrors: failed.fieldErrors,
  })
}

/**
 * A loader's read from the admin API: a 403 or 404 there is the page's 403 or
 * 404 (with the API's localised reason), not a 500.
 * `await staffLoad(context, 'admin/orders/', { page })` answers what the path does (StaffApiAnswers).
 */
export async function staffLoad<P extends StaffPath<'GET'>>(
  context: Context,
  path: KnownPath<'GET', P, StaffApiAnswers>,
  query?: ApiQuery,
): Promise<StaffAnswer<'GET', P>> {
  try {
    return await staffApi(context).get<P>(path, query)
  } catch (error) {
    if (error instanceof ApiResponseError && [400, 403, 404].includes(error.status))
      throw data(error.body.detail ?? '', { status: error.status })
    throw error
  }
}
