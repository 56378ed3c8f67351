import { useTranslation } from 'react-i18next'
import { data, Link, redirect } from 'react-router'
import { requestLang } from '#app/utils/auth.server.ts'
import { siteOrigin } from '#app/utils/catalogue.server.ts'
import { flash } from '#app/utils/flash.server.ts'
import { parseForm } from '#app/utils/forms.server.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { formatDate } from '#app/utils/money.ts'
import { getStaff, staffApi } from '#app/utils/staff-session.server.ts'
import { OrderStatus } from '#contract/orders.ts'
import type { StaffMe } from '../../+shared/staff.ts'
import { staffLoad } from '../../forms.server.ts'
import { OrderActions } from '../+shared/order-actions.tsx'
import { OrderContacts } from '../+shared/order-contacts.tsx'
import { OrderItems } from '../+shared/order-items.tsx'
import { OrderMoney } from '../+shared/order-money.tsx'
import { OrderTimeline } from '../+shared/order-timeline.tsx'
import { cancelForm, DeskIntent } from '../+shared/schemas.ts'
import { loadDeskOrder, refused } from '../desk.server.ts'
import type { Route } from './+types/index'
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
  return {
    lang: requestLang(context),
    order,
    me: { id: me.id, write: may('orders.write'), audit: may('audit.read') },
    assignees,
    title: serverT(context, 'admin-orders')('order.meta_title', { number: order.number }),
  }
}

const statusValue = (value: FormDataEntryValue | null) =>
  typeof value === 'string' && /^[1-6]$/.test(value) ? Number(value) : null

/**
 * The order's actions. Each status move sends the status the page showed
 * (`expected_status`): if someone moved the order meanwhile the API answers
 * 409 and the page comes back with its message and the order as it is now.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const lang = requestLang(context)
  const t = serverT(context, 'admin-orders')
  const here = `/${lang}/admin/orders/${params.id}`
  if (!/^\d{1,9}$/.test(params.id)) throw data(null, { status: 404 })
  const api = staffApi(context)
  const path = `admin/orders/${params.id}/` as const
  const form = await request.formData()
  const intent = form.get('intent')
  const expected = statusValue(form.get('expected_status'))
  try {
    if (intent === DeskIntent.status || intent === DeskIntent.cancel) {
      let reason: string | undefined
      if (intent === DeskIntent.cancel) {
        const submission = parseForm(form, cancelForm)
        if (submission.status !== 'success') return data({ cancel: submission.reply(), link: null }, { status: 400 })
        reason = submission.value.reason
      }
      const status = intent === DeskIntent.cancel ? 2 : statusValue(form.get('status'))
      if (status === null || expected === null) throw data(null, { status: 400 })
      const moved = await api.send('POST', `${path}status/`, {
        status,
        expected_status: expected,
        reason,
      })
      flash(context, {
        type: 'success',
        message: t('actions.moved', { number: moved.number, status: moved.status_label }),
      })
      return redirect(here)
    }
    if (intent === DeskIntent.assign) {
      const value = form.get('staff_id')
      const staffId = typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : null
      const result = await api.send('POST', `${path}assign/`, {
        staff_id: staffId,
      })
      flash(context, {
        type: 'success',
        message: result.assigned_staff
          ? t('actions.assigned', { name: result.assigned_staff.name })
          : t('actions.unassigned'),
      })
      return redirect(here)
    }
    if (intent === DeskIntent.cashReceived) {
      await api.send('POST', `${path}cash-received/`)
      flash(context, { type: 'success', message: t('actions.cash_received_done') })
      return redirect(here)
    }
    if (intent === DeskIntent.paymentLink) {
      const { url } = await api.send('POST', `${path}payment-link/`, { send_sms: false })
      // The sandbox's link is a path of this shop (demo mode): made whole to be pasted into a chat.
      return data({ cancel: null, link: new URL(url, siteOrigin(request)).toString() })
    }
    if (intent === DeskIntent.sendPaymentLink) {
      await api.send('POST', `${path}payment-link/`, { send_sms: true })
      flash(context, { type: 'success', message: t('actions.sms_sent') })
      return redirect(here)
    }
  } catch (error) {
    return refused(context, error, here)
  }
  throw data(null, { status: 400 })
}

// The admin layout keeps every page out of caches and search engines.
export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function DeskOrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { lang, order, me, assignees } = loaderData
  const { t } = useTranslation('admin-orders')
  const open = order.status !== OrderStatus.cancelled
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
            timeline={order.timeline}
            auditHref={me.audit ? `/${lang}/admin/audit?entity=order&entity_id=${order.id}` : null}
          />
        </div>
        <div className="desk-order__side">
          <OrderActions
            lang={lang}
            orderId={order.id}
            status={order.status}
            next={order.next_statuses}
            canAssign={me.write && me.id !== null}
            assignees={assignees}
            assignedId={order.assigned_staff?.id ?? null}
            meId={me.id}
            // Shown where it can work; the API still says no (409) to anything else.
            canCashReceived={me.write && open && order.payment_method === 'cash' && order.payment_status !== 'paid'}
            canPaymentLink={me.write && order.can_pay}
            paymentLink={actionData?.link ?? null}
            cancelResult={actionData?.cancel}
          />
        </div>
      </div>
    </div>
  )
}
