import { useTranslation } from 'react-i18next'
import { Form, Link } from 'react-router'
import { Pagination } from '#app/components/catalogue/pagination.tsx'
import { requestLang } from '#app/utils/auth.server.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { formatDate, isoDate } from '#app/utils/money.ts'
import type { InboxStatus } from '../+shared/desk/types.ts'
import { TableHead } from '../+shared/table-head.tsx'
import { staffLoad } from '../forms.server.ts'

import type { Route } from './+types/index'
import '../+shared/desk/pages.css'
import '../+shared/desk/desk.css'

const statuses: InboxStatus[] = ['new', 'in_progress', 'done']
const kinds = ['feedback', 'bug'] as const

/** The filters the URL holds (unknown values are left out rather than refused). */
function filtersOf(params: URLSearchParams) {
  return {
    status: statuses.find((s) => s === params.get('status')) ?? null,
    kind: kinds.find((k) => k === params.get('kind')) ?? null,
    unread: params.get('unread') === 'true',
    page: Math.max(1, Math.min(100_000, Number.parseInt(params.get('page') ?? '1', 10) || 1)),
  }
}
type Filters = ReturnType<typeof filtersOf>

const search = (f: Filters, change: Partial<Filters> = {}) => {
  const next = { ...f, page: 1, ...change }
  const q = new URLSearchParams()
  if (next.status) q.set('status', next.status)
  if (next.kind) q.set('kind', next.kind)
  if (next.unread) q.set('unread', 'true')
  if (next.page > 1) q.set('page', String(next.page))
  const s = q.toString()
  return s ? `?${s}` : ''
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const filters = filtersOf(new URL(request.url).searchParams)
  const list = await staffLoad(context, 'admin/inbox/', {
    status: filters.status ?? undefined,
    kind: filters.kind ?? undefined,
    unread: filters.unread ? 'true' : undefined,
    page: filters.page,
    size: 20,
  })
  return { lang: requestLang(context), filters, list, title: serverT(context, 'admin-desk')('inbox.meta_title') }
}

// The admin layout keeps every page out of caches and search engines.
export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function Inbox({ loaderData }: Route.ComponentProps) {
  const { lang, filters, list } = loaderData
  const { t } = useTranslation('admin-desk')
  const base = `/${lang}/admin/inbox`
  const tabs = [
    { value: null, label: t('inbox.all'), count: list.counts.new + list.counts.in_progress + list.counts.done },
    ...statuses.map((s) => ({ value: s, label: t(`inbox.status_${s}`), count: list.counts[s] })),
  ]
  return (
    <div className="desk-page">
      <div className="desk-heading">
        <h1>{t('inbox.title')}</h1>
        {list.counts.unread ? (
          <Link to={`${base}${search(filters, { unread: true })}`} className="desk-badge desk-badge--new">
            {t('inbox.unread_count', { count: list.counts.unread })}
          </Link>
        ) : null}
      </div>
      <nav aria-label={t('inbox.tabs')} className="desk-tabs">
        <ul>
          {tabs.map((tab) => (
            <li key={tab.value ?? 'all'}>
              <Link
                to={`${base}${search(filters, { status: tab.value })}`}
                className="desk-tabs__tab"
                aria-current={filters.status === tab.value ? 'page' : undefined}
              >
                {tab.label} <span className="desk-tabs__count">{tab.count}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Form method="get" action={base} className="admin-filters">
        {filters.status ? <input type="hidden" name="status" value={filters.status} /> : null}
        <div className="field">
          <label className="field__label" htmlFor="inbox-kind">
            {t('inbox.kind')}
          </label>
          <select id="inbox-kind" name="kind" className="field__input" defaultValue={filters.kind ?? ''}>
            <option value="">{t('inbox.kind_all')}</option>
            {kinds.map((k) => (
              <option key={k} value={k}>
                {t(`inbox.kind_${k}`)}
              </option>
            ))}
          </select>
        </div>
        <label className="admin-check">
          <input type="checkbox" name="unread" value="true" defaultChecked={filters.unread} /> {t('inbox.only_unread')}
        </label>
        <button type="submit" className="admin-button">
          {t('inbox.filter')}
        </button>
      </Form>
      {list.results.length ? (
        <table className="desk-table">
          <TableHead
            caption={t('inbox.caption')}
            columns={(['message', 'kind', 'sender', 'status', 'assignee', 'date'] as const).map((key) =>
              t(`inbox.${key}`),
            )}
          />
          <tbody>
            {list.results.map((m) => (
              <tr key={m.id} className={m.read ? 'desk-table__row' : 'desk-table__row desk-table__row--new'}>
                <th scope="row" className="desk-excerpt">
                  <Link to={`${base}/${m.id}`}>{m.excerpt}</Link>
                  {m.read ? null : <span className="desk-badge desk-badge--new">{t('inbox.unread')}</span>}
                </th>
                <td data-label={t('inbox.kind')}>{t(`inbox.kind_${m.kind}`)}</td>
                <td data-label={t('inbox.sender')}>{m.name ?? t('inbox.no_name')}</td>
                <td data-label={t('inbox.status')}>{t(`inbox.status_${m.status}`)}</td>
                <td data-label={t('inbox.assignee')}>{m.assignee?.name ?? '—'}</td>
                <td data-label={t('inbox.date')}>
                  <time dateTime={isoDate(m.created_at)}>{formatDate(m.created_at)}</time>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p>{t('inbox.empty')}</p>
      )}
      <Pagination
        page={list.current_page}
        totalPages={list.total_pages}
        href={(page) => `${base}${search(filters, { page })}`}
      />
    </div>
  )
}
