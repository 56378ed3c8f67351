import '#app/styles/basket.css'
import { useFetcher } from 'react-router'
import { Icon } from '#app/components/icon.tsx'
import { useBasketUi } from './basket-context.tsx'
import { BasketIntent, basketPath, JS_FIELD, SavedIntent, savedPath } from './intents.ts'

type Product = { id: number; title: string; inStock: boolean }

/** The hidden fields every basket and favourites form carries. */
export function FormContext({ here, hydrated }: { here: string; hydrated: boolean }) {
  return (
    <>
      <input type="hidden" name="redirectTo" value={here} />
      {hydrated ? <input type="hidden" name={JS_FIELD} value="1" /> : null}
    </>
  )
}

/** "Add to basket" for one product: a real form; with JavaScript a fetcher (the header counts at once). */
export function AddToBasketButton({ product, className }: { product: Product; className?: string }) {
  const ui = useBasketUi()
  const fetcher = useFetcher({ key: `basket-add-${product.id}` })
  if (!ui || !product.inStock) return null
  const { t, lang } = ui
  return (
    <fetcher.Form method="post" action={basketPath(lang)} className={className ?? 'basket-add'}>
      <FormContext here={ui.here} hydrated={ui.hydrated} />
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
}: {
  product: Pick<Product, 'id' | 'title'>
  className?: string
}) {
  const ui = useBasketUi()
  const fetcher = useFetcher({ key: `saved-${product.id}` })
  if (!ui) return null
  const { t, lang } = ui
  const pending = fetcher.formData?.get('intent')
  const liked = pending ? pending === SavedIntent.like : ui.liked.has(product.id)
  return (
    <fetcher.Form method="post" action={savedPath(lang)} className={className ?? 'favourite-toggle'}>
      <FormContext here={ui.here} hydrated={ui.hydrated} />
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
export function ProductCardActions({ product }: { product: Product }) {
  return (
    <div className="card-actions">
      <AddToBasketButton product={product} />
      <FavouriteButton product={product} />
    </div>
  )
}

/** The product page's controls: a large add-to-basket button and the favourite toggle. */
export function ProductPageActions({ product }: { product: Product }) {
  return (
    <div className="product-actions">
      <AddToBasketButton product={product} className="basket-add basket-add--large" />
      <FavouriteButton product={product} />
    </div>
  )
}
