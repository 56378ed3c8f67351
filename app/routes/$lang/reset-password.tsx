import { useTranslation } from 'react-i18next'
import { AuthPage } from '#app/components/account/auth-page.tsx'
import { ResetFlow } from '#app/components/account/reset-flow.tsx'
import { RouteErrorBoundary } from '#app/components/error-boundary.tsx'
import { type ApiClient, apiClientContext } from '#app/utils/api-client.server.ts'
import { isApiError } from '#app/utils/api-errors.server.ts'
import { signIn } from '#app/utils/auth.server.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { type AuthTokens, getSession } from '#app/utils/session.server.ts'
import { passwordAfterResetSchema, phoneOnlySchema } from '#contract/account.ts'
import type { Route } from './+types/reset-password'
import { resetStep } from './auth-flow-state.server.ts'
import { redirectTarget } from './auth-redirect.server.ts'
import { type StepFlow, stepFlowAction } from './auth-step-flow.server.ts'

export async function loader({ request, context }: Route.LoaderArgs) {
  const { lang, redirectTo } = redirectTarget(request, context)
  const title = serverT(context, 'account')('reset.meta_title')
  return { lang, redirectTo, title, state: resetStep(getSession(context).get('reset')) }
}

/** Password reset: the phone, a code signed by password-reset/, a short reset session, the new password, signed in. */
const reset: StepFlow<'reset'> = {
  key: 'reset',
  view: 'reset',
  step: resetStep,
  start: phoneOnlySchema,
  // The API answers alike whether or not the phone has an account.
  sendCode: async (api, { phone }) => {
    const { signature } = await api.send('POST', 'account/password-reset/', { phone })
    return { phone, signature, sentAt: Date.now() }
  },
  typed: ({ phone }) => ({ phone }),
  startAgainKeepsTyped: true,
  // "Reset phone failure: toast with detail or 'an error occurred'" (SPEC §8).
  flagPhone: false,
  leave: (api, current) => endResetSession(api, current?.tokens),
  codeSent: (state) => Boolean(state.signature),
  verifyCode: async (api, code, current) => {
    const tokens = await api.send('POST', 'account/password-reset/verify/', {
      code,
      signature: current.signature,
    })
    return { ...current, tokens }
  },
  // "Reset verify failure: first message from the errors list, else generic; code field flagged."
  refusalText: 'firstError',
  password: {
    schema: passwordAfterResetSchema,
    field: 'new_password',
    ready: (state) => Boolean(state.tokens),
    send: async ({ context }, values, current) => {
      const tokens = current.tokens as AuthTokens // `ready` saw them
      await context
        .get(apiClientContext)
        .withAuth({ bearer: tokens.access })
        .send('PUT', 'account/password-change-after-reset/', values)
      // The API has made the reset session an ordinary one (and ended every other): the shopper proved the
      // phone and chose the password, so they stay signed in with it.
      signIn(context, tokens)
    },
    // The 15-minute reset session ended: ask for a new code.
    refused: async (error, { api, t, startAgain }, _submission, current) => {
      if (!isApiError(error, 401, 403)) return
      await endResetSession(api, current.tokens)
      return startAgain(error.body.detail || t('toast.start_again'))
    },
    doneToast: 'toast.password_reset_signed_in',
    signsIn: true,
    landsOn: 'back',
  },
}

export const action = (args: Route.ActionArgs) => stepFlowAction(args, reset)

async function endResetSession(api: ApiClient, tokens?: AuthTokens) {
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
