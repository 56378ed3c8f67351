import { Link, useFetcher } from 'react-router'
import type { CartLine } from '#api/types.ts'
import { ResponsiveImage } from '#app/components/catalogue/image.tsx'
import { formatMoney } from '#app/utils/money.ts'
import { useAnswerToast } from './answer-toast.ts'
import { useBasketUi } from './basket-context.tsx'
import { FormContext } from './form-context.tsx'
import { BasketIntent, basketPath, replayedWhenAlive } from './intents.ts'
import { QuantityForm, usePendingQuantity } from './quantity-form.tsx'

/**
 * One line of the basket: picture, title, volume, prices, the quantity form
 * (quantity-form.tsx) and remove. Pending changes show at once.
 */
export function BasketLine({ line }: { line: CartLine }) {
  const ui = useBasketUi()
  const quantity = usePendingQuantity(line.product.id, line.quantity)
  const removeFetcher = useFetcher({ key: `basket-remove-${line.product.id}` })
  useAnswerToast(removeFetcher)
  if (!ui) return null
  const { t, lang } = ui
  const { product } = line
  if (removeFetcher.formData) return null
  const title = product.title
  const unit = t(`unit.${product.unit}`)
  const onSale = product.sale_price !== null && product.sale_price < product.price
  const image = product.images[0]
  const action = basketPath(lang)
  return (
    <li className={`basket-line${line.unavailable ? ' basket-line--unavailable' : ''}`}>
      <div className="basket-line__media">
        {image ? <ResponsiveImage links={image} alt="" width={96} height={96} sizes="96px" /> : null}
      </div>
      <div className="basket-line__info">
        <p className="basket-line__brand">{product.brand.name}</p>
        <h2 className="basket-line__title">
          <Link to={`/${lang}/products/${product.slug}`}>{title}</Link>
        </h2>
        {product.volume !== null ? (
          <p className="basket-line__volume">
            {t('page.volume')}: {product.volume} {unit}
          </p>
        ) : null}
        <p className="basket-line__price">
          {onSale ? (
            <>
              <span className="visually-hidden">{t('page.sale_price')}: </span>
              <strong className="basket-line__now basket-line__now--sale">{formatMoney(line.price, lang)}</strong>{' '}
              <s className="basket-line__old">
                <span className="visually-hidden">{t('page.regular_price')}: </span>
                {formatMoney(product.price, lang)}
              </s>
            </>
          ) : (
            <strong className="basket-line__now">{formatMoney(line.price, lang)}</strong>
          )}{' '}
          <span className="muted">{t('page.each')}</span>
        </p>
        {line.price_changed && line.previous_price !== null ? (
          <p className="basket-notice basket-notice--info">
            {t('page.line_price_changed', {
              previous: formatMoney(line.previous_price, lang),
              current: formatMoney(line.price, lang),
            })}
          </p>
        ) : null}
        {line.unavailable ? <p className="basket-notice basket-notice--error">{t('page.unavailable')}</p> : null}
        {!line.unavailable && line.exceeds_stock ? (
          <p className="basket-notice basket-notice--error">
            {t('page.exceeds_stock', { count: line.available_quantity })}
          </p>
        ) : null}
      </div>
      <div className="basket-line__controls">
        <QuantityForm productId={product.id} title={title} current={line.quantity} />
        <p className="basket-line__total">
          <span className="visually-hidden">{t('page.line_total')}: </span>
          {formatMoney(line.unavailable ? 0 : line.price * quantity, lang)}
        </p>
        <removeFetcher.Form method="post" action={action} {...replayedWhenAlive}>
          <FormContext here={ui.here} hydrated={ui.hydrated} />
          <input type="hidden" name="intent" value={BasketIntent.remove} />
          <input type="hidden" name="product_id" value={product.id} />
          <input type="hidden" name="current" value={line.quantity} />
          <button
            type="submit"
            className="button-link basket-line__remove"
            aria-label={t('page.remove_label', { title })}
          >
            {t('page.remove')}
          </button>
        </removeFetcher.Form>
      </div>
    </li>
  )
}
