import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { RouteErrorBoundary } from '#app/components/error-boundary.tsx'
import { DeleteAccount } from '#app/components/profile/delete-account.tsx'
import { ProfileShell } from '#app/components/profile/profile-shell.tsx'
import { requestLang } from '#app/utils/auth.server.ts'
import { serverT } from '#app/utils/i18n.server.ts'

import type { Route } from './+types/index'

export async function loader({ context }: Route.LoaderArgs) {
  return { lang: requestLang(context), title: serverT(context, 'profile')('settings.title') }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: 'robots', content: 'noindex' },
]

export default function SettingsPage({ loaderData: { lang, title } }: Route.ComponentProps) {
  const { t } = useTranslation('profile')
  return (
    <ProfileShell lang={lang} title={title}>
      <ul className="profile-links">
        <li>
          <Link to={`/${lang}/profile/settings/change-number`}>{t('change_number.title')}</Link>
        </li>
        <li>
          <Link to={`/${lang}/profile/settings/change-password`}>{t('change_password.title')}</Link>
        </li>
        <li>
          <Link to={`/${lang}/profile/terms-of-use`}>{t('terms.title')}</Link>
        </li>
        <li>
          <DeleteAccount lang={lang} />
        </li>
      </ul>
    </ProfileShell>
  )
}

export const ErrorBoundary = RouteErrorBoundary
