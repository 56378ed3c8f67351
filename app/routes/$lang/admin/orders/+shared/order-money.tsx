import { useTranslation } from 'react-i18next'
import { OrderMoneyRows } from '#app/components/orders/money-rows.tsx'
import type { Lang } from '#app/utils/i18n.ts'
import { formatDate, formatMoney, isoDate } from '#app/utils/money.ts'
import { TableHead } from '../../+shared/table-head.tsx'
import type { DeskOrder } from './types.ts'

/** How the order is paid: method and state, the sums (promo, cashback, VAT) and each payment attempt. */
export function OrderMoney({ lang, order }: { lang: Lang; order: DeskOrder }) {
  const { t } = useTranslation('admin-orders')
  const money = (amount: number) => formatMoney(amount, lang)
  return (
    <section aria-labelledby="desk-money" className="desk-card">
      <h2 id="desk-money">{t('order.money_title')}</h2>
      <dl className="desk-facts">
        <div>
          <dt>{t('order.payment_method')}</dt>
          <dd>{t(`methods.${order.payment_method}`, { defaultValue: order.payment_method })}</dd>
        </div>
        <div>
          <dt>{t('order.payment_status')}</dt>
          <dd>
            <span className={`desk-pay desk-pay--${order.payment_status}`}>
              {t(`payment_statuses.${order.payment_status}`, { defaultValue: order.payment_status })}
            </span>
          </dd>
        </div>
        {order.refund ? (
          <div>
            <dt>{t('order.refund')}</dt>
            <dd>{order.refund.label}</dd>
          </div>
        ) : null}
        <OrderMoneyRows order={order} t={t} money={money} totalClassName="desk-facts__total" />
        {order.amount_due && order.status !== 2 ? (
          <div>
            <dt>{t('order.amount_due')}</dt>
            <dd>
              <strong>{money(order.amount_due)}</strong>
            </dd>
          </div>
        ) : null}
        {order.owed_back ? (
          <div>
            <dt>{t('order.owed_back')}</dt>
            <dd>
              <strong>{money(order.owed_back)}</strong>
            </dd>
          </div>
        ) : null}
      </dl>
      {order.refunds.length ? (
        <>
          <h3>{t('order.refunds')}</h3>
          <MoneyMoves
            moves={order.refunds.map((r) => ({
              id: r.id,
              createdAt: r.created_at,
              amount: r.amount,
              provider: r.provider
                ? t(`methods.${r.provider}`, { defaultValue: r.provider })
                : t(`refunds.methods.${r.method}`),
              state: t(r.status === 'refunded' ? 'payment_statuses.refunded' : 'payment_statuses.refund_pending'),
            }))}
            money={money}
          />
        </>
      ) : null}
      <h3>{t('order.payments')}</h3>
      {order.payments.length ? (
        <MoneyMoves
          moves={order.payments.map((p) => ({
            id: p.id,
            createdAt: p.created_at,
            amount: p.amount,
            provider: t(`methods.${p.provider}`, { defaultValue: p.provider }),
            state: t(`payment_statuses.${p.status}`, { defaultValue: p.status }),
            error: p.refund_error,
          }))}
          money={money}
        />
      ) : (
        <p className="desk-muted">{t('order.no_payments')}</p>
      )}
    </section>
  )
}

type MoneyMove = {
  id: number
  createdAt: string
  amount: number
  provider: string
  state: string
  error?: string | null
}

/** Payments or refunds: when, through whom, in what state, how much. */
function MoneyMoves({ moves, money }: { moves: MoneyMove[]; money: (amount: number) => string }) {
  const { t } = useTranslation('admin-orders')
  return (
    <table className="desk-table desk-table--plain">
      <TableHead
        columns={[
          t('order.payment_date'),
          t('order.payment_provider'),
          t('order.payment_state'),
          { label: t('order.payment_amount'), className: 'desk-table__money' },
        ]}
      />
      <tbody>
        {moves.map((move) => (
          <tr key={move.id}>
            <td data-label={t('order.payment_date')}>
              <time dateTime={isoDate(move.createdAt)}>{formatDate(move.createdAt)}</time>
            </td>
            <td data-label={t('order.payment_provider')}>{move.provider}</td>
            <td data-label={t('order.payment_state')}>
              {move.state}
              {move.error ? <span className="desk-error"> · {move.error}</span> : null}
            </td>
            <td data-label={t('order.payment_amount')} className="desk-table__money">
              {money(move.amount)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
