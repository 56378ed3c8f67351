import { useTranslation } from 'react-i18next'
import { Form, Link, redirect } from 'react-router'
import { isPrivatePath } from '#app/components/account/auth-types.ts'
import { RouteErrorBoundary } from '#app/components/error-boundary.tsx'
import { getUser, requestLang, signOut } from '#app/utils/auth.server.ts'
import { flash } from '#app/utils/flash.server.ts'
import { serverT } from '#app/utils/i18n.server.ts'

import { safeRedirect } from '#app/utils/safe-redirect.ts'
import type { Route } from './+types/logout'
import { redirectTarget } from './auth-redirect.server.ts'

/** GET: the confirmation as a page (the logout modal without JavaScript). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { lang, redirectTo } = redirectTarget(request, context)
  if (!(await getUser(context))) throw redirect(redirectTo)
  return { lang, redirectTo, title: serverT(context, 'account')('logout.title') }
}

/**
 * POST: revokes the refresh token at the API, forgets the tokens, and goes
 * back, except from pages only a customer may see: those leave for home
 * (SPEC §4). Answering a signed-out visitor the same way keeps a second click harmless.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData()
  const lang = requestLang(context)
  const home = `/${lang}`
  const back = safeRedirect(formData.get('redirectTo') ?? new URL(request.url).searchParams.get('redirectTo'), home)
  const wasSignedIn = Boolean(await getUser(context))
  await signOut(context)
  if (wasSignedIn) flash(context, { type: 'info', message: serverT(context, 'account')('toast.logged_out') })
  return redirect(isPrivatePath(back) ? home : back)
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: 'robots', content: 'noindex' },
]

export default function LogoutPage({ loaderData: { redirectTo } }: Route.ComponentProps) {
  const { t } = useTranslation('account')
  return (
    <main id="main" className="container auth-page auth-page--narrow">
      <h1 className="auth-page__title">{t('logout.title')}</h1>
      <p>{t('logout.text')}</p>
      <Form method="post" className="confirm-actions">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Link className="button button--ghost" to={redirectTo}>
          {t('logout.cancel')}
        </Link>
        <button type="submit" className="button">
          {t('logout.submit')}
        </button>
      </Form>
    </main>
  )
}

export const ErrorBoundary = RouteErrorBoundary
