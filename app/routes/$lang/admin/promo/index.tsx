import { useTranslation } from 'react-i18next'
import { Form, Link } from 'react-router'
import { Pagination } from '#app/components/catalogue/pagination.tsx'
import { requestLang } from '#app/utils/auth.server.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { AdminErrorBoundary } from '../+shared/admin-error.tsx'
import { discountText, formatMoment } from '../+shared/people/promo-text.ts'
import { adminPath } from '../+shared/staff.ts'
import { TableHead } from '../+shared/table-head.tsx'
import { staffLoad } from '../forms.server.ts'
import type { Route } from './+types/index'

import '../+shared/people/people.css'

const states = ['active', 'scheduled', 'paused', 'expired', 'used_up'] as const

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams
  const q = params.get('q')?.trim().slice(0, 50) ?? ''
  const state = states.find((s) => s === params.get('state')) ?? ''
  const page = Math.max(1, Math.min(1000, Number(params.get('page')) || 1))
  const list = await staffLoad(context, 'admin/promo/', {
    q: q || undefined,
    state: state || undefined,
    page,
    size: 30,
  })
  return { lang: requestLang(context), list, q, state, title: serverT(context, 'admin-promo')('title') }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function AdminPromoListPage({ loaderData: { lang, list, q, state, title } }: Route.ComponentProps) {
  const { t } = useTranslation('admin-promo')
  const pageLink = (page: number) => `?${new URLSearchParams({ q, state, page: String(page) })}`
  return (
    <section className="admin-page">
      <div className="admin-page__head">
        <h1>{title}</h1>
        <Link to={adminPath(lang, 'promo/new')} className="button">
          {t('new')}
        </Link>
      </div>
      <Form method="get" className="people-search" role="search">
        <label className="field">
          <span className="field__label">{t('search')}</span>
          <input type="search" name="q" defaultValue={q} className="field__input" maxLength={50} />
        </label>
        <label className="field">
          <span className="field__label">{t('state')}</span>
          <select name="state" defaultValue={state} className="field__input">
            <option value="">{t('any_state')}</option>
            {states.map((s) => (
              <option key={s} value={s}>
                {t(`states.${s}`)}
              </option>
            ))}
          </select>
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
            columns={[t('fields.code'), t('discount'), t('state'), t('used'), t('dates')]}
          />
          <tbody>
            {list.results.map((promo) => (
              <tr key={promo.id}>
                <td>
                  <Link to={adminPath(lang, `promo/${promo.id}`)}>{promo.code}</Link>
                </td>
                <td data-label={t('discount')}>{discountText(promo, lang)}</td>
                <td data-label={t('state')}>
                  <span className={`people-state people-state--${promo.state}`}>{t(`states.${promo.state}`)}</span>
                </td>
                <td data-label={t('used')}>
                  {promo.usage_limit == null
                    ? promo.used_count
                    : t('used_of', { used: promo.used_count, limit: promo.usage_limit })}
                </td>
                <td data-label={t('dates')}>
                  {[
                    promo.valid_from ? t('from', { date: formatMoment(promo.valid_from) }) : '',
                    promo.valid_to ? t('to', { date: formatMoment(promo.valid_to) }) : '',
                  ]
                    .filter(Boolean)
                    .join(' ') || '—'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="admin-muted">{t('empty')}</p>
      )}
      <Pagination page={list.current_page} totalPages={list.total_pages} href={pageLink} />
      <section className="admin-card" aria-labelledby="cashback-rate">
        <h2 id="cashback-rate">{t('cashback_title')}</h2>
        <p>{t('cashback_rate', { rate: Math.round(list.cashback_rate * 10_000) / 100 })}</p>
      </section>
    </section>
  )
}

export const ErrorBoundary = AdminErrorBoundary
