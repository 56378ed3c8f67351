import { getFormProps, useForm } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { Form, redirect, useNavigation } from 'react-router'
import type { StaffSession } from '#api/types.ts'
import { CodeField, FormMessage, PasswordField, PhoneField, TextField } from '#app/components/account/fields.tsx'
import type { ScriptsHandle } from '#app/components/deferred-scripts.tsx'
import { RouteErrorBoundary } from '#app/components/error-boundary.tsx'
import { staffSessionMiddleware } from '#app/middleware/admin.server.ts'
import { isApiError } from '#app/utils/api-errors.server.ts'
import { requestLang } from '#app/utils/auth.server.ts'
import { flash } from '#app/utils/flash.server.ts'
import type { FormFields } from '#app/utils/form-fields.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { safeRedirect } from '#app/utils/safe-redirect.ts'
import { getStaffSession, staffApi } from '#app/utils/staff-session.server.ts'
import { secondFactorSchema, staffLoginSchema } from '#contract/staff.ts'
import { AdminAuthFrame, type FormAnswer } from './+shared/forms.tsx'
import { adminHome } from './+shared/staff.ts'
import type { Route } from './+types/login'
import { adminFailure, apiError, apiFailure, byIntent, parseForm } from './forms.server.ts'

// Scripts on `load`, not at the first touch (decision 007): the back office is a working desk, not a landing page.
export const handle: ScriptsHandle = { hydrate: 'on-load' }

export const middleware: Route.MiddlewareFunction[] = [staffSessionMiddleware]

/**
 * Where to go once signed in: `redirectTo` when it is a back-office page,
 * else `home` (the first section the role may use, once it is known).
 */
function target(request: Request, formData: FormData | null, home: string) {
  const requested = formData?.get('redirectTo') ?? new URL(request.url).searchParams.get('redirectTo')
  const to = safeRedirect(requested, home)
  return /^\/(uz|sr|ru)\/admin(\/|\?|$)/.test(to) && !/^\/\w+\/admin\/(login|logout|setup)/.test(to) ? to : home
}

/** The second step is open while its challenge lives (5 minutes at the API). */
function openChallenge(context: Route.LoaderArgs['context']) {
  const session = getStaffSession(context)
  const challenge = session.get('challenge')
  if (challenge && Date.parse(challenge.expires_at) > Date.now()) return challenge
  if (challenge) session.set('challenge', null)
  return null
}

export function loader({ request, context }: Route.LoaderArgs) {
  const lang = requestLang(context)
  // Signed in already: the layout checks the session (and sends back here if it ended).
  if (getStaffSession(context).get('token')) throw redirect(target(request, null, `/${lang}/admin`))
  const step = openChallenge(context) ? 'second_factor' : 'password'
  return { lang, step, redirectTo: target(request, null, ''), title: serverT(context, 'admin')('sign_in.title') }
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData()
  const lang = requestLang(context)
  const t = serverT(context, 'admin')
  const session = getStaffSession(context)
  const signedIn = (answer: StaffSession) => {
    session.set('challenge', null)
    session.set('token', answer.token)
    if (answer.staff.setup_required) return redirect(`/${lang}/admin/setup`)
    flash(context, { type: 'success', message: t('sign_in.welcome', { name: answer.staff.name }) })
    // Straight to the page: a redirect through /{lang}/admin would spend the flash on a redirect.
    return redirect(target(request, formData, adminHome(lang, answer.staff)))
  }

  return byIntent(formData, {
    restart: () => {
      session.set('challenge', null)
      return redirect(`/${lang}/admin/login`)
    },
    second_factor: async () => {
      const intent = 'second_factor'
      const challenge = openChallenge(context)
      if (!challenge) {
        flash(context, { type: 'error', message: t('sign_in.challenge_expired') })
        return redirect(`/${lang}/admin/login`)
      }
      // The challenge travels in the cookie, never in the page: the shared schema sees it added here.
      const body = new FormData()
      for (const [key, value] of formData) body.append(key, value)
      body.set('challenge', challenge.token)
      const submission = parseForm(body, secondFactorSchema)
      if (submission.status !== 'success') {
        const fieldErrors = submission.error?.code?.includes('admin_second_factor_one')
          ? { code: [t('sign_in.code_or_recovery')] }
          : undefined
        return adminFailure(submission, { intent, toast: t('sign_in.code_invalid'), fieldErrors })
      }
      try {
        const answer = await staffApi(context)
          .withAuth('none')
          .send('POST', 'admin/auth/second-factor/', submission.value)
        return signedIn(answer)
      } catch (error) {
        if (isApiError(error, 401)) {
          // Expired, spent or too many wrong codes: the first step again.
          session.set('challenge', null)
          flash(context, { type: 'error', message: error.body.detail || t('sign_in.challenge_expired') })
          return redirect(`/${lang}/admin/login`)
        }
        const failed = apiError(error, ['code', 'recovery_code'], t('errors.generic'))
        const fieldErrors = Object.keys(failed.fieldErrors).length ? failed.fieldErrors : { code: [failed.detail] }
        return adminFailure(submission, { intent, toast: failed.detail, status: failed.status, fieldErrors })
      }
    },
    login: async () => {
      const intent = 'login'
      const submission = parseForm(formData, staffLoginSchema)
      if (submission.status !== 'success') return adminFailure(submission, { intent, toast: t('errors.fill_form') })
      try {
        const answer = await staffApi(context).withAuth('none').send('POST', 'admin/auth/login/', submission.value)
        if ('second_factor_required' in answer) {
          session.set('challenge', { token: answer.challenge, expires_at: answer.expires_at })
          return redirect(`/${lang}/admin/login${redirectQuery(target(request, formData, ''))}`)
        }
        return signedIn(answer)
      } catch (error) {
        // Wrong phone or password (both flagged), a disabled account, or too many tries (the wait in the text).
        return apiFailure(submission, intent, error, ['phone', 'password'], t('errors.generic'))
      }
    },
  })
}

