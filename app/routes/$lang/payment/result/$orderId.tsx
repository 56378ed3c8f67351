import { useTranslation } from 'react-i18next'
import { data, Link } from 'react-router'
import { RouteErrorBoundary } from '#app/components/error-boundary.tsx'
import { apiClientContext } from '#app/utils/api-client.server.ts'
import { orNotFound } from '#app/utils/api-errors.server.ts'
import { requestLang } from '#app/utils/auth.server.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { pageId } from '#app/utils/ids.ts'
import { formatMoney } from '#app/utils/money.ts'
import { personal } from '#app/utils/orders.server.ts'
import { OrderStatus } from '#contract/orders.ts'
import type { Route } from './+types/$orderId'

/**
 * Where a provider sends the customer back (`return_url`): how the payment
 * of the order ended, read from the order itself (the provider's redirect
 * proves nothing), with the way to the order and, if unpaid, to pay again.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  pageId(params.orderId)
  const order = await orNotFound(context.get(apiClientContext).get(`orders/${params.orderId}/`))
  const outcome: 'success' | 'failure' | 'other' =
    order.payment_status === 'paid' ? 'success' : order.status === OrderStatus.awaitingPayment ? 'failure' : 'other'
  const t = serverT(context, 'orders')
  return data({ lang: requestLang(context), order, outcome, title: t(`result.meta_${outcome}`) }, { headers: personal })
}

export const headers = () => personal

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: 'robots', content: 'noindex' },
]

export default function PaymentResultPage({ loaderData: { lang, order, outcome } }: Route.ComponentProps) {
  const { t } = useTranslation('orders')
  const orderPath = `/${lang}/order/${order.id}`
  return (
    <main id="main" className="container payment-page">
      <h1>{t(`result.title_${outcome}`)}</h1>
      <p role={outcome === 'failure' ? 'alert' : 'status'}>
        {t(`result.text_${outcome}`, { number: order.number, amount: formatMoney(order.total, lang) })}
      </p>
      <div className="checkout-form__actions">
        {outcome === 'failure' ? (
          <form method="post" action={orderPath}>
            <button type="submit" name="intent" value="pay" className="button">
              {t('result.try_again')}
            </button>
          </form>
        ) : null}
        <Link to={orderPath} className={outcome === 'failure' ? 'button button--ghost' : 'button'}>
          {t('result.to_order')}
        </Link>
        <Link to={`/${lang}/my-orders`} className="button button--ghost">
          {t('result.to_orders')}
        </Link>
      </div>
    </main>
  )
}

export const ErrorBoundary = RouteErrorBoundary
