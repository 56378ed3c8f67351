import { Link } from 'react-router'
import type { Cart } from '#api/types.ts'
import { useAuthDialog } from '#app/components/account/auth-dialog.tsx'
import { authPath } from '#app/components/account/auth-types.ts'
import { mainButtonAttribute } from '#app/components/telegram/web-app.ts'
import { formatMoney } from '#app/utils/money.ts'
import { useBasketUi } from './basket-context.tsx'

/** Totals and the way to checkout: for a visitor, the sign-in dialog (or the login page without JavaScript). */
export function BasketSummary({ cart, signedIn }: { cart: Cart; signedIn: boolean }) {
  const ui = useBasketUi()
  const dialog = useAuthDialog()
  if (!ui) return null
  const { t, lang } = ui
  const checkout = `/${lang}/checkout`
  return (
    <section className="basket-summary" aria-labelledby="basket-summary-title" data-keep-clear>
      <h2 id="basket-summary-title" className="basket-summary__title">
        {t('page.summary')}
      </h2>
      <dl className="basket-summary__rows">
        <div>
          <dt>{t('page.items')}</dt>
          <dd>{t('page.items_count', { count: cart.total_items })}</dd>
        </div>
        <div>
          <dt>{t('page.subtotal')}</dt>
          <dd>{formatMoney(cart.total_price, lang)}</dd>
        </div>
        {cart.discount ? (
          <div>
            <dt>{t('page.discount')}</dt>
            <dd>−{formatMoney(cart.discount, lang)}</dd>
          </div>
        ) : null}
        <div className="basket-summary__total">
          <dt>{t('page.total')}</dt>
          <dd>{formatMoney(cart.total, lang)}</dd>
        </div>
      </dl>
      {cart.ready_for_checkout ? (
        signedIn ? (
          <Link to={checkout} className="button button--block" {...{ [mainButtonAttribute]: '' }}>
            {t('page.checkout')}
          </Link>
        ) : (
          <>
            <Link
              to={authPath(lang, 'login', checkout)}
              className="button button--block"
              {...{ [mainButtonAttribute]: '' }}
              onClick={(event) => {
                if (!dialog || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
                event.preventDefault()
                dialog.openAuth('login', { redirectTo: checkout })
              }}
            >
              {t('page.checkout')}
            </Link>
            <p className="basket-summary__hint muted">{t('page.login_to_checkout')}</p>
          </>
        )
      ) : (
        <p className="basket-notice basket-notice--error">{t('page.checkout_blocked')}</p>
      )}
    </section>
  )
}
