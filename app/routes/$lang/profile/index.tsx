import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { RouteErrorBoundary } from '#app/components/error-boundary.tsx'
import { Avatar } from '#app/components/profile/avatar.tsx'
import { ProfileShell } from '#app/components/profile/profile-shell.tsx'
import { requestLang, signedInUser } from '#app/utils/auth.server.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { formatMoney } from '#app/utils/money.ts'
import { formatPhone } from '#contract/phone-format.ts'
import type { Route } from './+types/index'

/** The profile overview (SPEC §2): photo, name, phones, cashback balance and the profile's pages. */
export async function loader({ context }: Route.LoaderArgs) {
  const user = signedInUser(context)
  return { lang: requestLang(context), user, title: serverT(context, 'profile')('overview.title') }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: 'robots', content: 'noindex' },
]

export default function ProfilePage({ loaderData: { lang, user, title } }: Route.ComponentProps) {
  const { t } = useTranslation('profile')
  const name = user.full_name
  return (
    <ProfileShell lang={lang} title={title}>
      <div className="profile-card">
        <Avatar user={user} />
        <div>
          <p className="profile-card__name">
            <strong>{name}</strong>
          </p>
          <Link to={`/${lang}/profile/edit`}>{t('overview.edit')}</Link>
        </div>
      </div>
      <dl className="profile-facts">
        <div>
          <dt>{t('fields.phone')}</dt>
          <dd>{formatPhone(user.phone)}</dd>
        </div>
        {user.extra_phone ? (
          <div>
            <dt>{t('fields.extra_phone')}</dt>
            <dd>{formatPhone(user.extra_phone)}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('balance.label')}</dt>
          <dd>
            <Link to={`/${lang}/profile/balance`}>{formatMoney(user.cashback_balance, lang)}</Link>
          </dd>
        </div>
      </dl>
      <ul className="profile-links">
        <li>
          <Link to={`/${lang}/my-orders`}>{t('links.orders')}</Link>
        </li>
        <li>
          <Link to={`/${lang}/profile/cards`}>{t('links.cards')}</Link>
        </li>
        <li>
          <Link to={`/${lang}/profile/settings`}>{t('nav.settings')}</Link>
        </li>
        <li>
          <Link to={`/${lang}/profile/help`}>{t('nav.help')}</Link>
        </li>
        <li>
          <Link to={`/${lang}/logout?redirectTo=${encodeURIComponent(`/${lang}/profile`)}`}>{t('links.logout')}</Link>
        </li>
      </ul>
    </ProfileShell>
  )
}

export const ErrorBoundary = RouteErrorBoundary
