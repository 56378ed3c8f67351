import { useTranslation } from 'react-i18next'
import { redirect } from 'react-router'
import { z } from 'zod'
import { AuthPage } from '#app/components/account/auth-page.tsx'
import { authPath, Intent } from '#app/components/account/auth-types.ts'
import { ResetFlow } from '#app/components/account/reset-flow.tsx'
import { RouteErrorBoundary } from '#app/components/error-boundary.tsx'
import { ApiResponseError, apiClientContext } from '#app/lib/api.server.ts'
import { type AuthTokens, getSession } from '#app/lib/session.server.ts'
import { codeForm, passwordAfterResetSchema, phoneOnlySchema } from '#app/lib/validation/index.ts'
import type { Route } from './+types/reset-password'
import { resetStep } from './flow-state.server.ts'
import { apiError, failure, formContext, parseForm, success, translator, validationToast } from './forms.server.ts'
import { passwordToast } from './password-toast.server.ts'
import { redirectTarget } from './redirect.server.ts'

export async function loader({ request, context }: Route.LoaderArgs) {
  const { lang, redirectTo } = redirectTarget(request, context)
  const title = translator(context)('reset.meta_title')
  if (new URL(request.url).searchParams.get('step') === 'done')
    return { lang, redirectTo, title, state: { step: 'done' as const } }
  return { lang, redirectTo, title, state: resetStep(getSession(context).get('reset')) }
}

const noFields = z.object({})

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData()
  const form = formContext(request, formData, context)
  const { t } = form
  const session = getSession(context)
  const current = session.get('reset')
  const api = context.get(apiClientContext).withAuth('none')
  const here = authPath(form.lang, 'reset', form.redirectTo)
  const intent = String(formData.get('intent') ?? '')
  const generic = t('toast.generic')

  const startAgain = (toast = t('toast.start_again')) => {
    session.set('reset', current ? { phone: current.phone } : null)
    return failure(parseForm(formData, noFields), { intent, toast, state: resetStep(session.get('reset')) })
  }

  /** Step 1 and "resend". The API answers alike whether or not the phone has an account. */
  const sendCode = async (phone: string) => {
    const { signature } = await api.send<{ signature: string }>('POST', 'account/password-reset/', { phone })
    session.set('reset', { phone, signature, sentAt: Date.now() })
  }

  switch (intent) {
    case Intent.start: {
      const submission = parseForm(formData, phoneOnlySchema)
      if (submission.status !== 'success') return failure(submission, { intent, toast: validationToast(submission, t) })
      try {
        await sendCode(submission.value.phone)
      } catch (error) {
        // "Reset phone failure: toast with detail or 'an error occurred'" (SPEC §8).
        const failed = apiError(error, ['phone'], generic)
        return failure(submission, {
          intent,
          toast: failed.detail,
          status: failed.status,
          fieldErrors: failed.fieldErrors,
        })
      }
      return success(context, form, { to: here, state: resetStep(session.get('reset')) })
    }

    case Intent.resend: {
      if (!current) return startAgain()
      try {
        await sendCode(current.phone)
      } catch (error) {
        const failed = apiError(error, [], generic)
        return failure(parseForm(formData, noFields), {
          intent,
          toast: failed.detail,
          status: failed.status,
          state: resetStep(current),
        })
      }
      return success(context, form, {
        to: here,
        state: resetStep(session.get('reset')),
        toast: { type: 'info', message: t('toast.code_sent') },
      })
    }

    case Intent.edit: {
      await endResetSession(api, current?.tokens)
      session.set('reset', current ? { phone: current.phone } : null)
      return success(context, form, { to: here, state: resetStep(session.get('reset')) })
    }

    case Intent.verify: {
      if (!current?.signature) return startAgain()
      const submission = parseForm(formData, codeForm)
      if (submission.status !== 'success')
        return failure(submission, { intent, toast: t('validation.invalid_code'), state: resetStep(current) })
      try {
        const tokens = await api.send<AuthTokens>('POST', 'account/password-reset/verify/', {
          code: submission.value.code,
          signature: current.signature,
        })
        session.set('reset', { ...current, tokens })
      } catch (error) {
        // "Reset verify failure: first message from the errors list, else generic; code field flagged."
        const failed = apiError(error, ['code'], generic)
        return failure(submission, {
          intent,
          toast: failed.firstError,
          status: failed.status,
          fieldErrors: { code: failed.fieldErrors.code ?? [failed.firstError] },
          state: resetStep(current),
        })
      }
      return success(context, form, { to: here, state: resetStep(session.get('reset')) })
    }

    case Intent.password: {
      if (!current?.tokens) return startAgain()
      const submission = parseForm(formData, passwordAfterResetSchema)
      if (submission.status !== 'success')
        return failure(submission, {
          intent,
          toast: passwordToast(submission, t, 'new_password'),
          state: resetStep(current),
        })
      try {
        await context
          .get(apiClientContext)
          .withAuth({ bearer: current.tokens.access })
          .send('PUT', 'account/password-change-after-reset/', submission.value)
      } catch (error) {
        // The 15-minute reset session ended: ask for a new code.
        if (error instanceof ApiResponseError && (error.status === 401 || error.status === 403)) {
          await endResetSession(api, current.tokens)
          return startAgain(error.body.detail || t('toast.start_again'))
        }
        const failed = apiError(error, ['new_password', 'password_confirm'], generic)
        return failure(submission, {
          intent,
          toast: failed.firstError,
          status: failed.status,
          fieldErrors: failed.fieldErrors,
          state: resetStep(current),
        })
      }
      // The reset session has done its one job; the customer now signs in with the new password.
      await endResetSession(api, current.tokens)
      session.set('reset', null)
      return success(context, form, {
        to: `/${form.lang}/reset-password?step=done&redirectTo=${encodeURIComponent(form.redirectTo)}`,
        state: { step: 'done' },
        toast: { type: 'success', message: t('toast.password_changed') },
      })
    }

    default:
      return redirect(here)
  }
}

async function endResetSession(
  api: { send: (m: 'POST', p: string, b: unknown) => Promise<unknown> },
  tokens?: AuthTokens,
) {
  if (tokens) await api.send('POST', 'auth/logout/', { refresh: tokens.refresh }).catch(() => undefined)
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: 'robots', content: 'noindex' },
]

export default function ResetPasswordPage({ loaderData: { lang, redirectTo, state } }: Route.ComponentProps) {
  const { t } = useTranslation('account')
  return (
    <AuthPage title={t('reset.title')}>
      <ResetFlow lang={lang} redirectTo={redirectTo} initial={state} />
    </AuthPage>
  )
}

export const ErrorBoundary = RouteErrorBoundary
