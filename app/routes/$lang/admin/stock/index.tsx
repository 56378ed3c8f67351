import { useTranslation } from 'react-i18next'
import { Form, Link } from 'react-router'
import { Pagination } from '#app/components/catalogue/pagination.tsx'
import { requestLang } from '#app/utils/auth.server.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import type { Lang } from '#app/utils/i18n.ts'
import { formatMoney } from '#app/utils/money.ts'
import { EXPIRING_DAYS } from '../+shared/stock/schemas.ts'
import { CorrectionForm, SaleForm, type StockActionData } from '../+shared/stock/stock-forms.tsx'
import { TableHead } from '../+shared/table-head.tsx'
import { staffLoad } from '../forms.server.ts'
import type { ExpiringRow, StockRow } from './+shared/types.ts'
import type { Route } from './+types/index'
import { stockAction } from './stock.server.ts'
// The desk's lists (.desk-table: cards on a phone, a table on a desktop) are the orders desk's.
import '../+shared/desk/pages.css'
import '../+shared/stock/stock.css'

const PAGE_SIZE = 25

type Query = { tab: 'low' | 'expiring'; q: string; days: number; page: number }

function parseQuery(params: URLSearchParams): Query {
  const whole = (name: string, fallback: number, max: number) => {
    const n = Number.parseInt(params.get(name) ?? '', 10)
    return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback
  }
  return {
    tab: params.get('tab') === 'expiring' ? 'expiring' : 'low',
    q: (params.get('q') ?? '').trim().slice(0, 100),
    days: whole('days', EXPIRING_DAYS, 730),
    page: whole('page', 1, 100_000),
  }
}

const search = (query: Query, page = query.page) => {
  const params = new URLSearchParams()
  if (query.tab === 'expiring') {
    params.set('tab', 'expiring')
    params.set('days', String(query.days))
  } else if (query.q) params.set('q', query.q)
  if (page > 1) params.set('page', String(page))
  const text = params.toString()
  return text ? `?${text}` : ''
}

