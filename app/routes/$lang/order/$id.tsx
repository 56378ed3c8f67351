import { useTranslation } from 'react-i18next'
import { data, Link, redirect } from 'react-router'
import { chosenCard, NEW_CARD, SavedCardChoice } from '#app/components/checkout/saved-card-choice.tsx'
import { RouteErrorBoundary } from '#app/components/error-boundary.tsx'
import { CancelOrder, OrderIntent } from '#app/components/orders/cancel-order.tsx'
import { Fact } from '#app/components/orders/fact.tsx'
import { OrderMoneyRows } from '#app/components/orders/money-rows.tsx'
import { OrderPlace } from '#app/components/orders/order-place.tsx'
import { OrderSteps } from '#app/components/orders/order-steps.tsx'
import { PAY_FRAGMENT } from '#app/components/orders/pay.ts'
import { LinkTelegramForm } from '#app/components/profile/telegram.tsx'
import { paymeKeepsCards, payRedirect, savedCards, startFailure } from '#app/routes/$lang/checkout/place.server.ts'
import { apiClientContext } from '#app/utils/api-client.server.ts'
import { isApiError, orNotFound } from '#app/utils/api-errors.server.ts'
import { requestLang, requireUserMiddleware } from '#app/utils/auth.server.ts'
import { flash } from '#app/utils/flash.server.ts'
import { byIntent, fieldsOf } from '#app/utils/forms.server.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import type { Lang } from '#app/utils/i18n.ts'
import { idOf, pageId } from '#app/utils/ids.ts'
import { formatDate, formatMomentAfter, formatMoney } from '#app/utils/money.ts'
import { personal } from '#app/utils/orders.server.ts'
import { OrderStatus } from '#contract/orders.ts'
import { formatPhone } from '#contract/phone-format.ts'
import { z } from '#contract/zod.ts'
import type { Route } from './+types/$id'

/** One order of the signed-in customer; any other id (another customer's too) is the 404 page. */
async function loadOrder(context: Route.LoaderArgs['context'], id: string) {
  pageId(id)
  return orNotFound(context.get(apiClientContext).get(`orders/${id}/`))
}

// A customer's own order: a visitor goes to sign-in and back (like the protected sections' layouts).
export const middleware: Route.MiddlewareFunction[] = [requireUserMiddleware]

export async function loader({ params, context }: Route.LoaderArgs) {
  const order = await loadOrder(context, params.id)
  const t = serverT(context, 'orders')
  // A card order awaiting payment is paid again with a saved card or a new one.
  const [cards, telegram] = await Promise.all([
    order.can_pay && order.payment_method === 'card' ? savedCards(context) : [],
    context.get(apiClientContext).get('account/telegram/'),
  ])
  return data(
    {
      lang: requestLang(context),
      order,
      cards,
      // News of an order still under way could come to Telegram instead of SMS: offered until linked.
      offerTelegram:
        telegram.available &&
        !telegram.linked &&
        order.status !== OrderStatus.cancelled &&
        order.status !== OrderStatus.delivered,
      payme: paymeKeepsCards(),
      title: t('order.meta_title', { number: order.number }),
    },
    { headers: personal },
  )
}

export const headers = () => personal

/** Pay again with a saved card (its id) or a new one (`new`); none chosen (the result page's retry): the order's own. */
const payForm = z.object({ card_id: z.string().optional() }).transform(({ card_id }) => {
  if (card_id === NEW_CARD) return { card_id: null }
  const id = idOf(card_id)
  return id === null ? undefined : { card_id: id }
})

