import { data, type RouterContextProvider } from 'react-router'
import { renderSVG } from 'uqr'
import { toastMessage } from '#app/utils/forms.server.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { staffApi } from '#app/utils/staff-session.server.ts'
import { totpConfirmSchema } from '#contract/staff.ts'
import type { Enrolment } from './+shared/forms.tsx'
import { adminFailure, apiError, parseForm } from './forms.server.ts'

type Context = Readonly<RouterContextProvider>

/**
 * Setting up the authenticator app (set-up step and My account): `start`
 * asks the API for a new secret; `confirm` sends the app's code and gets the
 * recovery codes; `saved` is the "I saved them" step. Nothing of it is kept
 * on the server side of the page: the secret and the codes are on the page
 * anyway, so a failed step gets them back from the form's hidden fields and
 * the page shows the same QR code again instead of a new secret.
 */
const secretPattern = /^[A-Z2-7]{16,128}=*$/
const recoveryPattern = /^[\w-]{4,32}$/

/** The enrolment the page showed, from its hidden fields; `null` when they were tampered with. */
function shownEnrolment(formData: FormData): Enrolment | null {
  const secret = String(formData.get('secret') ?? '')
  const uri = String(formData.get('otpauth_uri') ?? '')
  if (!secretPattern.test(secret) || !uri.startsWith('otpauth://totp/') || uri.length > 512) return null
  return { secret, otpauth_uri: uri, qr_svg: renderSVG(uri, { ecc: 'M' }) }
}

async function start(context: Context) {
  try {
    const enrolment = await staffApi(context).send('POST', 'admin/auth/totp/')
    return data({ intent: 'totp_start' as const, enrolment })
  } catch (error) {
    const failed = apiError(error, [], serverT(context, 'admin')('errors.generic'))
    return data(
      { intent: 'totp_start' as const, toast: toastMessage('error', failed.detail) },
      { status: failed.status },
    )
  }
}

/** "I saved them": ticked, `done` (the page's way on); not ticked, the same codes again with the reason. */
function codesSaved<const I extends string = 'codes_saved'>(
  context: Context,
  formData: FormData,
  done: () => Response | Promise<Response>,
  intent: I = 'codes_saved' as I,
) {
  if (formData.get('saved') === 'on') return done()
  const codes = formData
    .getAll('recovery_codes')
    .map(String)
    .filter((code) => recoveryPattern.test(code))
  const toast = toastMessage('error', serverT(context, 'admin')('second_factor.tick_saved'))
  return data({ intent, recovery_codes: codes.slice(0, 20), saved_intent: intent, toast }, { status: 400 })
}

async function confirm(context: Context, formData: FormData) {
  const t = serverT(context, 'admin')
  const intent = 'totp_confirm'
  const enrolment = shownEnrolment(formData)
  const submission = parseForm(formData, totpConfirmSchema)
  if (submission.status !== 'success') {
    return adminFailure(submission, { intent, toast: t('second_factor.code_required'), extra: { enrolment } })
  }
  try {
    const confirmed = await staffApi(context).send('POST', 'admin/auth/totp/confirm/', submission.value)
    return data({ intent, recovery_codes: confirmed.recovery_codes })
  } catch (error) {
    const failed = apiError(error, ['code'], t('errors.generic'))
    const fieldErrors = Object.keys(failed.fieldErrors).length ? failed.fieldErrors : { code: [failed.detail] }
    // 409: it is on already (set up in another tab); nothing to show again.
    const extra = { enrolment: failed.status === 409 ? null : enrolment }
    return adminFailure(submission, { intent, toast: failed.detail, status: failed.status, fieldErrors, extra })
  }
}

/** New recovery codes for the current authenticator code: the codes to show once, or the code field refused. */
async function regenerate(context: Context, formData: FormData) {
  const t = serverT(context, 'admin')
  const intent = 'recovery_regenerate'
  const submission = parseForm(formData, totpConfirmSchema)
  if (submission.status !== 'success')
    return adminFailure(submission, { intent, toast: t('second_factor.code_required') })
  try {
    const fresh = await staffApi(context).send('POST', 'admin/auth/recovery-codes/', submission.value)
    return data({ intent, recovery_codes: fresh.recovery_codes, saved_intent: 'recovery_saved' as const })
  } catch (error) {
    const failed = apiError(error, ['code'], t('errors.generic'))
    const fieldErrors = Object.keys(failed.fieldErrors).length ? failed.fieldErrors : { code: [failed.detail] }
    return adminFailure(submission, { intent, toast: failed.detail, status: failed.status, fieldErrors })
  }
}

/** Replacing the recovery codes (My account): the code form, then "I saved them"; `done` answers the last step. */
export function recoveryActions(context: Context, done: () => Response | Promise<Response>) {
  return {
    recovery_regenerate: (form: FormData) => regenerate(context, form),
    recovery_saved: (form: FormData) => codesSaved(context, form, done, 'recovery_saved'),
  }
}

/** The set-up's forms by `intent`, for `byIntent`; `done` answers the last step. */
export function secondFactorActions(context: Context, done: () => Response | Promise<Response>) {
  return {
    totp_start: () => start(context),
    totp_confirm: (form: FormData) => confirm(context, form),
    codes_saved: (form: FormData) => codesSaved(context, form, done),
  }
}
