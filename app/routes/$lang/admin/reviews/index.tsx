import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Pagination } from '#app/components/catalogue/pagination.tsx'
import { requestLang } from '#app/utils/auth.server.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { formatDate, isoDate } from '#app/utils/money.ts'
import type { Moderation } from '../+shared/desk/types.ts'
import { TableHead } from '../+shared/table-head.tsx'
import { staffLoad } from '../forms.server.ts'

import type { Route } from './+types/index'
import '../+shared/desk/pages.css'
import '../+shared/desk/desk.css'

const states: Moderation[] = ['new', 'published', 'hidden']

/** The moderation queue: new reviews first by default, a tab per state (links: no JavaScript needed). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams
  const state = states.find((s) => s === params.get('state')) ?? (params.get('state') === 'all' ? null : 'new')
  const page = Math.max(1, Math.min(100_000, Number.parseInt(params.get('page') ?? '1', 10) || 1))
  const list = await staffLoad(context, 'admin/reviews/', {
    moderation: state ?? undefined,
    page,
    size: 20,
  })
  return { lang: requestLang(context), state, list, title: serverT(context, 'admin-desk')('reviews.meta_title') }
}

// The admin layout keeps every page out of caches and search engines.
export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function ReviewsQueue({ loaderData }: Route.ComponentProps) {
  const { lang, state, list } = loaderData
  const { t } = useTranslation('admin-desk')
  const base = `/${lang}/admin/reviews`
  const tabs = [
    ...states.map((s) => ({ value: s as string, label: t(`reviews.state_${s}`), count: list.counts[s] })),
    {
      value: 'all',
      label: t('reviews.all'),
      count: list.counts.new + list.counts.published + list.counts.hidden,
    },
  ]
  const current = state ?? 'all'
  return (
    <div className="desk-page">
      <div className="desk-heading">
        <h1>{t('reviews.title')}</h1>
      </div>
      <nav aria-label={t('reviews.tabs')} className="desk-tabs">
        <ul>
          {tabs.map((tab) => (
            <li key={tab.value}>
              <Link
                to={`${base}?state=${tab.value}`}
                className="desk-tabs__tab"
                aria-current={current === tab.value ? 'page' : undefined}
              >
                {tab.label} <span className="desk-tabs__count">{tab.count}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {list.results.length ? (
        <table className="desk-table">
          <TableHead
            caption={t('reviews.caption')}
            columns={(['product', 'rating', 'comment', 'author', 'date', 'state'] as const).map((key) =>
              t(`reviews.${key}`),
            )}
          />
          <tbody>
            {list.results.map((review) => (
              <tr key={review.id} className="desk-table__row">
                <th scope="row">
                  <Link to={`${base}/${review.id}`}>{t('reviews.open', { product: review.product.title })}</Link>
                </th>
                <td data-label={t('reviews.rating')}>{t('reviews.stars', { count: review.rating })}</td>
                <td data-label={t('reviews.comment')} className="desk-excerpt">
                  {review.comment ?? '—'}
                </td>
                <td data-label={t('reviews.author')}>{review.author.name}</td>
                <td data-label={t('reviews.date')}>
                  <time dateTime={isoDate(review.created_at)}>{formatDate(review.created_at)}</time>
                </td>
                <td data-label={t('reviews.state')}>
                  <span className={`desk-state desk-state--${review.moderation}`}>
                    {t(`reviews.is_${review.moderation}`)}
                  </span>
                  {review.reply ? <span className="desk-muted"> · {t('reviews.has_reply')}</span> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p>{t('reviews.empty')}</p>
      )}
      <Pagination
        page={list.current_page}
        totalPages={list.total_pages}
        href={(page) => `${base}?state=${current}&page=${page}`}
      />
    </div>
  )
}
