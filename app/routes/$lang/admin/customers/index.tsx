import { useTranslation } from 'react-i18next'
import { Form, Link } from 'react-router'
import { Pagination } from '#app/components/catalogue/pagination.tsx'
import { requestLang } from '#app/utils/auth.server.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { formatDate, formatMoney } from '#app/utils/money.ts'
import { AdminErrorBoundary } from '../+shared/admin-error.tsx'
import { adminPath } from '../+shared/staff.ts'
import { TableHead } from '../+shared/table-head.tsx'
import { staffLoad } from '../forms.server.ts'
import type { Route } from './+types/index'

import '../+shared/people/people.css'

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams
  const q = params.get('q')?.trim().slice(0, 100) ?? ''
  const page = Math.max(1, Math.min(1000, Number(params.get('page')) || 1))
  const list = await staffLoad(context, 'admin/customers/', { q: q || undefined, page, size: 30 })
  return { lang: requestLang(context), list, q, title: serverT(context, 'admin-customers')('title') }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function AdminCustomersPage({ loaderData: { lang, list, q, title } }: Route.ComponentProps) {
  const { t } = useTranslation('admin-customers')
  const pageLink = (page: number) => `?${new URLSearchParams({ q, page: String(page) })}`
  return (
    <section className="admin-page">
      <h1>{title}</h1>
      <Form method="get" className="people-search" role="search">
        <label className="field">
          <span className="field__label">{t('search')}</span>
          <input type="search" name="q" defaultValue={q} className="field__input" maxLength={100} />
        </label>
        <button type="submit" className="admin-button">
          {t('search_button')}
        </button>
      </Form>
      {list.results.length ? (
        <table className="admin-table">
          <TableHead
            caption={t('count', { count: list.total })}
            captionShown
            columns={[t('name'), t('phone'), t('registered'), t('orders'), t('balance'), t('state')]}
          />
          <tbody>
            {list.results.map((c) => (
              <tr key={c.id}>
                <td>
                  <Link to={adminPath(lang, `customers/${c.id}`)}>{c.name || `#${c.id}`}</Link>
                </td>
                <td data-label={t('phone')}>{c.phone}</td>
                <td data-label={t('registered')}>{formatDate(c.registered_at)}</td>
                <td data-label={t('orders')}>{c.orders_count}</td>
                <td data-label={t('balance')}>{formatMoney(c.cashback_balance, lang)}</td>
                <td data-label={t('state')}>
                  {c.blocked ? <span className="people-state people-state--paused">{t('blocked')}</span> : t('active')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="admin-muted">{t('empty')}</p>
      )}
      <Pagination page={list.current_page} totalPages={list.total_pages} href={pageLink} />
    </section>
  )
}

export const ErrorBoundary = AdminErrorBoundary
