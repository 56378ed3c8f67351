import { data, type RouterContextProvider, redirect } from 'react-router'
import type { KnownPath, StaffApiAnswers } from '#api/types.ts'
import type { ApiQuery } from '#app/utils/api-client.server.ts'
import { isApiError, isApiRefusal } from '#app/utils/api-errors.server.ts'
import { flash } from '#app/utils/flash.server.ts'
import type { AnySubmission } from '#app/utils/forms.server.ts'
import { apiError, toastMessage } from '#app/utils/forms.server.ts'
import { type StaffPath, staffApi } from '#app/utils/staff-session.server.ts'
import { z } from '#contract/zod.ts'

export { apiError, byIntent, fieldsOf, parseForm } from '#app/utils/forms.server.ts'
export { pageId } from '#app/utils/ids.ts'

type Context = Readonly<RouterContextProvider>

const secretFields = ['password', 'old_password', 'new_password', 'password_confirm', 'code', 'recovery_code']

/**
 * A failed back-office form: 400 (or the API's 4xx: 409, 429…) with the
 * typed values (never passwords or codes), the flagged fields and a message,
 * and `extra`: what the page showed and must show again (an authenticator's QR code…).
 */
export function adminFailure<const I extends string, const E extends object = object>(
  submission: AnySubmission,
  options: { intent: I; toast: string; status?: number; fieldErrors?: Record<string, string[]>; extra?: E },
) {
  const result = submission.reply({ fieldErrors: options.fieldErrors, hideFields: secretFields })
  const status = options.status && options.status >= 400 && options.status < 500 ? options.status : 400
  return data(
    { ...(options.extra as E), intent: options.intent, result, toast: toastMessage('error', options.toast) },
    { status: status === 401 || status === 413 ? 400 : status },
  )
}

/**
 * The names of a form schema's inputs as conform names them (`title.ru` for a
 * nested object's), plus `extra` (file inputs the schema does not parse): the
 * fields an API refusal may flag on the form, read from the schema itself.
 */
export function inputNames(schema: z.ZodObject, extra: string[] = []): string[] {
  const names = (shape: z.ZodRawShape, prefix: string): string[] =>
    Object.entries(shape).flatMap(([key, field]) => {
      const inner = unwrapped(field as z.ZodType)
      return inner instanceof z.ZodObject ? names(inner.shape, `${prefix}${key}.`) : [`${prefix}${key}`]
    })
  return [...names(schema.shape, ''), ...extra]
}

/** The schema inside defaults, optionals and pipes. */
function unwrapped(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodDefault || schema instanceof z.ZodOptional || schema instanceof z.ZodNullable)
    return unwrapped(schema.unwrap() as z.ZodType)
  if (schema instanceof z.ZodPipe) return unwrapped(schema.in as z.ZodType)
  return schema
}

/** A back-office form the API refused: its reason as the toast, the flagged ones of `fields` on the form. */
export function apiFailure<const I extends string>(
  submission: AnySubmission,
  intent: I,
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
 * The API refused an action (a 4xx other than 401: 409 the order moved
 * meanwhile, 400 bad input, 403, 404, 429): its status, localised reason and
 * the fields or rows it names. An outage (503/504 arrive as their own page),
 * a 401 or a bug is thrown as it is: none is the staff member's to fix here.
 */
export function apiRefusal(error: unknown) {
  if (!isApiRefusal(error) || error.status === 401) throw error
  return {
    status: error.status === 413 ? 400 : error.status,
    detail: error.body.detail ?? '',
    errors: error.body.errors ?? [],
  }
}

/** A refused button (a status move, a reset, an SMS): the reason as a toast, back on the page as it is now. */
export function refusedBack(context: Context, error: unknown, here: string, fallback: string) {
  flash(context, { type: 'error', message: apiRefusal(error).detail || fallback })
  return redirect(here)
}

/** A refused form whose page shows the reason itself: by the form of `intent`, with the rows or fields named. */
export function refusedAnswer<const I extends string>(intent: I, error: unknown) {
  const { status, detail, errors } = apiRefusal(error)
  return data({ intent, toast: toastMessage('error', detail), detail, rows: errors }, { status })
}

/** The API's message for a form field (`reason`, `text`) when it refused that field. */
export function fieldRefusal(error: unknown, field: string): string | null {
  if (!isApiError(error, 400)) return null
  return error.body.errors?.find((e) => e.field === field)?.message ?? error.body.detail ?? null
}

/**
 * A loader's read from the admin API: a 400, 403 or 404 there is the page's
 * own (with the API's localised reason), not a 500.
 * `await staffLoad(context, 'admin/orders/', { page })` answers what the path does (StaffApiAnswers).
 */
export async function staffLoad<P extends StaffPath<'GET'>>(
  context: Context,
  path: KnownPath<'GET', P, StaffApiAnswers>,
  query?: ApiQuery,
) {
  try {
    return await staffApi(context).get<P>(path, query)
  } catch (error) {
    if (isApiError(error, 400, 403, 404)) throw data(error.body.detail ?? '', { status: error.status })
    throw error
  }
}
