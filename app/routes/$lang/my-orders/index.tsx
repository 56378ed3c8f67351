import { useTranslation } from 'react-i18next'
import { data, Link } from 'react-router'
import { RouteErrorBoundary } from '#app/components/error-boundary.tsx'
import { OrderCard } from '#app/components/orders/order-card.tsx'
import { apiClientContext } from '#app/utils/api-client.server.ts'
import { requestLang } from '#app/utils/auth.server.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { personal } from '#app/utils/orders.server.ts'
import type { Route } from './+types/index'

// docs/orders-and-payments.md "Order states": active are SPEC's 3, 4, 5 and 1, an order still to be paid (it has a "pay" action
// and is cancelled if left unpaid, so it must not be missing here); history delivered and cancelled.
const tabs = { active: '1,3,4,5', history: '6,2' } as const
type Tab = keyof typeof tabs
const PAGE_SIZE = 12

/** /my-orders (active) and /my-orders/history: the same page, two tabs. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const tab: Tab = url.pathname.replace(/\/$/, '').endsWith('/history') ? 'history' : 'active'
  const page = Math.max(1, Math.min(1000, Number(url.searchParams.get('page')) || 1))
  const orders = await context.get(apiClientContext).get('orders/', { status__in: tabs[tab], page, size: PAGE_SIZE })
  const t = serverT(context, 'orders')
  return data({ lang: requestLang(context), tab, orders, title: t('list.meta_title') }, { headers: personal })
}

export const headers = () => personal

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: 'robots', content: 'noindex' },
]

export default function MyOrdersPage({ loaderData: { lang, tab, orders } }: Route.ComponentProps) {
  const { t } = useTranslation('orders')
  const base = `/${lang}/my-orders`
  const hrefs: Record<Tab, string> = { active: base, history: `${base}/history` }
  return (
    <main id="main" className="container orders">
      <h1>{t('list.title')}</h1>
      <nav aria-label={t('list.tabs')}>
        <ul className="orders-tabs">
          {(Object.keys(tabs) as Tab[]).map((key) => (
            <li key={key}>
              <Link
                to={hrefs[key]}
                className={key === tab ? 'orders-tabs__tab orders-tabs__tab--current' : 'orders-tabs__tab'}
                aria-current={key === tab ? 'page' : undefined}
              >
                {t(`list.tab_${key}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {orders.results.length ? (
        <>
          <p className="orders__total">{t('list.total', { count: orders.total })}</p>
          <ul className="orders-list" aria-label={t(`list.tab_${tab}`)}>
            {orders.results.map((order) => (
              <li key={order.id}>
                <OrderCard lang={lang} order={order} />
              </li>
            ))}
          </ul>
        </>
      ) : (
        <div className="orders__empty">
          <p>{t(`list.empty_${tab}`)}</p>
          <Link to={`/${lang}/products`} className="button">
            {t('list.to_catalogue')}
          </Link>
        </div>
      )}
      {orders.total_pages > 1 ? (
        <nav className="orders-pages" aria-label={t('list.pages')}>
          {orders.current_page > 1 ? (
            <Link to={`${hrefs[tab]}?page=${orders.current_page - 1}`} rel="prev">
              {t('list.prev')}
            </Link>
          ) : null}
          <span>{t('list.page', { page: orders.current_page, pages: orders.total_pages })}</span>
          {orders.current_page < orders.total_pages ? (
            <Link to={`${hrefs[tab]}?page=${orders.current_page + 1}`} rel="next">
              {t('list.next')}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </main>
  )
}

export const ErrorBoundary = RouteErrorBoundary
