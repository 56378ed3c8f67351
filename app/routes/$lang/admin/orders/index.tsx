import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Pagination } from '#app/components/catalogue/pagination.tsx'
import { ApiResponseError, apiClientContext } from '#app/utils/api-client.server.ts'
import { requestLang } from '#app/utils/auth.server.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { getStaff, staffApi } from '#app/utils/staff-session.server.ts'
import { Delivery, PaymentMethod, PaymentStatus } from '#contract/orders.ts'
import { ExportLinks } from '../+shared/desk/stats-page.tsx'
import { staffLoad } from '../forms.server.ts'
import { type DeskFilters, deskSearch, parseDeskFilters } from './+shared/list-params.ts'
import { NewOrderAlert } from './+shared/new-order-alert.tsx'
import { OrderFilters } from './+shared/order-filters.tsx'
import { OrdersTable } from './+shared/orders-table.tsx'
import { StatusTabs } from './+shared/status-tabs.tsx'
import type { DeskOrderPage } from './+shared/types.ts'
import type { Route } from './+types/index'
import { pageError } from './desk.server.ts'
import '../+shared/desk/pages.css'
import './+shared/order-changes.css'

const emptyPage: DeskOrderPage = {
  results: [],
  total: 0,
  total_pages: 0,
  current_page: 1,
  links: { next: null, previous: null },
}

/** A filter the API refuses (a date it cannot read): its reason, or null for any other failure. */
const refusedFilter = (error: unknown) =>
  error instanceof ApiResponseError && error.status === 400 ? (error.body.detail ?? '') : null

/** The list of orders: newest first, paged, filtered and searched by the URL's query. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = requestLang(context)
  const filters = parseDeskFilters(new URL(request.url).searchParams)
  const { page, ...query } = filters
  const api = staffApi(context)
  const [orders, counts, regions] = await Promise.all([
    // A refused filter is said on the page, the form keeping what was typed.
    api
      .get('admin/orders/', { ...query, page })
      .then((list) => ({ list, problem: null }))
      .catch((error: unknown) => {
        const problem = refusedFilter(error)
        if (problem === null) throw pageError(error)
        return { list: emptyPage, problem }
      }),
    // The tabs count what the other filters leave (the counts ignore `status`).
    api.get('admin/orders/counts/', query).catch((error: unknown) => {
      if (refusedFilter(error) === null) throw pageError(error)
      return staffLoad(context, 'admin/orders/counts/')
    }),
    context
      .get(apiClientContext)
      .get('geo/regions/')
      .then((r) => r.results.map(({ code, name }) => ({ code, name }))),
  ])
  const choices = { payment_status: PaymentStatus, payment_method: PaymentMethod, delivery: Delivery }
  const me = getStaff(context)
  return {
    lang,
    filters,
    ...orders,
    counts,
    regions,
    choices,
    canTake: me.permissions.includes('orders.write'),
    title: serverT(context, 'admin-orders')('list.meta_title'),
  }
}

// The admin layout keeps every page out of caches and search engines; the title leads with the new orders.
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.counts.new ? `(${loaderData.counts.new}) ${loaderData.title}` : loaderData?.title },
]

export default function OrdersDesk({ loaderData }: Route.ComponentProps) {
  const { lang, filters, list, problem, counts, regions, choices, title, canTake } = loaderData
  const { t } = useTranslation('admin-orders')
  const base = `/${lang}/admin/orders`
  const href = (page: number) => `${base}${deskSearch(filters as DeskFilters, { page })}`
  return (
    <div className="desk-page">
      <div className="desk-heading">
        <h1>{t('list.title')}</h1>
        <NewOrderAlert
          initial={{ count: counts.new, latest: counts.latest_new_id }}
          title={title}
          countsHref={`${base}/counts`}
        />
        {canTake ? (
          <Link to={`${base}/new`} className="admin-button">
            {t('phone.take')}
          </Link>
        ) : null}
      </div>
      <StatusTabs base={base} filters={filters} counts={counts} />
      <OrderFilters base={base} filters={filters} regions={regions} statuses={counts.statuses} choices={choices} />
      {/* The accountant's export: the days filtered, or today. */}
      <ExportLinks lang={lang} from={filters.created_from} to={filters.created_to} />
      {problem ? (
        <p className="desk-error" role="alert">
          {t('list.bad_filter', { detail: problem })}
        </p>
      ) : null}
      <p className="desk-muted" aria-live="polite">
        {t('list.found', { count: list.total })}
      </p>
      {list.results.length ? <OrdersTable lang={lang} orders={list.results} /> : <p>{t('list.empty')}</p>}
      <Pagination page={list.current_page} totalPages={list.total_pages} href={href} />
    </div>
  )
}
