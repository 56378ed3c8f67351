import type { SubmissionResult } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { Form, Link } from 'react-router'
import type { Lang } from '#app/utils/i18n.ts'
import { OrderIntent } from '../../+shared/orders/intents.ts'
import { CancelForm } from './cancel-form.tsx'
import { OwedRefund } from './owed-refund.tsx'
import { PaymentLink } from './payment-link.tsx'

export type DeskActionsProps = {
  lang: Lang
  orderId: number
  /** The status the page shows: each form sends it, so a move made meanwhile by someone else is refused (409). */
  status: number
  /** courier or pickup: a pickup order is made ready to collect and handed over, not delivered. */
  delivery: string
  /** The forward moves the API allows this staff member now (`next_statuses` but cancelling). */
  forward: { status: number; label: string }[]
  /** Whether cancelling is one of them. */
  cancellable: boolean
  /** The longest cancel reason. */
  reasonMax: number
  canAssign: boolean
  assignees: { id: number; name: string }[]
  assignedId: number | null
  meId: number | null
  canCashReceived: boolean
  canPaymentLink: boolean
  paymentLink: string | null
  /** What the shop owes the customer back (0: nothing), and whether a payment can take back exactly that. */
  owed: number
  owedProvider: boolean
  cancelResult?: SubmissionResult<string[]> | null
}

/** What can be done with the order now, each a plain form (works without JavaScript). */
export function OrderActions(props: DeskActionsProps) {
  const { t } = useTranslation('admin-orders')
  const { forward, cancellable } = props
  const nothing = !forward.length && !cancellable && !props.canCashReceived && !props.canPaymentLink && !props.owed
  return (
    <section aria-labelledby="desk-actions" className="desk-card desk-actions">
      <h2 id="desk-actions">{t('actions.title')}</h2>
      {forward.length ? (
        <Form method="post" className="desk-actions__row">
          <input type="hidden" name="intent" value={OrderIntent.status} />
          <input type="hidden" name="expected_status" value={props.status} />
          {forward.map((to) => (
            <button key={to.status} type="submit" name="status" value={to.status} className="button">
              {t(`${props.delivery === 'pickup' ? 'actions.to_pickup' : 'actions.to'}.${to.status}`, {
                defaultValue: to.label,
              })}
            </button>
          ))}
        </Form>
      ) : null}
      {props.canCashReceived ? (
        <Form method="post" className="desk-actions__row">
          <button type="submit" name="intent" value={OrderIntent.cashReceived} className="admin-button">
            {t('actions.cash_received')}
          </button>
        </Form>
      ) : null}
      {props.canPaymentLink ? <PaymentLink link={props.paymentLink} /> : null}
      {props.owed ? <OwedRefund lang={props.lang} owed={props.owed} provider={props.owedProvider} /> : null}
      {cancellable ? (
        <CancelForm expected={props.status} max={props.reasonMax} lastResult={props.cancelResult} />
      ) : null}
      {nothing ? <p className="desk-muted">{t('actions.none')}</p> : null}
      {props.canAssign ? <AssignForm {...props} /> : null}
      <p>
        <Link to={`/${props.lang}/admin/orders/${props.orderId}/slip`} className="desk-slip-link">
          {t('actions.slip')}
        </Link>
      </p>
    </section>
  )
}

function AssignForm({ assignees, assignedId, meId }: DeskActionsProps) {
  const { t } = useTranslation('admin-orders')
  return (
    <Form method="post" className="desk-actions__row desk-assign">
      <input type="hidden" name="intent" value={OrderIntent.assign} />
      {assignees.length ? (
        <>
          <label className="desk-field">
            <span>{t('actions.assign_to')}</span>
            <select name="staff_id" defaultValue={assignedId ?? ''}>
              <option value="">{t('order.nobody')}</option>
              {assignees.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="admin-button">
            {t('actions.assign')}
          </button>
        </>
      ) : meId !== null && assignedId !== meId ? (
        <button type="submit" name="staff_id" value={meId} className="admin-button">
          {t('actions.assign_me')}
        </button>
      ) : null}
    </Form>
  )
}
