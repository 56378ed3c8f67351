import { redirect } from 'react-router'
import { RouteErrorBoundary } from '#app/components/error-boundary.tsx'
import { DeleteAccountForm } from '#app/components/profile/delete-account.tsx'
import { apiClientContext } from '#app/utils/api-client.server.ts'
import { requestLang, signOut } from '#app/utils/auth.server.ts'
import { flash } from '#app/utils/flash.server.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { accountDeleteForm } from '#contract/account.ts'
import type { Route } from './+types/delete'
import { apiError, formFailure, parseForm } from './forms.server.ts'

/** GET: the confirmation as a page (the modal of the settings page without JavaScript). */
export async function loader({ context }: Route.LoaderArgs) {
  return { lang: requestLang(context), title: serverT(context, 'profile')('delete.title') }
}

/**
 * POST: only the confirmation's "Delete" button (`confirm=delete`) with the
 * password deletes the account at the API (personal data erased, orders kept
 * anonymised), ends the session and goes home; anything else is the page again.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const t = serverT(context, 'profile')
  const submission = parseForm(await request.formData(), accountDeleteForm)
  if (submission.status !== 'success') return formFailure(submission, { toast: t('delete.not_confirmed') })
  try {
    await context
      .get(apiClientContext)
      .send('DELETE', 'account/delete/', { confirm: true, password: submission.value.password })
  } catch (error) {
    const failed = apiError(error, ['password'], t('toast.generic'))
    return formFailure(submission, { toast: failed.firstError, status: failed.status, fieldErrors: failed.fieldErrors })
  }
  await signOut(context)
  flash(context, { type: 'info', message: t('delete.done') })
  return redirect(`/${requestLang(context)}`)
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: 'robots', content: 'noindex' },
]

export default function DeleteAccountPage({ loaderData: { lang, title }, actionData }: Route.ComponentProps) {
  return (
    <main id="main" className="container auth-page auth-page--narrow">
      <h1 className="auth-page__title">{title}</h1>
      <DeleteAccountForm lang={lang} answer={actionData} />
    </main>
  )
}

export const ErrorBoundary = RouteErrorBoundary
