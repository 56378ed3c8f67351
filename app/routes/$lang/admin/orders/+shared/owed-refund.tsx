import { useTranslation } from 'react-i18next'
import { Form } from 'react-router'
import type { Lang } from '#app/utils/i18n.ts'
import { formatMoney } from '#app/utils/money.ts'
import { OrderIntent } from '../../+shared/orders/intents.ts'

/**
 * What the shop owes the customer back (an edit lowered a paid total the
 * provider could not return in part): handed over in cash, or, where a
 * payment can take back exactly this, through it.
 */
export function OwedRefund({ lang, owed, provider }: { lang: Lang; owed: number; provider: boolean }) {
  const { t } = useTranslation('admin-orders')
  return (
    <section aria-labelledby="desk-owed" className="desk-actions__group">
      <h3 id="desk-owed">{t('refunds.owed_title', { amount: formatMoney(owed, lang) })}</h3>
      <Form method="post" className="desk-actions__row desk-owed">
        <input type="hidden" name="intent" value={OrderIntent.refund} />
        <input type="hidden" name="amount" value={owed} />
        <label className="desk-field desk-field--grow">
          <span>{t('refunds.reason')}</span>
          <input name="reason" maxLength={255} />
        </label>
        <button type="submit" name="method" value="cash" className="admin-button">
          {t('refunds.cash_given')}
        </button>
        {provider ? (
          <button type="submit" name="method" value="provider" className="admin-button">
            {t('refunds.through_provider')}
          </button>
        ) : null}
      </Form>
    </section>
  )
}
