import { useTranslation } from 'react-i18next'
import { data, Form, Link, redirect } from 'react-router'
import { RouteErrorBoundary } from '#app/components/error-boundary.tsx'
import { apiClientContext } from '#app/utils/api-client.server.ts'
import { isApiError, orNotFound } from '#app/utils/api-errors.server.ts'
import { requestLang } from '#app/utils/auth.server.ts'
import { flash } from '#app/utils/flash.server.ts'
import { byIntent } from '#app/utils/forms.server.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { pageId } from '#app/utils/ids.ts'
import { formatMoney } from '#app/utils/money.ts'
import { personal } from '#app/utils/orders.server.ts'
import type { Route } from './+types/$paymentId'

const SandboxIntent = { approve: 'approve', decline: 'decline' } as const

async function loadPayment(context: Route.LoaderArgs['context'], id: string) {
  pageId(id)
  return orNotFound(context.get(apiClientContext).get(`payments/sandbox/${id}/`))
}

/**
 * The sandbox provider's page (PAYMENT_PROVIDER=sandbox): a test payment that
 * the customer approves or declines, driving the same state changes as Payme
 * or Click would (for an order paid by Uzum, through Uzum's own webhooks).
 * Then back to the payment result, as from a real provider.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const payment = await loadPayment(context, params.paymentId)
  const order = await context.get(apiClientContext).get(`orders/${payment.order_id}/`)
  const t = serverT(context, 'orders')
  return data(
    { lang: requestLang(context), payment, number: order.number, title: t('sandbox.meta_title') },
    { headers: personal },
  )
}

export const headers = () => personal

/** The test payment approved or declined; then the payment result, as from a real provider. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const lang = requestLang(context)
  const payment = await loadPayment(context, params.paymentId)
  const complete = async (approve: boolean) => {
    try {
      await context.get(apiClientContext).send('POST', `payments/sandbox/${payment.id}/complete/`, { approve })
    } catch (error) {
      // Already completed (a second click, the back button): the result page tells how it ended.
      if (!isApiError(error, 409)) throw error
      flash(context, { type: 'info', message: error.body.detail || serverT(context, 'orders')('error') })
    }
    return redirect(`/${lang}/payment/result/${payment.order_id}`)
  }
  return byIntent(await request.formData(), {
    [SandboxIntent.approve]: () => complete(true),
    [SandboxIntent.decline]: () => complete(false),
  })
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: 'robots', content: 'noindex' },
]

export default function SandboxPaymentPage({ loaderData: { lang, payment, number } }: Route.ComponentProps) {
  const { t } = useTranslation('orders')
  const open = payment.status === 'pending'
  return (
    <main id="main" className="container payment-page">
      <h1>{t('sandbox.title')}</h1>
      <p className="payment-page__test" role="note">
        {t('sandbox.test_notice')}
        {payment.provider === 'uzum' ? ` ${t('sandbox.uzum_notice')}` : null}
      </p>
      <dl className="order-facts">
        <div>
          <dt>{t('sandbox.order')}</dt>
          <dd>{number}</dd>
        </div>
        <div>
          <dt>{t('sandbox.amount')}</dt>
          <dd>{formatMoney(payment.amount, lang)}</dd>
        </div>
      </dl>
      {open ? (
        <Form method="post" className="checkout-form__actions">
          <button type="submit" name="intent" value={SandboxIntent.approve} className="button">
            {t('sandbox.pay')}
          </button>
          <button type="submit" name="intent" value={SandboxIntent.decline} className="button button--ghost">
            {t('sandbox.decline')}
          </button>
        </Form>
      ) : (
        <p>
          {t('sandbox.done')} <Link to={`/${lang}/payment/result/${payment.order_id}`}>{t('sandbox.to_result')}</Link>
        </p>
      )}
    </main>
  )
}

export const ErrorBoundary = RouteErrorBoundary
