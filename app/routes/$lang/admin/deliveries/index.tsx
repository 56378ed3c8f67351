import { useTranslation } from 'react-i18next'
import { Form, Link } from 'react-router'
import { requestLang } from '#app/utils/auth.server.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { idOf } from '#app/utils/ids.ts'
import { formatMoney } from '#app/utils/money.ts'
import { OrderStatus } from '#contract/orders.ts'
import { z } from '#contract/zod.ts'
import { OrderIntent } from '../+shared/orders/intents.ts'
import { PhoneLink } from '../+shared/phone-link.tsx'
import { byIntent, fieldsOf, staffLoad } from '../forms.server.ts'
import { orderActions } from '../orders/$id/actions.server.ts'
import type { Route } from './+types/index'
import '../+shared/desk/pages.css'
import './+shared/deliveries.css'

/** Which order a courier's button is about. */
const deliveryForm = z.object({
  order_id: z
    .string()
    .transform((id) => idOf(id))
    .pipe(z.number()),
})

/** The courier's day: the orders given to it that are ready to take or on the way (the API gives a courier no others). */
export async function loader({ context }: Route.LoaderArgs) {
  const page = await staffLoad(context, 'admin/orders/', { status: '4,5', size: 50 })
  return {
    lang: requestLang(context),
    orders: page.results,
    title: serverT(context, 'admin-orders')('deliveries.meta_title'),
  }
}

/**
 * A courier's buttons, the order page's own actions: take the order on the
 * way, delivered (each with the status the page showed, so a move made
 * meanwhile is refused with the reason), cash received; back on the list.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData()
  const { order_id: id } = fieldsOf(form, deliveryForm)
  const order = orderActions({ context, request, id, here: `/${requestLang(context)}/admin/deliveries` })
  return byIntent(form, { [OrderIntent.status]: order.status, [OrderIntent.cashReceived]: order.cash_received })
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function Deliveries({ loaderData }: Route.ComponentProps) {
  const { lang, orders } = loaderData
  const { t } = useTranslation('admin-orders')
  return (
    <div className="desk-page">
      <h1>{t('deliveries.title')}</h1>
      {orders.length ? (
        <ul className="desk-deliveries" aria-label={t('deliveries.list')}>
          {orders.map((order) => {
            // Ready: on the way (a pickup order handed over at once); on the way: delivered.
            const next =
              order.status === OrderStatus.readyForDelivery && order.delivery === 'courier'
                ? OrderStatus.onTheWay
                : OrderStatus.delivered
            const collect = order.amount_due > 0
            return (
              <li key={order.id} className="desk-card desk-delivery">
                <article aria-labelledby={`delivery-${order.id}`}>
                  <h2 id={`delivery-${order.id}`}>
                    <Link to={`/${lang}/admin/orders/${order.id}`}>{t('list.open', { number: order.number })}</Link>{' '}
                    <span className={`desk-status desk-status--${order.status_name}`}>{order.status_label}</span>
                  </h2>
                  <dl className="desk-facts">
                    <div>
                      <dt>{t('order.receiver')}</dt>
                      <dd>
                        {order.receiver.name} · <PhoneLink phone={order.receiver.phone} />
                      </dd>
                    </div>
                    <div>
                      <dt>{t('order.address')}</dt>
                      <dd>
                        {order.place}
                        {order.map_url ? (
                          <>
                            {' · '}
                            <a href={order.map_url} target="_blank" rel="noopener">
                              {t('order.on_map')}
                            </a>
                          </>
                        ) : null}
                      </dd>
                    </div>
                    <div className="desk-facts__total">
                      <dt>{collect ? t('deliveries.collect') : t('deliveries.paid')}</dt>
                      <dd>{collect ? formatMoney(order.amount_due, lang) : '✓'}</dd>
                    </div>
                  </dl>
                  <Form method="post" className="desk-actions__row">
                    <input type="hidden" name="order_id" value={order.id} />
                    <input type="hidden" name="expected_status" value={order.status} />
                    <input type="hidden" name="status" value={next} />
                    <button type="submit" name="intent" value={OrderIntent.status} className="button">
                      {t(next === OrderStatus.onTheWay ? 'deliveries.take' : 'deliveries.delivered', {
                        number: order.number,
                      })}
                    </button>
                    {collect ? (
                      <button type="submit" name="intent" value={OrderIntent.cashReceived} className="admin-button">
                        {t('deliveries.cash', { number: order.number })}
                      </button>
                    ) : null}
                  </Form>
                </article>
              </li>
            )
          })}
        </ul>
      ) : (
        <p className="desk-muted">{t('deliveries.none')}</p>
      )}
    </div>
  )
}
