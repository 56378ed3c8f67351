import { useTranslation } from 'react-i18next'
import { data, Form, Link, redirect } from 'react-router'
import { requestLang } from '#app/utils/auth.server.ts'
import { flash } from '#app/utils/flash.server.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { idOf } from '#app/utils/ids.ts'
import { formatMoney } from '#app/utils/money.ts'
import { staffApi } from '#app/utils/staff-session.server.ts'
import { isOrderStatus, OrderStatus } from '#contract/orders.ts'
import { refusedBack, staffLoad } from '../forms.server.ts'
import { PhoneLink } from '../orders/+shared/phone-link.tsx'
import type { Route } from './+types/index'
import '../orders/+shared/orders.css'
import '../orders/+shared/order-changes.css'

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
 * A courier's buttons: take the order on the way, delivered, cash received.
 * Each names the order and the status the page showed, so a move made
 * meanwhile is refused (409) with the reason, back on the list as it is now.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const lang = requestLang(context)
  const here = `/${lang}/admin/deliveries`
  const form = await request.formData()
  const id = idOf(String(form.get('order_id') ?? ''))
  if (id === null) throw data(null, { status: 400 })
  const t = serverT(context, 'admin-orders')
  const cash = form.get('intent') === 'cash'
  const status = Number(form.get('status'))
  const expected = Number(form.get('expected_status'))
  if (!cash && (!isOrderStatus(status) || !isOrderStatus(expected))) throw data(null, { status: 400 })
  try {
    if (cash) {
      await staffApi(context).send('POST', `admin/orders/${id}/cash-received/`)
      flash(context, { type: 'success', message: t('actions.cash_received_done') })
    } else {
      const moved = await staffApi(context).send('POST', `admin/orders/${id}/status/`, {
        status,
        expected_status: expected,
      })
      flash(context, {
        type: 'success',
        message: t('actions.moved', { number: moved.number, status: moved.status_label }),
      })
    }
  } catch (error) {
    return refusedBack(context, error, here, t('actions.failed'))
  }
  return redirect(here)
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
                    <button type="submit" name="status" value={next} className="button">
                      {t(next === OrderStatus.onTheWay ? 'deliveries.take' : 'deliveries.delivered', {
                        number: order.number,
                      })}
                    </button>
                    {collect ? (
                      <button type="submit" name="intent" value="cash" className="admin-button">
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
