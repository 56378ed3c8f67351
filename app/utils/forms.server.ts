import { randomBytes } from 'node:crypto'
import type { Submission, SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, type RouterContextProvider, redirect } from 'react-router'
import type { z } from 'zod'
import { logger } from '#api/log.ts'
import { type AuthActionData, DIALOG_FIELD, type FlowState, isAuthPath } from '#app/components/account/auth-types.ts'
import type { ToastMessage, ToastType } from '#app/components/toaster.tsx'
import { ApiUnavailableError } from '#app/utils/api-client.server.ts'
import { isApiError } from '#app/utils/api-errors.server.ts'
import { requestLang } from '#app/utils/auth.server.ts'
import { flash } from '#app/utils/flash.server.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { safeRedirect } from '#app/utils/safe-redirect.ts'

type Context = Readonly<RouterContextProvider>

/** A parsed form of any schema: what a failed form's answer needs of it (its reply, its errors). */
export type AnySubmission = Submission<unknown, string[], unknown>

/** What a profile, feedback or checkout form's action answers when it does not redirect. */
export type ProfileActionData = { result?: SubmissionResult<string[]>; toast?: ToastMessage; step?: string }

/**
 * conform turns an empty field into `undefined`; the shared schemas then
 * report `invalid_type`, which for a form means the value is missing.
 */
const formErrorMap = (issue: { code: string; input?: unknown }) =>
  issue.code === 'invalid_type' && (issue.input === undefined || issue.input === '') ? 'required' : undefined

export function parseForm<S extends z.ZodType>(formData: FormData, schema: S) {
  return parseWithZod(formData, { schema, error: formErrorMap as never })
}

/**
 * An action with several forms: the posted `intent` picks its own function
 * (an intent the page has no function for is 400), and each answers
 * `data(…)` or a redirect, so the page's `actionData` is the union of their
 * answers, each carrying its `intent`. A button about one of several things
 * names it after a colon (`add:12`, the add button of product 12): the part
 * before picks the function, whose schema reads the whole value.
 */
export async function byIntent<H extends Record<string, (form: FormData) => unknown>>(
  form: FormData,
  handlers: H,
): Promise<Awaited<ReturnType<H[keyof H]>>> {
  const intent = form.get('intent')
  const name = typeof intent === 'string' ? intent.split(':', 1)[0] : undefined
  const handler = name !== undefined && Object.hasOwn(handlers, name) ? handlers[name] : undefined
  if (!handler) throw data(null, { status: 400 })
  return (await handler(form)) as Awaited<ReturnType<H[keyof H]>>
}

/**
 * The fields a form sends as `schema` reads them, for a form with nothing typed
 * (hidden fields, a button's value): one the page never sends (tampered, stale) is 400.
 */
export function fieldsOf<S extends z.ZodType>(form: FormData, schema: S): z.output<S> {
  const parsed = schema.safeParse(Object.fromEntries(form))
  if (!parsed.success) throw data(null, { status: 400 })
  return parsed.data
}

export function toastMessage(type: ToastType, message: string) {
  return { id: randomBytes(9).toString('base64url'), type, message }
}

/** What a submitted account form is about: the dialog (answer with data) or a page (redirect). */
export function formContext(request: Request, formData: FormData, context: Context) {
  const lang = requestLang(context)
  const requested = formData.get('redirectTo') ?? new URL(request.url).searchParams.get('redirectTo')
  let redirectTo = safeRedirect(requested, `/${lang}`)
  if (isAuthPath(redirectTo)) redirectTo = `/${lang}`
  return { lang, redirectTo, dialog: formData.get(DIALOG_FIELD) === '1', t: serverT(context, 'account') }
}

/**
 * A failed step: 400 (or the API's status) with the typed values, the flagged fields and a toast (none
 * when the field's own message says it all).
 */
export function failure(
  submission: AnySubmission,
  options: {
    intent: string
    toast?: string
    state?: FlowState
    status?: number
    fieldErrors?: Record<string, string[]>
    formErrors?: string[]
  },
) {
  const result = submission.reply({
    fieldErrors: options.fieldErrors,
    formErrors: options.formErrors,
    // Passwords are never written back into the page.
    hideFields: ['password', 'password_confirm', 'new_password', 'old_password'],
  })
  const body: AuthActionData = {
    intent: options.intent,
    result,
    toast: options.toast ? toastMessage('error', options.toast) : undefined,
    state: options.state,
  }
  return data(body, { status: options.status ?? 400 })
}

/**
 * The toast for a form that did not pass the shared schema (SPEC §5): an
 * invalid phone has its own message, anything else asks to fill in the form.
 */
export function validationToast(
  submission: AnySubmission,
  t: (key: 'toast.invalid_phone' | 'toast.fill_form') => string,
) {
  const errors = (submission.status === 'error' ? submission.error : null) ?? {}
  if (errors.phone?.includes('invalid_phone')) return t('toast.invalid_phone')
  return t('toast.fill_form')
}

/** The API's error as field errors of the given form fields, and its detail (or the generic text). */
export function apiError(error: unknown, fields: string[], generic: string) {
  if (error instanceof ApiUnavailableError) {
    // A service the step needs is away or slow: its own reason, so the customer knows to retry later.
    const detail = error.answer.detail || generic
    return { status: error.status, detail, fieldErrors: {} as Record<string, string[]>, firstError: detail }
  }
  if (!isApiError(error) || error.status === 401) {
    // A timeout or a bug: the customer gets the generic text, the log gets the cause.
    if (!isApiError(error)) logger().error({ err: error }, 'storefront: a form step failed')
    return { status: 400, detail: generic, fieldErrors: {} as Record<string, string[]>, firstError: generic }
  }
  const fieldErrors: Record<string, string[]> = {}
  for (const item of error.body.errors ?? [])
    if (fields.includes(item.field)) fieldErrors[item.field] = [...(fieldErrors[item.field] ?? []), item.message]
  return {
    status: error.status,
    detail: error.body.detail || generic,
    fieldErrors,
    firstError: error.body.errors?.[0]?.message || error.body.detail || generic,
  }
}

/**
 * A step that worked: the dialog gets data (and its toast directly); a page
 * gets post/redirect/get, the toast travelling in the flash cookie.
 */
export function success(
  context: Context,
  form: { dialog: boolean },
  options: { to: string; state?: FlowState; done?: boolean; toast?: { type: ToastType; message: string } },
) {
  if (form.dialog) {
    const body: AuthActionData = {
      state: options.state,
      done: options.done,
      toast: options.toast ? toastMessage(options.toast.type, options.toast.message) : undefined,
    }
    return data(body)
  }
  if (options.toast) flash(context, options.toast)
  return redirect(options.to)
}
