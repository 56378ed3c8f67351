import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { requestLang } from '#app/utils/auth.server.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { formatDate } from '#app/utils/money.ts'
import { getStaff } from '#app/utils/staff-session.server.ts'
import { CANCEL_REASON_MAX, OrderStatus } from '#contract/orders.ts'
import type { StaffMe } from '../../+shared/staff.ts'
import { pageId, staffLoad } from '../../forms.server.ts'
import { OrderActions } from '../+shared/order-actions.tsx'
import { OrderContacts } from '../+shared/order-contacts.tsx'
import { OrderItems } from '../+shared/order-items.tsx'
import { OrderMoney } from '../+shared/order-money.tsx'
import { OrderTimeline } from '../+shared/order-timeline.tsx'
import { DeskIntent } from '../+shared/schemas.ts'
import { loadDeskOrder } from '../desk.server.ts'
import type { Route } from './+types/index'
import { orderAction } from './actions.server.ts'
import '../+shared/orders.css'

export async function loader({ params, context }: Route.LoaderArgs) {
  const order = await loadDeskOrder(context, params.id)
  const me = getStaff(context)
  const may = (permission: StaffMe['permissions'][number]) => me.permissions.includes(permission)
  // Whom to give the order to: the owner picks from the staff list; others may take it themselves.
  const assignees = may('staff.manage')
    ? (await staffLoad(context, 'admin/staff/')).results
        .filter((s) => !s.disabled)
        .map(({ id, name }) => ({ id, name }))
    : []
  const cancelled = OrderStatus.cancelled
  return {
    lang: requestLang(context),
    order,
    // The moves the API allows now: forward ones as buttons, cancelling as its own form.
    moves: {
      forward: order.next_statuses.filter((s) => s.status !== cancelled),
      cancellable: order.next_statuses.some((s) => s.status === cancelled),
      open: order.status !== cancelled,
      reasonMax: CANCEL_REASON_MAX,
    },
    me: { id: me.id, write: may('orders.write'), audit: may('audit.read') },
    assignees,
    title: serverT(context, 'admin-orders')('order.meta_title', { number: order.number }),
  }
}

/**
 * The order's actions, one function per form (./actions.server.ts). Each
 * status move sends the status the page showed: if someone moved the order
 * meanwhile the API answers 409 and the page comes back with its message and
 * the order as it is now.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const id = pageId(params.id)
  const desk = { context, request, id, here: `/${requestLang(context)}/admin/orders/${id}` }
  return orderAction(desk, await request.formData())
}

// The admin layout keeps every page out of caches and search engines.
export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function DeskOrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { lang, order, me, assignees, moves } = loaderData
  const { t } = useTranslation('admin-orders')
  return (
    <div className="desk-page">
      <p>
        <Link to={`/${lang}/admin/orders`}>{t('order.back')}</Link>
      </p>
      <div className="desk-heading">
        <h1>{t('order.title', { number: order.number })}</h1>
        <span className={`desk-status desk-status--${order.status_name}`}>{order.status_label}</span>
        <span className="desk-muted">{t('order.placed', { date: formatDate(order.created_at) })}</span>
      </div>
      <div className="desk-order">
        <div className="desk-order__main">
          <OrderItems lang={lang} items={order.items} />
          <OrderContacts order={order} />
          <OrderMoney lang={lang} order={order} />
          <OrderTimeline
            lang={lang}
            timeline={order.timeline}
            auditHref={me.audit ? `/${lang}/admin/audit?entity=order&entity_id=${order.id}` : null}
          />
        </div>
        <div className="desk-order__side">
          <OrderActions
            lang={lang}
            orderId={order.id}
            status={order.status}
            delivery={order.delivery}
            forward={moves.forward}
            cancellable={moves.cancellable}
            reasonMax={moves.reasonMax}
            canAssign={me.write && me.id !== null}
            assignees={assignees}
            assignedId={order.assigned_staff?.id ?? null}
            meId={me.id}
            // Shown where it can work; the API still says no (409) to anything else.
            canCashReceived={
              me.write && moves.open && order.payment_method === 'cash' && order.payment_status !== 'paid'
            }
            canPaymentLink={me.write && order.can_pay}
            paymentLink={actionData?.intent === DeskIntent.paymentLink ? actionData.link : null}
            cancelResult={actionData?.intent === DeskIntent.cancel ? actionData.result : undefined}
          />
        </div>
      </div>
    </div>
  )
}