/** Cancel (while `can_cancel`) and pay again (an order awaiting payment). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const lang = requestLang(context)
  const t = serverT(context, 'orders')
  const api = context.get(apiClientContext)
  const here = `/${lang}/order/${params.id}`
  const formData = await request.formData()
  const order = await loadOrder(context, params.id)
  try {
    return await byIntent(formData, {
      [OrderIntent.cancel]: async () => {
        await api.send('POST', `orders/${order.id}/cancel/`)
        flash(context, { type: 'success', message: t('order.cancelled') })
        return redirect(here)
      },
      [OrderIntent.pay]: async () => {
        const start = await api.send('POST', `payments/${order.id}/start/`, fieldsOf(formData, payForm))
        return redirect(payRedirect(lang, order.id, start.redirect_url))
      },
    })
  } catch (error) {
    // A declined card (402) or a card provider not answering (503) keeps the order payable: say why, here.
    const reason = await startFailure(error)
    if (reason === null || (isApiError(error) && error.status >= 500)) throw error
    flash(context, { type: 'error', message: reason || t('error') })
    return redirect(here)
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: 'robots', content: 'noindex' },
]

export default function OrderPage({ loaderData: { lang, order, cards, payme, offerTelegram } }: Route.ComponentProps) {
  const { t } = useTranslation('orders')
  const money = (amount: number) => formatMoney(amount, lang)
  const { receiver } = order
  return (
    <main id="main" className="container order-page">
      <p>
        <Link to={`/${lang}/my-orders`}>{t('order.to_list')}</Link>
      </p>
      <h1>{t('order.title', { number: order.number })}</h1>
      <p className="order-page__meta">
        {t('order.placed', { date: formatDate(order.created_at) })} ·{' '}
        <span className={`order-status order-status--${order.status_name}`}>{order.status_label}</span>
      </p>
      {order.status === 2 ? (
        <p className="order-page__cancelled">{t('order.is_cancelled')}</p>
      ) : (
        <OrderSteps steps={order.steps} delivery={order.delivery} />
      )}
      {order.refund ? (
        <p className={`order-page__refund order-page__refund--${order.refund.status}`}>
          {t(`order.refund.${order.refund.status}`, { amount: money(order.refund.amount) })}
        </p>
      ) : null}
      {order.can_pay ? (
        <form method="post" action={`/${lang}/order/${order.id}`} className="order-page__pay" id={PAY_FRAGMENT}>
          <p>
            {t('order.awaiting_payment', {
              time: order.pay_by ? formatMomentAfter(order.pay_by, order.created_at) : '',
            })}
          </p>
          {order.payment_method === 'card' ? (
            <SavedCardChoice
              lang={lang}
              cards={cards}
              selected={chosenCard(cards, order.card_id ?? NEW_CARD)}
              payme={payme}
            />
          ) : null}
          <button type="submit" name="intent" value={OrderIntent.pay} className="button">
            {t('order.pay_again')}
          </button>
        </form>
      ) : null}
      {/* Staff changed the paid order and it costs more now: the extra, on the provider's page. */}
      {order.can_pay_extra ? (
        <p className="order-page__pay">
          {t('order.extra_due', { amount: money(order.amount_due) })}{' '}
          <a href={`/${lang}/payment/pay/${order.id}`} className="button">
            {t('order.pay_extra')}
          </a>
        </p>
      ) : null}

      {offerTelegram ? (
        <section className="order-page__telegram" aria-label={t('order.telegram_link')}>
          <p>{t('order.telegram_offer')}</p>
          <LinkTelegramForm lang={lang} label={t('order.telegram_link')} back={`/${lang}/order/${order.id}`} />
        </section>
      ) : null}

      <OrderItems lang={lang} items={order.items} />

      <div className="order-page__columns">
        <section aria-labelledby="order-delivery">
          <h2 id="order-delivery">{t('order.delivery_title')}</h2>
          <dl className="order-facts">
            <Fact name={t('order.receiver')}>{receiver.name}</Fact>
            <Fact name={t('order.phone')}>{formatPhone(receiver.phone)}</Fact>
            {receiver.extra_phone ? (
              <Fact name={t('order.extra_phone')}>{formatPhone(receiver.extra_phone)}</Fact>
            ) : null}
            <OrderPlace order={order} />
            <Fact name={t('order.delivery')}>
              {t(`order.deliveries.${order.delivery}`, { defaultValue: order.delivery })}
            </Fact>
            <Fact name={t('order.payment_method')}>
              {t(`order.methods.${order.payment_method}`, { defaultValue: order.payment_method })}
            </Fact>
          </dl>
        </section>
        <section aria-labelledby="order-money">
          <h2 id="order-money">{t('order.money_title')}</h2>
          <dl className="order-facts">
            <OrderMoneyRows order={order} t={t} money={money} totalClassName="order-facts__total" />
          </dl>
        </section>
      </div>
      {order.can_cancel ? <CancelOrder /> : null}
    </main>
  )
}

type Items = Route.ComponentProps['loaderData']['order']['items']

/** What the order holds: each line's price, quantity and total, a link to the product while it exists. */
function OrderItems({ lang, items }: { lang: Lang; items: Items }) {
  const { t } = useTranslation('orders')
  const money = (amount: number) => formatMoney(amount, lang)
  return (
    <section aria-labelledby="order-items">
      <h2 id="order-items">{t('order.items')}</h2>
      <table className="order-items">
        <thead>
          <tr>
            <th scope="col">{t('order.item')}</th>
            <th scope="col">{t('order.price')}</th>
            <th scope="col">{t('order.quantity')}</th>
            <th scope="col">{t('order.line_total')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={`${item.slug}-${item.unit_price}`}>
              <td>{item.product_id ? <Link to={`/${lang}/products/${item.slug}`}>{item.title}</Link> : item.title}</td>
              <td data-label={t('order.price')}>{money(item.unit_price)}</td>
              <td data-label={t('order.quantity')}>{item.quantity}</td>
              <td data-label={t('order.line_total')}>{money(item.line_total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}

export const ErrorBoundary = RouteErrorBoundary
