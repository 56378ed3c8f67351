import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { Cart } from '#api/types.ts'
import type { Lang } from '#app/utils/i18n.ts'
import { formatMoney } from '#app/utils/money.ts'
import { CheckoutIntent } from './schemas.ts'

const steps = [
  { key: 'address', path: '' },
  { key: 'contact', path: '/contact' },
  { key: 'payment', path: '/payment' },
] as const

/**
 * A checkout step: the three steps (done ones are links back), the step's
 * form and a short summary of the basket.
 */
export function CheckoutShell({
  lang,
  step,
  reached,
  cart,
  children,
  aside,
}: {
  lang: Lang
  step: 1 | 2 | 3
  /** The furthest step the customer may open. */
  reached: number
  cart: Cart
  children: ReactNode
  aside?: ReactNode
}) {
  const { t } = useTranslation('checkout')
  return (
    <main id="main" className="container checkout">
      <h1>{t('title')}</h1>
      <nav aria-label={t('steps.label')}>
        <ol className="checkout-steps">
          {steps.map((s, i) => {
            const n = i + 1
            const label = t('steps.item', { step: n, name: t(`steps.${s.key}`) })
            const className = `checkout-steps__item${n === step ? ' checkout-steps__item--current' : ''}${n < step ? ' checkout-steps__item--done' : ''}`
            return (
              <li key={s.key} className={className} aria-current={n === step ? 'step' : undefined}>
                {n !== step && n <= reached ? <Link to={`/${lang}/checkout${s.path}`}>{label}</Link> : label}
              </li>
            )
          })}
        </ol>
      </nav>
      <div className="checkout__body">
        <section className="checkout__form" aria-labelledby="checkout-step-title">
          <h2 id="checkout-step-title">{t(`steps.${steps[step - 1]?.key ?? 'address'}`)}</h2>
          {children}
        </section>
        <aside className="checkout__summary" aria-label={t('summary.label')} data-keep-clear>
          <h2>{t('summary.title')}</h2>
          <ul className="checkout__lines">
            {cart.products
              .filter((line) => !line.unavailable)
              .map((line) => (
                <li key={line.product.id}>
                  <span>
                    {line.product.title} × {line.quantity}
                  </span>
                  <span>{formatMoney(line.line_total, lang)}</span>
                </li>
              ))}
          </ul>
          {aside ?? (
            <p className="checkout__total">
              <span>{t('summary.goods')}</span> <strong>{formatMoney(cart.total, lang)}</strong>
            </p>
          )}
          <p>
            <Link to={`/${lang}/basket`}>{t('summary.edit_basket')}</Link>
          </p>
        </aside>
      </div>
    </main>
  )
}

/** Back to the previous step; skips validation so what was typed is kept, not checked. */
export function BackButton() {
  const { t } = useTranslation('checkout')
  return (
    <button type="submit" name="intent" value={CheckoutIntent.back} formNoValidate className="button button--ghost">
      {t('back')}
    </button>
  )
}
