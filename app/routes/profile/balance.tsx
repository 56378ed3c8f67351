import { useTranslation } from 'react-i18next'
import { RouteErrorBoundary } from '#app/components/error-boundary.tsx'
import { ProfileShell } from '#app/components/profile/profile-shell.tsx'
import { requestLang, requireUser } from '#app/lib/auth.server.ts'
import { formatMoney } from '#app/lib/money.ts'
import type { Route } from './+types/balance'
import { profileT } from './forms.server.ts'

/** The cashback balance (SPEC §2). Its history arrives with the orders API (`GET account/cashback/`). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser({ request, context })
  return { lang: requestLang(context), balance: user.cashback_balance, title: profileT(context)('balance.title') }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: 'robots', content: 'noindex' },
]

export default function BalancePage({ loaderData: { lang, balance, title } }: Route.ComponentProps) {
  const { t } = useTranslation('profile')
  return (
    <ProfileShell lang={lang} title={title}>
      <p>{t('balance.label')}</p>
      <p className="profile-balance">{formatMoney(balance, lang)}</p>
      <p>{t('balance.explain')}</p>
    </ProfileShell>
  )
}

export const ErrorBoundary = RouteErrorBoundary
