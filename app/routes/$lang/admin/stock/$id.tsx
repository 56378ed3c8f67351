import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Pagination } from '#app/components/catalogue/pagination.tsx'
import { requestLang } from '#app/utils/auth.server.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import type { Lang } from '#app/utils/i18n.ts'
import { pageId } from '#app/utils/ids.ts'
import { formatDate, formatMoney, isoDate } from '#app/utils/money.ts'
import { ArrivalForm, CorrectionForm } from '../+shared/stock/stock-forms.tsx'
import { TableHead } from '../+shared/table-head.tsx'
import { staffLoad } from '../forms.server.ts'
import type { StockMovement } from './+shared/types.ts'
import type { Route } from './+types/$id'
import { stockAction } from './stock.server.ts'
// The desk's lists (.desk-table: cards on a phone, a table on a desktop) are the orders desk's.
import '../+shared/desk/pages.css'
import '../+shared/stock/stock.css'

const PAGE_SIZE = 20

const productId = (id: string) => {
  // An id that is no number is the 404 page, as the API would answer.
  pageId(id)
  return Number(id)
}

/** One product's stock: its batches, an arrival, a count, and every movement with who and why. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const id = productId(params.id)
  const pageParam = Number.parseInt(new URL(request.url).searchParams.get('page') ?? '1', 10)
  const page = Number.isInteger(pageParam) && pageParam >= 1 ? Math.min(pageParam, 100_000) : 1
  const [product, movements] = await Promise.all([
    staffLoad(context, `admin/stock/products/${id}/`),
    staffLoad(context, `admin/stock/products/${id}/movements/`, { page, size: PAGE_SIZE }),
  ])
  return {
    lang: requestLang(context),
    product,
    movements,
    title: serverT(context, 'admin-stock')('product.meta_title', { title: product.title }),
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const id = productId(params.id)
  return stockAction(request, context, `/${params.lang}/admin/stock/${id}`, id)
}

// The admin layout keeps every page out of caches and search engines.
export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function StockProductPage({ loaderData, actionData }: Route.ComponentProps) {
  const { lang, product, movements } = loaderData
  const { t } = useTranslation('admin-stock')
  const sent = actionData
  return (
    <div className="admin-page stock-page">
      <p>
        <Link to={`/${lang}/admin/stock`}>{t('product.back')}</Link>
      </p>
      <h1>{product.title}</h1>
      <p className="stock-summary">
        <strong className={product.stock === 0 ? 'stock-empty' : undefined}>
          {t('product.stock', { count: product.stock })}
        </strong>
        {product.low ? <span className="admin-badge admin-badge--warn">{t('product.low')}</span> : null}
        {product.is_hidden ? <span className="admin-badge admin-badge--off">{t('product.hidden')}</span> : null}
      </p>
      <p className="admin-muted">
        {t('product.threshold', { count: product.low_stock_threshold })}{' '}
        {product.own_low_stock_threshold === null ? t('product.threshold_default') : null}
        {product.sku ? ` · ${product.sku}` : null}
        {' · '}
        <Link to={`/${lang}/products/${product.slug}`}>{formatMoney(product.price, lang)}</Link>
        {product.sale_price && product.sale_ends_at
          ? ` · ${t('product.sale', {
              price: formatMoney(product.sale_price, lang),
              date: formatDate(new Date(Date.parse(product.sale_ends_at) - 1)),
            })}`
          : null}
      </p>

      <div className="stock-columns">
        <section className="admin-card" aria-labelledby="stock-batches">
          <h2 id="stock-batches">{t('product.batches')}</h2>
          {product.batches.length ? (
            <ul className="stock-batches">
              {product.batches.map((b) => (
                <li key={b.id}>
                  <strong>{b.expires_on ?? t('product.no_date')}</strong> — {t('product.batch_quantity')}: {b.quantity}
                  <span className="admin-muted">
                    {' '}
                    · {t('product.batch_received')} {formatDate(b.received_at)}
                    {b.note ? ` · ${b.note}` : null}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="admin-muted">{t('product.batches_empty')}</p>
          )}
          {product.unbatched ? (
            <p className="admin-muted">{t('product.unbatched', { count: product.unbatched })}</p>
          ) : null}
        </section>
        <section className="admin-card" aria-labelledby="stock-count">
          <h2 id="stock-count">{t('forms.correction')}</h2>
          <CorrectionForm productId={product.id} title={product.title} seen={product.stock} actionData={sent} />
        </section>
        <section className="admin-card" aria-labelledby="stock-arrival">
          <h2 id="stock-arrival">{t('forms.arrival')}</h2>
          <ArrivalForm productId={product.id} stock={product.stock} actionData={sent} />
        </section>
      </div>

      <section aria-labelledby="stock-history">
        <h2 id="stock-history">{t('product.history')}</h2>
        <Movements lang={lang} rows={movements.results} />
        <Pagination
          page={movements.current_page}
          totalPages={movements.total_pages}
          href={(page) => `/${lang}/admin/stock/${product.id}${page > 1 ? `?page=${page}` : ''}`}
        />
      </section>
    </div>
  )
}

/** Who moved the stock, as a person reads it. */
function useWho() {
  const { t } = useTranslation('admin-stock')
  return (m: StockMovement) => {
    if (m.staff) return m.staff.name
    if (m.actor?.startsWith('customer:')) return t('product.customer')
    if (m.actor?.startsWith('key:')) return t('product.key')
    return t('product.shop')
  }
}

function Movements({ lang, rows }: { lang: Lang; rows: StockMovement[] }) {
  const { t } = useTranslation('admin-stock')
  const who = useWho()
  if (!rows.length) return <p className="admin-muted">{t('product.history_empty')}</p>
  return (
    <table className="desk-table stock-table">
      <TableHead
        caption={t('product.history')}
        columns={(['when', 'change', 'after', 'why', 'who', 'batch'] as const).map((key) => t(`product.${key}`))}
      />
      <tbody>
        {rows.map((m) => (
          <tr key={m.id}>
            <th scope="row">
              <time dateTime={isoDate(m.created_at)}>{formatDate(m.created_at)}</time>
            </th>
            <td
              data-label={t('product.change')}
              className={m.delta < 0 ? 'stock-delta stock-delta--out' : 'stock-delta'}
            >
              {m.delta > 0 ? `+${m.delta}` : `−${-m.delta}`}
            </td>
            <td data-label={t('product.after')}>{m.stock_after}</td>
            <td data-label={t('product.why')}>
              {t(`reasons.${m.reason}`)}
              {m.order ? (
                <>
                  {' · '}
                  <Link to={`/${lang}/admin/orders/${m.order.id}`}>
                    {t('product.order', { number: m.order.number })}
                  </Link>
                </>
              ) : null}
              {m.note ? <span className="admin-muted"> · {m.note}</span> : null}
            </td>
            <td data-label={t('product.who')}>{who(m)}</td>
            <td data-label={t('product.batch')}>{m.batch ? (m.batch.expires_on ?? t('product.no_date')) : '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
