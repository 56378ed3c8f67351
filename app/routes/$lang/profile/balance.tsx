import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { RouteErrorBoundary } from '#app/components/error-boundary.tsx'
import { ProfileShell } from '#app/components/profile/profile-shell.tsx'
import { apiClientContext } from '#app/utils/api-client.server.ts'
import { requestLang } from '#app/utils/auth.server.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { formatDate, formatMoney } from '#app/utils/money.ts'
import type { Route } from './+types/balance'

/** The cashback balance and its history, newest first (SPEC §2), ten entries a page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const page = Math.max(1, Math.min(1000, Number(new URL(request.url).searchParams.get('page')) || 1))
  const cashback = await context.get(apiClientContext).get('account/cashback/', { page, size: 10 })
  return { lang: requestLang(context), cashback, title: serverT(context, 'profile')('balance.title') }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: 'robots', content: 'noindex' },
]

const reasons = new Set(['spent', 'refund', 'earned', 'adjustment', 'edit', 'return'])

export default function BalancePage({ loaderData: { lang, cashback, title } }: Route.ComponentProps) {
  const { t } = useTranslation('profile')
  return (
    <ProfileShell lang={lang} title={title}>
      <p>{t('balance.label')}</p>
      <p className="profile-balance">{formatMoney(cashback.balance, lang)}</p>
      <p>{t('balance.explain')}</p>
      <h2>{t('balance.history')}</h2>
      {cashback.results.length ? (
        <table className="profile-history">
          <tbody>
            {cashback.results.map((entry) => (
              <tr key={entry.id}>
                <td>{formatDate(entry.created_at)}</td>
                <td>
                  {t(reasons.has(entry.reason) ? `balance.reason_${entry.reason}` : 'balance.reason_adjustment')}
                  {entry.order_id ? ` · ${t('balance.order', { id: entry.order_id })}` : ''}
                  {entry.note ? `: ${entry.note}` : ''}
                </td>
                <td>{`${entry.amount > 0 ? '+' : ''}${formatMoney(entry.amount, lang)}`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p>{t('balance.empty')}</p>
      )}
      {cashback.total_pages > 1 ? (
        <p className="profile-actions">
          {cashback.current_page > 1 ? (
            <Link to={`?page=${cashback.current_page - 1}`}>{t('balance.newer')}</Link>
          ) : null}
          {cashback.current_page < cashback.total_pages ? (
            <Link to={`?page=${cashback.current_page + 1}`}>{t('balance.older')}</Link>
          ) : null}
        </p>
      ) : null}
    </ProfileShell>
  )
}

export const ErrorBoundary = RouteErrorBoundary
