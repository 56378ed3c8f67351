import { Link, useFetcher } from 'react-router'
import { Icon } from '#app/components/icon.tsx'
import { useBasketUi } from './basket-context.tsx'
import { FormContext } from './form-context.tsx'
import { BasketIntent, basketPath, SavedIntent, savedPath } from './intents.ts'
import { QuantityForm } from './quantity-form.tsx'

type Product = { id: number; title: string; inStock: boolean }
/** `anchor`: the id of the card or block the buttons sit in; a form without JavaScript comes back to it. */
type Placement = { className?: string; anchor?: string }

/** The fetcher of a product's "add to basket" form. */
const addFetcherKey = (productId: number) => `basket-add-${productId}`

/** "Add to basket" for one product: a real form; with JavaScript a fetcher (the header counts at once). */
export function AddToBasketButton({ product, className, anchor }: { product: Product } & Placement) {
  const ui = useBasketUi()
  const fetcher = useFetcher({ key: addFetcherKey(product.id) })
  if (!ui || !product.inStock) return null
  const { t, lang } = ui
  return (
    <fetcher.Form method="post" action={basketPath(lang)} className={className ?? 'basket-add'}>
      <FormContext here={ui.here} hydrated={ui.hydrated} anchor={anchor} />
      <input type="hidden" name="intent" value={BasketIntent.add} />
      <input type="hidden" name="product_id" value={product.id} />
      <button type="submit" className="button button--small basket-add__button">
        <Icon name="basket" size={18} />
        <span aria-hidden="true">{t('actions.add')}</span>
        <span className="visually-hidden">{t('actions.add_label', { title: product.title })}</span>
      </button>
    </fetcher.Form>
  )
}

/**
 * The favourite toggle (aria-pressed). Pressed as the server says, or as the
 * pending request asks while it is on its way.
 */
export function FavouriteButton({
  product,
  className,
  anchor,
}: { product: Pick<Product, 'id' | 'title'> } & Placement) {
  const ui = useBasketUi()
  const fetcher = useFetcher({ key: `saved-${product.id}` })
  if (!ui) return null
  const { t, lang } = ui
  const pending = fetcher.formData?.get('intent')
  const liked = pending ? pending === SavedIntent.like : ui.liked.has(product.id)
  return (
    <fetcher.Form method="post" action={savedPath(lang)} className={className ?? 'favourite-toggle'}>
      <FormContext here={ui.here} hydrated={ui.hydrated} anchor={anchor} />
      <input type="hidden" name="product_id" value={product.id} />
      <button
        type="submit"
        name="intent"
        value={liked ? SavedIntent.unlike : SavedIntent.like}
        className={`favourite-toggle__button${liked ? ' favourite-toggle__button--on' : ''}`}
        aria-pressed={liked}
        aria-label={t('actions.favourite_label', { title: product.title })}
      >
        <Icon name="heart" size={20} />
      </button>
    </fetcher.Form>
  )
}

/** The card's controls: add to basket and the favourite toggle. */
export function ProductCardActions({ product, anchor }: { product: Product; anchor?: string }) {
  return (
    <div className="card-actions">
      <AddToBasketButton product={product} anchor={anchor} />
      <FavouriteButton product={product} anchor={anchor} />
    </div>
  )
}

/**
 * The product page's controls: a large add-to-basket button or, once the
 * product is in the basket (`inBasket` units, or an add on its way), "in the
 * basket" with the quantity; and the favourite toggle. `anchor` is this
 * block's id.
 */
export function ProductPageActions({
  product,
  inBasket,
  anchor,
}: {
  product: Product
  inBasket: number
  anchor: string
}) {
  const ui = useBasketUi()
  const adding = useFetcher({ key: addFetcherKey(product.id) })
  if (!ui) return null
  const { t, lang } = ui
  const quantity = inBasket || (adding.formData ? 1 : 0)
  return (
    <div className="product-actions" id={anchor}>
      {quantity > 0 ? (
        <div className="basket-in">
          <Link to={basketPath(lang)} className="button button--small basket-in__link">
            <Icon name="basket" size={18} />
            <span>{t('actions.in_basket')}</span>
          </Link>
          <QuantityForm productId={product.id} title={product.title} current={quantity} anchor={anchor} />
        </div>
      ) : (
        <AddToBasketButton product={product} className="basket-add basket-add--large" anchor={anchor} />
      )}
      <FavouriteButton product={product} anchor={anchor} />
    </div>
  )
}
