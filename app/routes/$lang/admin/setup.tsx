import { useTranslation } from 'react-i18next'
import { Link, redirect } from 'react-router'
import type { ScriptsHandle } from '#app/components/deferred-scripts.tsx'
import { RouteErrorBoundary } from '#app/components/error-boundary.tsx'
import { adminLoginPath, staffSessionMiddleware } from '#app/middleware/admin.server.ts'
import { ApiResponseError } from '#app/utils/api-client.server.ts'
import { requestLang } from '#app/utils/auth.server.ts'
import { flash } from '#app/utils/flash.server.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { getStaffSession, staffApi } from '#app/utils/staff-session.server.ts'
import { AdminAuthFrame } from './+shared/forms.tsx'
import { PasswordChangeForm } from './+shared/password-form.tsx'
import { type SecondFactorAnswer, SecondFactorSetup } from './+shared/second-factor.tsx'
import { adminHome, type StaffMe } from './+shared/staff.ts'
import type { Route } from './+types/setup'

import { byIntent } from './forms.server.ts'
import { changePassword } from './password.server.ts'
import { secondFactorActions } from './second-factor.server.ts'

// Scripts on `load`, not at the first touch (decision 007): the back office is a working desk, not a landing page.
export const handle: ScriptsHandle = { hydrate: 'on-load' }

export const middleware: Route.MiddlewareFunction[] = [staffSessionMiddleware]

/** The signed-in staff member, set-up unfinished or not; without a session, the sign-in page. */
async function me(context: Route.LoaderArgs['context']) {
  const lang = requestLang(context)
  const session = getStaffSession(context)
  if (!session.get('token')) throw redirect(adminLoginPath(lang))
  try {
    return await staffApi(context).get('admin/me/')
  } catch (error) {
    if (error instanceof ApiResponseError && error.status === 401) {
      session.clear()
      throw redirect(adminLoginPath(lang))
    }
    throw error
  }
}

/**
 * What the account must do before the back office opens: change the
 * one-time password, then (in a live shop) set up the authenticator. Once
 * done the page says so rather than redirecting, so the recovery codes
 * answered by the last step stay on the screen until they are saved.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const staff = await me(context)
  const t = serverT(context, 'admin')
  return { lang: requestLang(context), step: staff.setup_required ?? 'done', title: t('setup.title') }
}

export async function action({ request, context }: Route.ActionArgs) {
  await me(context)
  const lang = requestLang(context)
  const t = serverT(context, 'admin')
  const done = (message: string, staff: StaffMe) => {
    flash(context, { type: 'success', message })
    return redirect(adminHome(lang, staff))
  }
  return byIntent(await request.formData(), {
    // The set-up's last step: the recovery codes are saved, the back office opens.
    ...secondFactorActions(context, async () => done(t('second_factor.done'), await me(context))),
    password: (f) =>
      changePassword(context, f, (staff) =>
        staff.setup_required ? redirect(`/${lang}/admin/setup`) : done(t('password.changed'), staff),
      ),
  })
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function AdminSetupPage({ loaderData: { lang, step, title }, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('admin')
  const answer: SecondFactorAnswer | undefined = actionData
  return (
    <AdminAuthFrame lang={lang} title={title}>
      {step === 'password_change_required' ? (
        <>
          <p>{t('setup.password_text')}</p>
          <PasswordChangeForm answer={answer} oneTime />
        </>
      ) : step === 'second_factor_setup_required' || answer?.recovery_codes ? (
        <>
          <p>{t('setup.second_factor_text')}</p>
          <SecondFactorSetup answer={answer} />
        </>
      ) : (
        <>
          <p>{t('setup.done_text')}</p>
          <Link to={`/${lang}/admin`} className="button">
            {t('setup.open')}
          </Link>
        </>
      )}
      <form method="post" action={`/${lang}/admin/logout`} className="admin-inline-form">
        <button type="submit" className="admin-link-button">
          {t('shell.sign_out')}
        </button>
      </form>
    </AdminAuthFrame>
  )
}

export const ErrorBoundary = RouteErrorBoundary
