import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

/**
 * The payment step's last line: the total with the button that places the order, so nobody confirms
 * before seeing what they pay. On a phone it stays at the bottom of the screen while the form is in view
 * (checkout.css), the breakdown one tap away (a disclosure, with or without JavaScript); on a wide screen
 * the summary beside the form shows the breakdown.
 */
export function PayBar({ total, totals, children }: { total: string; totals: ReactNode; children: ReactNode }) {
  const { t } = useTranslation('checkout')
  return (
    <section className="pay-bar" aria-label={t('summary.total')} data-keep-clear>
      <details className="pay-bar__details">
        <summary className="pay-bar__total">
          <span className="pay-bar__label">{t('summary.total')}</span>
          <strong className="pay-bar__sum">{total}</strong>
          <span className="pay-bar__more">{t('summary.breakdown')}</span>
        </summary>
        <div className="pay-bar__breakdown">{totals}</div>
      </details>
      {children}
    </section>
  )
}
