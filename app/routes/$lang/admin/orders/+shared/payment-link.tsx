import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Form } from 'react-router'
import { showToast, useHydrated } from '#app/components/toaster.tsx'
import { OrderIntent } from '../../+shared/orders/intents.ts'

/**
 * An unpaid online order's payment link: shown on request (to paste into a
 * chat) or sent to the customer by SMS. Copying needs JavaScript; without it
 * the link stands selectable in a read-only field.
 */
export function PaymentLink({ link }: { link: string | null }) {
  const { t } = useTranslation('admin-orders')
  const hydrated = useHydrated()
  const [copied, setCopied] = useState(false)
  return (
    <section aria-labelledby="desk-payment-link" className="desk-actions__group">
      <h3 id="desk-payment-link">{t('actions.payment_link')}</h3>
      <p className="desk-muted">{t('actions.payment_link_hint')}</p>
      {link ? (
        <p className="desk-link">
          <label className="desk-field desk-field--grow">
            <span>{t('actions.link_label')}</span>
            <input type="url" readOnly value={link} onFocus={(e) => e.currentTarget.select()} />
          </label>
          {hydrated ? (
            <button
              type="button"
              className="admin-button"
              onClick={() =>
                navigator.clipboard.writeText(link).then(() => {
                  setCopied(true)
                  showToast('success', t('actions.copied'), 'desk-copied')
                })
              }
            >
              {copied ? t('actions.copied') : t('actions.copy')}
            </button>
          ) : null}
        </p>
      ) : null}
      <Form method="post" className="desk-actions__row">
        {link ? null : (
          <button type="submit" name="intent" value={OrderIntent.paymentLink} className="admin-button">
            {t('actions.show_link')}
          </button>
        )}
        <button type="submit" name="intent" value={OrderIntent.sendPaymentLink} className="admin-button">
          {t('actions.send_sms')}
        </button>
      </Form>
    </section>
  )
}