/** The warehouse's lists: products running low, batches about to expire. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = parseQuery(new URL(request.url).searchParams)
  const paging = { page: query.page, size: PAGE_SIZE }
  const low = query.tab === 'low' ? await staffLoad(context, 'admin/stock/low/', { ...paging, q: query.q }) : null
  const expiring =
    query.tab === 'expiring' ? await staffLoad(context, 'admin/stock/expiring/', { ...paging, days: query.days }) : null
  return { lang: requestLang(context), query, low, expiring, title: serverT(context, 'admin-stock')('list.meta_title') }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  // Back to the list as it was shown (React Router marks a post to an index route with `?index`).
  const shown = new URL(request.url).searchParams
  shown.delete('index')
  const search = shown.toString()
  return stockAction(request, context, `/${params.lang}/admin/stock${search ? `?${search}` : ''}`)
}

// The admin layout keeps every page out of caches and search engines.
export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function StockLists({ loaderData, actionData }: Route.ComponentProps) {
  const { lang, query, low, expiring } = loaderData
  const { t } = useTranslation('admin-stock')
  const base = `/${lang}/admin/stock`
  const list = low ?? expiring
  return (
    <div className="admin-page stock-page">
      <h1>{t('list.title')}</h1>
      <nav aria-label={t('list.tabs')} className="stock-tabs">
        <Link to={base} aria-current={query.tab === 'low' ? 'page' : undefined}>
          {t('list.low')}
        </Link>
        <Link
          to={`${base}?tab=expiring&days=${EXPIRING_DAYS}`}
          aria-current={query.tab === 'expiring' ? 'page' : undefined}
        >
          {t('list.expiring')}
        </Link>
      </nav>
      {query.tab === 'low' ? (
        <Form method="get" className="stock-filter" role="search">
          <label htmlFor="stock-q" className="visually-hidden">
            {t('list.search')}
          </label>
          <input
            id="stock-q"
            name="q"
            type="search"
            defaultValue={query.q}
            placeholder={t('list.search')}
            maxLength={100}
            className="field__input"
          />
          <button type="submit" className="admin-button">
            {t('list.search_button')}
          </button>
        </Form>
      ) : (
        <Form method="get" className="stock-filter">
          <input type="hidden" name="tab" value="expiring" />
          <label htmlFor="stock-days">{t('list.days')}</label>
          <input
            id="stock-days"
            name="days"
            type="number"
            min={1}
            max={730}
            defaultValue={query.days}
            className="field__input stock-filter__days"
          />
          <button type="submit" className="admin-button">
            {t('list.show')}
          </button>
        </Form>
      )}
      <p className="admin-muted" aria-live="polite">
        {t('list.found', { count: list?.total ?? 0 })}
      </p>
      {low ? <LowTable lang={lang} rows={low.results} actionData={actionData} /> : null}
      {expiring ? (
        <ExpiringTable lang={lang} rows={expiring.results} days={query.days} actionData={actionData} />
      ) : null}
      {list ? (
        <Pagination
          page={list.current_page}
          totalPages={list.total_pages}
          href={(page) => `${base}${search(query, page)}`}
        />
      ) : null}
    </div>
  )
}

function LowTable({ lang, rows, actionData }: { lang: Lang; rows: StockRow[]; actionData?: StockActionData }) {
  const { t } = useTranslation('admin-stock')
  if (!rows.length) return <p>{t('list.empty_low')}</p>
  return (
    <table className="desk-table stock-table">
      <TableHead
        caption={t('list.caption_low')}
        columns={[
          t('list.product'),
          t('list.stock'),
          t('list.threshold'),
          t('list.nearest_expiry'),
          t('list.quick_count'),
        ]}
      />
      <tbody>
        {rows.map((row) => (
          <tr key={row.id}>
            <th scope="row">
              <Link to={`/${lang}/admin/stock/${row.id}`}>{row.title}</Link>
              {row.sku ? <span className="admin-muted"> · {row.sku}</span> : null}
            </th>
            <td data-label={t('list.stock')} className={row.stock === 0 ? 'stock-empty' : undefined}>
              {row.stock}
            </td>
            <td data-label={t('list.threshold')}>{row.low_stock_threshold}</td>
            <td data-label={t('list.nearest_expiry')}>{row.nearest_expiry ?? t('list.no_expiry')}</td>
            <td>
              <CorrectionForm productId={row.id} title={row.title} seen={row.stock} actionData={actionData} compact />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function ExpiringTable({
  lang,
  rows,
  days,
  actionData,
}: {
  lang: Lang
  rows: ExpiringRow[]
  days: number
  actionData?: StockActionData
}) {
  const { t } = useTranslation('admin-stock')
  if (!rows.length) return <p>{t('list.empty_expiring')}</p>
  return (
    <table className="desk-table stock-table">
      <TableHead
        caption={t('list.caption_expiring')}
        columns={[t('list.product'), t('list.expires'), t('list.quantity'), t('list.price'), t('forms.sale')]}
      />
      <tbody>
        {rows.map(({ batch, product, days_left }) => (
          <tr key={batch.id}>
            <th scope="row">
              <Link to={`/${lang}/admin/stock/${product.id}`}>{product.title}</Link>
            </th>
            <td data-label={t('list.expires')} className={days_left < 0 ? 'stock-empty' : undefined}>
              {batch.expires_on} ({days_left < 0 ? t('list.expired') : `${t('list.days_left')}: ${days_left}`})
            </td>
            <td data-label={t('list.quantity')}>
              {batch.quantity} / {product.stock}
            </td>
            <td data-label={t('list.price')}>
              {product.sale_price ? (
                <>
                  <del>{formatMoney(product.price, lang)}</del> {formatMoney(product.sale_price, lang)}
                </>
              ) : (
                formatMoney(product.price, lang)
              )}
            </td>
            <td>
              <SaleForm
                productId={product.id}
                title={product.title}
                days={days}
                batchId={batch.id}
                actionData={actionData}
              />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
