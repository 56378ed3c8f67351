import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import { useAuthDialog } from '#app/components/account/auth-dialog.tsx'
import { authPath } from '#app/components/account/auth-types.ts'
import { RouteErrorBoundary } from '#app/components/error-boundary.tsx'
import { requestLang, requireUser } from '#app/lib/auth.server.ts'
import { formatMoney } from '#app/lib/money.ts'
import { formatPhone } from '#app/lib/validation/index.ts'
import type { Route } from './+types/profile'
import { translator } from './forms.server.ts'

/** The profile overview (SPEC §2): signed-in customers only. Its children arrive with later work. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser({ request, context })
  return { lang: requestLang(context), user, title: translator(context)('profile.meta_title') }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: 'robots', content: 'noindex' },
]

export default function ProfilePage({ loaderData: { lang, user } }: Route.ComponentProps) {
  const { t } = useTranslation('account')
  const dialog = useAuthDialog()
  const { pathname, search } = useLocation()
  const name = [user.full_name, user.surname].filter(Boolean).join(' ')
  return (
    <main id="main" className="container profile-page">
      <h1>{t('profile.title')}</h1>
      <dl className="profile-facts">
        <div>
          <dt>{t('profile.name')}</dt>
          <dd>{name}</dd>
        </div>
        <div>
          <dt>{t('profile.phone')}</dt>
          <dd>{formatPhone(user.phone)}</dd>
        </div>
        <div>
          <dt>{t('profile.cashback')}</dt>
          <dd>{formatMoney(user.cashback_balance, lang)}</dd>
        </div>
      </dl>
      <ul className="profile-links">
        <li>
          <Link to={`/${lang}/profile/settings`}>{t('menu.settings')}</Link>
        </li>
        <li>
          <Link to={`/${lang}/profile/cards`}>{t('menu.cards')}</Link>
        </li>
        <li>
          <Link
            to={authPath(lang, 'logout', `${pathname}${search}`)}
            onClick={(event) => {
              if (!dialog || event.metaKey || event.ctrlKey || event.shiftKey) return
              event.preventDefault()
              dialog.openLogout()
            }}
          >
            {t('menu.logout')}
          </Link>
        </li>
      </ul>
    </main>
  )
}

export const ErrorBoundary = RouteErrorBoundary
