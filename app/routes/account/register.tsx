import { useTranslation } from 'react-i18next'
import { redirect } from 'react-router'
import { z } from 'zod'
import { AuthPage } from '#app/components/account/auth-page.tsx'
import { authPath, Intent } from '#app/components/account/auth-types.ts'
import { RegisterFlow } from '#app/components/account/register-flow.tsx'
import { RouteErrorBoundary } from '#app/components/error-boundary.tsx'
import { ApiResponseError, apiClientContext } from '#app/lib/api.server.ts'
import { getUser, signIn } from '#app/lib/auth.server.ts'
import { type AuthTokens, getSession } from '#app/lib/session.server.ts'
import { codeForm, registrationPasswordForm, registrationStartForm } from '#app/lib/validation/index.ts'
import type { Route } from './+types/register'
import { registrationStep } from './flow-state.server.ts'
import { apiError, failure, formContext, parseForm, success, translator, validationToast } from './forms.server.ts'
import { passwordToast } from './password-toast.server.ts'
import { redirectTarget } from './redirect.server.ts'

export async function loader({ request, context }: Route.LoaderArgs) {
  const { lang, redirectTo } = redirectTarget(request, context)
  const title = translator(context)('register.meta_title')
  const signedIn = Boolean(await getUser(context))
  // Step 4 is the page a new customer lands on, signed in; otherwise the signed-in have nothing to do here.
  if (signedIn && new URL(request.url).searchParams.get('step') === 'done')
    return { lang, redirectTo, title, state: { step: 'done' as const } }
  if (signedIn) throw redirect(redirectTo)
  return { lang, redirectTo, title, state: registrationStep(getSession(context).get('registration')) }
}

const noFields = z.object({})

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData()
  const form = formContext(request, formData, context)
  const { t } = form
  const session = getSession(context)
  const current = session.get('registration')
  const api = context.get(apiClientContext).withAuth('none')
  const here = authPath(form.lang, 'register', form.redirectTo)
  const intent = String(formData.get('intent') ?? '')
  const generic = t('toast.generic')

  // The session lost its registration (expired, another tab finished it): back to step 1.
  const startAgain = () => {
    session.set('registration', null)
    return failure(parseForm(formData, noFields), {
      intent,
      toast: t('toast.start_again'),
      state: registrationStep(undefined),
    })
  }

  /** Step 1 and "resend": a code to the phone; the API answers with the session the code belongs to. */
  const sendCode = async (full_name: string, phone: string) => {
    const { session: codeSession } = await api.send<{ session: string }>('POST', 'account/registration/entrypoint/', {
      phone,
    })
    session.set('registration', { full_name, phone, session: codeSession, sentAt: Date.now() })
  }

  switch (intent) {
    case Intent.start: {
      const submission = parseForm(formData, registrationStartForm)
      if (submission.status !== 'success') return failure(submission, { intent, toast: validationToast(submission, t) })
      try {
        await sendCode(submission.value.full_name, submission.value.phone)
      } catch (error) {
        // "Registration entry failure: detail shown, phone flagged" (SPEC §8).
        const failed = apiError(error, ['phone'], generic)
        return failure(submission, {
          intent,
          toast: failed.detail,
          status: failed.status,
          fieldErrors: { phone: failed.fieldErrors.phone ?? [failed.detail] },
        })
      }
      return success(context, form, { to: here, state: registrationStep(session.get('registration')) })
    }

    case Intent.resend: {
      if (!current) return startAgain()
      try {
        await sendCode(current.full_name, current.phone)
      } catch (error) {
        const failed = apiError(error, [], generic)
        return failure(parseForm(formData, noFields), {
          intent,
          toast: failed.detail,
          status: failed.status,
          state: registrationStep(current),
        })
      }
      return success(context, form, {
        to: here,
        state: registrationStep(session.get('registration')),
        toast: { type: 'info', message: t('toast.code_sent') },
      })
    }

    case Intent.edit: {
      // Back to step 1 with the name and phone typed before.
      if (current) session.set('registration', { full_name: current.full_name, phone: current.phone })
      return success(context, form, { to: here, state: registrationStep(session.get('registration')) })
    }

    case Intent.verify: {
      if (!current?.session) return startAgain()
      const submission = parseForm(formData, codeForm)
      if (submission.status !== 'success')
        return failure(submission, {
          intent,
          toast: t('validation.invalid_code'),
          state: registrationStep(current),
        })
      try {
        const { signature } = await api.send<{ signature: string }>('POST', 'account/registration/verify/', {
          code: submission.value.code,
          phone: current.phone,
          session: current.session,
        })
        session.set('registration', { ...current, signature })
      } catch (error) {
        const failed = apiError(error, ['code'], generic)
        return failure(submission, {
          intent,
          toast: failed.detail,
          status: failed.status,
          fieldErrors: { code: failed.fieldErrors.code ?? [failed.detail] },
          state: registrationStep(current),
        })
      }
      return success(context, form, { to: here, state: registrationStep(session.get('registration')) })
    }

    case Intent.password: {
      if (!current?.signature) return startAgain()
      const submission = parseForm(formData, registrationPasswordForm)
      if (submission.status !== 'success')
        return failure(submission, {
          intent,
          toast: passwordToast(submission, t, 'password'),
          state: registrationStep(current),
        })
      try {
        const { token } = await api.send<{ token: AuthTokens }>('POST', 'account/registration/register/', {
          full_name: current.full_name,
          signature: current.signature,
          password: submission.value.password,
          password_confirm: submission.value.password_confirm,
        })
        signIn(context, token)
        session.set('registration', null)
      } catch (error) {
        // A used or expired signature, or the phone taken meanwhile: only step 1 can help.
        if (error instanceof ApiResponseError && (error.status === 409 || hasField(error, 'signature'))) {
          session.set('registration', { full_name: current.full_name, phone: current.phone })
          return failure(submission, {
            intent,
            toast: error.body.detail || generic,
            status: error.status,
            state: registrationStep(session.get('registration')),
          })
        }
        const failed = apiError(error, ['password', 'password_confirm'], generic)
        return failure(submission, {
          intent,
          toast: failed.detail,
          status: failed.status,
          fieldErrors: failed.fieldErrors,
          state: registrationStep(current),
        })
      }
      return success(context, form, {
        to: `/${form.lang}/register?step=done&redirectTo=${encodeURIComponent(form.redirectTo)}`,
        state: { step: 'done' },
        toast: { type: 'success', message: t('toast.register_success') },
      })
    }

    default:
      return redirect(here)
  }
}

function hasField(error: ApiResponseError, field: string) {
  return Boolean(error.body.errors?.some((item) => item.field === field))
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: 'robots', content: 'noindex' },
]

export default function RegisterPage({ loaderData: { lang, redirectTo, state } }: Route.ComponentProps) {
  const { t } = useTranslation('account')
  return (
    <AuthPage title={t('register.title')}>
      <RegisterFlow lang={lang} redirectTo={redirectTo} initial={state} />
    </AuthPage>
  )
}

export const ErrorBoundary = RouteErrorBoundary