const redirectQuery = (to: string) => (to ? `?redirectTo=${encodeURIComponent(to)}` : '')

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function AdminLoginPage({ loaderData, actionData }: Route.ComponentProps) {
  const { lang, step, redirectTo } = loaderData
  const { t } = useTranslation('admin')
  const answer = actionData
  return (
    <AdminAuthFrame
      lang={lang}
      title={step === 'second_factor' ? t('sign_in.second_factor_title') : t('sign_in.title')}
    >
      {step === 'second_factor' ? (
        <SecondFactorForm redirectTo={redirectTo} answer={answer} />
      ) : (
        <PasswordForm redirectTo={redirectTo} answer={answer} />
      )}
    </AdminAuthFrame>
  )
}

function PasswordForm({ redirectTo, answer }: { redirectTo: string; answer?: FormAnswer }) {
  const { t } = useTranslation('admin')
  const busy = useNavigation().state === 'submitting'
  const [form, fields] = useForm<FormFields<typeof staffLoginSchema>>({
    id: 'admin-login',
    lastResult: answer?.intent === 'login' ? answer.result : undefined,
    shouldValidate: 'onSubmit',
  })
  return (
    <Form method="post" className="auth-form" {...getFormProps(form)}>
      <FormMessage toast={answer?.toast} />
      <input type="hidden" name="intent" value="login" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <PhoneField field={fields.phone} label={t('fields.phone')} autoFocus />
      <PasswordField field={fields.password} label={t('fields.password')} autoComplete="current-password" />
      <button type="submit" className="button button--block" disabled={busy}>
        {t('sign_in.submit')}
      </button>
    </Form>
  )
}

function SecondFactorForm({ redirectTo, answer }: { redirectTo: string; answer?: FormAnswer }) {
  const { t } = useTranslation('admin')
  const busy = useNavigation().state === 'submitting'
  const [form, fields] = useForm<FormFields<typeof secondFactorSchema>>({
    id: 'admin-second-factor',
    lastResult: answer?.intent === 'second_factor' ? answer.result : undefined,
    shouldValidate: 'onSubmit',
  })
  return (
    <>
      <p>{t('sign_in.second_factor_text')}</p>
      <Form method="post" className="auth-form" {...getFormProps(form)}>
        <FormMessage toast={answer?.toast} />
        <input type="hidden" name="intent" value="second_factor" />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <CodeField field={fields.code} label={t('fields.totp_code')} autoFocus />
        <details className="admin-details" open={Boolean(fields.recovery_code.errors?.length)}>
          <summary>{t('sign_in.use_recovery')}</summary>
          <TextField field={fields.recovery_code} label={t('fields.recovery_code')} autoComplete="off" />
        </details>
        <button type="submit" className="button button--block" disabled={busy}>
          {t('sign_in.confirm')}
        </button>
      </Form>
      <Form method="post" className="admin-inline-form">
        <input type="hidden" name="intent" value="restart" />
        <button type="submit" className="admin-link-button">
          {t('sign_in.restart')}
        </button>
      </Form>
    </>
  )
}

export const ErrorBoundary = RouteErrorBoundary
