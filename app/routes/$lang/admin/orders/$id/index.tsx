import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { requestLang } from '#app/utils/auth.server.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { formatDate } from '#app/utils/money.ts'
import { getStaff } from '#app/utils/staff-session.server.ts'
import { CANCEL_REASON_MAX, ORDER_NOTE_MAX, OrderStatus } from '#contract/orders.ts'
import { OrderIntent } from '../../+shared/orders/intents.ts'
import type { StaffMe } from '../../+shared/staff.ts'
import { pageId, staffLoad } from '../../forms.server.ts'
import { NoteForm } from '../+shared/note-form.tsx'
import { OrderActions } from '../+shared/order-actions.tsx'
import { OrderContacts } from '../+shared/order-contacts.tsx'
import { OrderItems } from '../+shared/order-items.tsx'
import { OrderMoney } from '../+shared/order-money.tsx'
import { OrderTimeline } from '../+shared/order-timeline.tsx'
import { loadDeskOrder } from '../desk.server.ts'
import type { Route } from './+types/index'
import { orderAction } from './actions.server.ts'
import '../../+shared/desk/pages.css'
import '../+shared/order-changes.css'

export async function loader({ params, context }: Route.LoaderArgs) {
  const order = await loadDeskOrder(context, params.id)
  const me = getStaff(context)
  const may = (permission: StaffMe['permissions'][number]) => me.permissions.includes(permission)
  const cancelled = OrderStatus.cancelled
  const open = order.status !== cancelled
  // A closed order goes to nobody; a pickup order to no courier (the API refuses both as well).
  const closed = !open || order.status === OrderStatus.delivered
  // Whom to give the order to, with each one's open orders: for those who dispatch (orders.write).
  const assignees =
    may('orders.write') && !closed
      ? (await staffLoad(context, 'admin/couriers/')).results
          .filter((c) => order.delivery !== 'pickup' || c.role !== 'courier')
          .map(({ id, name, load }) => ({ id, name, load: load.total }))
      : []
  const online = order.payment_method !== 'cash'
  return {
    lang: requestLang(context),
    order,
    // The moves the API allows now: forward ones as buttons, cancelling as its own form.
    moves: {
      forward: order.next_statuses.filter((s) => s.status !== cancelled),
      cancellable: order.next_statuses.some((s) => s.status === cancelled),
      open,
      assignable: !closed,
      reasonMax: CANCEL_REASON_MAX,
      noteMax: ORDER_NOTE_MAX,
      // Before it ships it may be changed; once delivered, goods may come back.
      editable: may('orders.write') && editableStatuses.includes(order.status),
      returnable: may('orders.write') && order.status === OrderStatus.delivered,
      // Cash to take: a cash order's total, or the extra an edit added to a paid online order.
      cashDue: open && order.amount_due > 0 && (!online || order.payment_status === 'paid'),
      // An online order awaiting payment, or the extra of a paid one (an edit before it ships, an exchange after).
      linkDue:
        order.can_pay ||
        (online &&
          order.payment_status === 'paid' &&
          order.amount_due > 0 &&
          (editableStatuses.includes(order.status) || order.status === OrderStatus.delivered)),
    },
    me: { id: me.id, write: may('orders.write'), deliver: may('orders.deliver'), audit: may('audit.read') },
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

/** Before it ships: awaiting payment, accepted, ready. */
const editableStatuses: number[] = [OrderStatus.awaitingPayment, OrderStatus.accepted, OrderStatus.readyForDelivery]

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
          {moves.editable || moves.returnable ? (
            <p className="desk-actions__row">
              {moves.editable ? (
                <Link to={`/${lang}/admin/orders/${order.id}/edit`} className="admin-button">
                  {t('actions.edit')}
                </Link>
              ) : null}
              {moves.returnable ? (
                <>
                  <Link to={`/${lang}/admin/orders/${order.id}/return`} className="admin-button">
                    {t('actions.return')}
                  </Link>
                  <Link to={`/${lang}/admin/orders/${order.id}/exchange`} className="admin-button">
                    {t('actions.exchange')}
                  </Link>
                </>
              ) : null}
            </p>
          ) : null}
          <OrderContacts order={order} />
          <OrderMoney lang={lang} order={order} />
          <NoteForm
            max={moves.noteMax}
            lastResult={actionData?.intent === OrderIntent.note ? actionData.result : undefined}
          />
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
            canAssign={me.write && me.id !== null && moves.assignable}
            assignees={assignees}
            assignedId={order.assigned_staff?.id ?? null}
            meId={me.id}
            // Shown where it can work; the API still says no (409) to anything else.
            canCashReceived={(me.write || me.deliver) && moves.cashDue}
            canPaymentLink={me.write && moves.linkDue}
            owed={me.write ? order.owed_back : 0}
            owedProvider={
              order.refund_options.provider >= order.owed_back || order.refund_options.whole.includes(order.owed_back)
            }
            paymentLink={actionData?.intent === OrderIntent.paymentLink ? actionData.link : null}
            cancelResult={actionData?.intent === OrderIntent.cancel ? actionData.result : undefined}
          />
        </div>
      </div>
    </div>
  )
}
