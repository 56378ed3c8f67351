import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { data, redirect } from 'react-router'
import type { Order, PaymentStart } from '#api/types.ts'
import { RouteErrorBoundary } from '#app/components/error-boundary.tsx'
import { apiClientContext } from '#app/utils/api-client.server.ts'
import { isApiRefusal } from '#app/utils/api-errors.server.ts'
import { requestLang } from '#app/utils/auth.server.ts'
import { flash } from '#app/utils/flash.server.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { pageId } from '#app/utils/ids.ts'
import { formatMoney } from '#app/utils/money.ts'
import { personal } from '#app/utils/orders.server.ts'
import type { Route } from './+types/$orderId'

// A saved card (card:…) never comes here (no card_id is sent); named all the same so every provider has a name.
const providerNames: Record<PaymentStart['provider'], string> = {
  sandbox: 'Sandbox',
  payme: 'Payme',
  click: 'Click',
  uzum: 'Uzum Bank',
  'card:sandbox': 'Sandbox',
  'card:payme': 'Payme',
}

/**
 * The step before an external payment page (Payme, Click, Uzum Bank). A form cannot
 * redirect off the shop (CSP form-action 'self'), so the order form comes
 * here first; the link (followed at once with JavaScript) leaves for the
 * provider. The local sandbox page needs no such step.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const lang = requestLang(context)
  const t = serverT(context, 'orders')
  pageId(params.orderId)
  const api = context.get(apiClientContext)
  let start: PaymentStart
  let order: Order
  try {
    order = await api.get(`orders/${params.orderId}/`)
    // This page is the provider's: never a saved card (a GET must not charge one).
    start = await api.send('POST', `payments/${order.id}/start/`, { card_id: null })
  } catch (error) {
    if (!isApiRefusal(error)) throw error
    if (error.status === 404) throw data(null, { status: 404 })
    // Paid or cancelled meanwhile: the order page tells its state.
    flash(context, { type: 'info', message: error.body.detail || t('error') })
    throw redirect(`/${lang}/order/${params.orderId}`)
  }
  if (!/^https?:\/\//.test(start.redirect_url)) throw redirect(start.redirect_url)
  return data(
    {
      lang,
      number: order.number,
      amount: start.amount,
      provider: providerNames[start.provider],
      url: start.redirect_url,
      title: t('pay.meta_title'),
    },
    { headers: personal },
  )
}

export const headers = () => personal

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: 'robots', content: 'noindex' },
]

export default function PayPage({ loaderData: { lang, number, amount, provider, url } }: Route.ComponentProps) {
  const { t } = useTranslation('orders')
  useEffect(() => {
    window.location.assign(url)
  }, [url])
  return (
    <main id="main" className="container payment-page">
      <h1>{t('pay.title')}</h1>
      <p>{t('pay.text', { number, amount: formatMoney(amount, lang), provider })}</p>
      <p>
        <a href={url} className="button" rel="noreferrer">
          {t('pay.continue')}
        </a>
      </p>
    </main>
  )
}

export const ErrorBoundary = RouteErrorBoundary
