import { redirect } from 'react-router'
import { RouteErrorBoundary } from '#app/components/error-boundary.tsx'
import { DeleteAccountForm } from '#app/components/profile/delete-account.tsx'
import { apiClientContext } from '#app/utils/api-client.server.ts'
import { requestLang, signOut } from '#app/utils/auth.server.ts'
import { flash } from '#app/utils/flash.server.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import type { Route } from './+types/delete'

/** GET: the confirmation as a page (the modal of the settings page without JavaScript). */
export async function loader({ context }: Route.LoaderArgs) {
  return { lang: requestLang(context), title: serverT(context, 'profile')('delete.title') }
}

/** POST: deletes the account at the API (personal data erased, orders kept anonymised), ends the session, goes home. */
export async function action({ context }: Route.ActionArgs) {
  const lang = requestLang(context)
  await context.get(apiClientContext).send('DELETE', 'account/delete/')
  await signOut(context)
  flash(context, { type: 'info', message: serverT(context, 'profile')('delete.done') })
  return redirect(`/${lang}`)
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: 'robots', content: 'noindex' },
]

export default function DeleteAccountPage({ loaderData: { lang, title } }: Route.ComponentProps) {
  return (
    <main id="main" className="container auth-page auth-page--narrow">
      <h1 className="auth-page__title">{title}</h1>
      <DeleteAccountForm lang={lang} />
    </main>
  )
}

export const ErrorBoundary = RouteErrorBoundary
