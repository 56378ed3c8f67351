import { useTranslation } from 'react-i18next'
import { data } from 'react-router'
import { AuthPage } from '#app/components/account/auth-page.tsx'
import { LoginForm } from '#app/components/account/login-form.tsx'
import { RouteErrorBoundary } from '#app/components/error-boundary.tsx'
import { TelegramLoginWidget } from '#app/components/telegram/login-widget.tsx'
import { apiClientContext } from '#app/utils/api-client.server.ts'
import { requireAnonymous, signIn } from '#app/utils/auth.server.ts'
import { apiError, failure, formContext, parseForm, success, validationToast } from '#app/utils/forms.server.ts'
import { catalogueHeaders, catalogueLoaderHeaders, signedOutPage } from '#app/utils/http-cache.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { loginWidgetBotName } from '#app/utils/telegram-mini-app.server.ts'
import { loginSchema } from '#contract/account.ts'
import type { Route } from './+types/login'
import { redirectTarget } from './auth-redirect.server.ts'

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAnonymous({ request, context })
  const { lang, redirectTo } = redirectTarget(request, context)
  const t = serverT(context, 'account')
  const telegramBot = loginWidgetBotName()
  return data(
    { lang, redirectTo, telegramBot, title: t('login.meta_title'), description: t('login.meta_description') },
    { headers: catalogueLoaderHeaders(request, lang) },
  )
}

// The same form for every signed-out shopper (a visitor's way to the checkout): kept by the page cache.
export const headers = catalogueHeaders
export const handle = signedOutPage

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData()
  const form = formContext(request, formData, context)
  const submission = parseForm(formData, loginSchema)
  if (submission.status !== 'success')
    return failure(submission, { intent: 'login', toast: validationToast(submission, form.t) })
  try {
    const tokens = await context.get(apiClientContext).withAuth('none').send('POST', 'auth/login/', submission.value)
    signIn(context, tokens)
  } catch (error) {
    const failed = apiError(error, ['password'], form.t('toast.generic'))
    // A wrong phone or password is said once, under the password, where the eye is after typing it (the
    // API flags both fields with the same words); too many tries or a service away: a toast.
    const wrong = failed.fieldErrors.password
    return failure(submission, {
      intent: 'login',
      toast: wrong ? undefined : failed.detail,
      status: failed.status,
      fieldErrors: wrong ? { password: wrong } : failed.fieldErrors,
    })
  }
  return success(context, form, {
    to: form.redirectTo,
    done: true,
    toast: { type: 'success', message: form.t('toast.login_success') },
  })
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: 'description', content: loaderData?.description },
  { name: 'robots', content: 'noindex' },
]

export default function LoginPage({ loaderData: { lang, redirectTo, telegramBot } }: Route.ComponentProps) {
  const { t } = useTranslation('account')
  return (
    <AuthPage title={t('login.title')}>
      <LoginForm lang={lang} redirectTo={redirectTo} />
      {telegramBot && <TelegramLoginWidget bot={telegramBot} lang={lang} />}
    </AuthPage>
  )
}

export const ErrorBoundary = RouteErrorBoundary
