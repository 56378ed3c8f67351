import { useTranslation } from 'react-i18next'
import { redirect } from 'react-router'
import { AuthPage } from '#app/components/account/auth-page.tsx'
import { RegisterFlow } from '#app/components/account/register-flow.tsx'
import { RouteErrorBoundary } from '#app/components/error-boundary.tsx'
import { isApiError, refusesField } from '#app/utils/api-errors.server.ts'
import { getUser, signIn } from '#app/utils/auth.server.ts'
import { serverT } from '#app/utils/i18n.server.ts'

import { getSession } from '#app/utils/session.server.ts'
import { registrationPasswordForm, registrationStartForm } from '#contract/account.ts'
import type { Route } from './+types/register'
import { registrationStep } from './auth-flow-state.server.ts'
import { redirectTarget } from './auth-redirect.server.ts'
import { type StepFlow, stepFlowAction } from './auth-step-flow.server.ts'

export async function loader({ request, context }: Route.LoaderArgs) {
  const { lang, redirectTo } = redirectTarget(request, context)
  const title = serverT(context, 'account')('register.meta_title')
  const signedIn = Boolean(await getUser(context))
  // Step 4 is the page a new customer lands on, signed in; otherwise the signed-in have nothing to do here.
  if (signedIn && new URL(request.url).searchParams.get('step') === 'done')
    return { lang, redirectTo, title, state: { step: 'done' as const } }
  if (signedIn) throw redirect(redirectTo)
  return { lang, redirectTo, title, state: registrationStep(getSession(context).get('registration')) }
}

/** Registration: name and phone, a code from registration/entrypoint/, a signature, the account. */
const registration: StepFlow<'registration'> = {
  key: 'registration',
  view: 'register',
  step: registrationStep,
  start: registrationStartForm,
  // The API answers with the session the code belongs to.
  sendCode: async (api, { full_name, phone }) => {
    const { session } = await api.send('POST', 'account/registration/entrypoint/', { phone })
    return { full_name, phone, session, sentAt: Date.now() }
  },
  typed: ({ full_name, phone }) => ({ full_name, phone }),
  // The session lost its registration (expired, another tab finished it): step 1 from scratch.
  startAgainKeepsTyped: false,
  // "Registration entry failure: detail shown, phone flagged" (SPEC §8).
  flagPhone: true,
  codeSent: (state) => Boolean(state.session),
  verifyCode: async (api, code, current) => {
    const { signature } = await api.send('POST', 'account/registration/verify/', {
      code,
      phone: current.phone,
      session: current.session,
    })
    return { ...current, signature }
  },
  refusalText: 'detail',
  password: {
    schema: registrationPasswordForm,
    field: 'password',
    ready: (state) => Boolean(state.signature),
    send: async ({ api, context }, { password, password_confirm }, current) => {
      const { token } = await api.send('POST', 'account/registration/register/', {
        full_name: current.full_name,
        signature: current.signature,
        password,
        password_confirm,
      })
      signIn(context, token)
    },
    // A used or expired signature, or the phone taken meanwhile: only step 1 can help.
    refused: (error, { t, keep, fail, now }, submission, current) => {
      if (!(isApiError(error, 409) || refusesField(error, 'signature'))) return
      keep({ full_name: current.full_name, phone: current.phone })
      return fail(submission, { toast: error.body.detail || t('toast.generic'), status: error.status, state: now() })
    },
    doneToast: 'toast.register_success',
    signsIn: true,
    landsOn: 'done-step',
  },
}

export const action = (args: Route.ActionArgs) => stepFlowAction(args, registration)

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
