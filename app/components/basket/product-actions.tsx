import type { ReactNode } from 'react'
import { Link, useFetcher } from 'react-router'
import { Icon } from '#app/components/icon.tsx'
import { useFramePersonal } from '#app/components/shell/frame-personal.tsx'
import { PersonalSlot } from '#app/utils/personal.tsx'
import { useAnswerToast } from './answer-toast.ts'
import { useBasketUi } from './basket-context.tsx'
import { FormContext } from './form-context.tsx'
import { BasketIntent, basketPath, replayedWhenAlive, SavedIntent, savedPath } from './intents.ts'
import { oncePerPress, useLatestPress } from './presses.ts'
import { QuantityForm } from './quantity-form.tsx'

type Product = { id: number; title: string; inStock: boolean }
/** `anchor`: the id of the card or block the buttons sit in; a form without JavaScript comes back to it. */
type Placement = { className?: string; anchor?: string }

/** The fetcher of a product's "add to basket" form. */
const addFetcherKey = (productId: number) => `basket-add-${productId}`

/** "Add to basket" for one product: a real form; with JavaScript a fetcher (the header counts at once). */
function AddToBasketButton({ product, className, anchor }: { product: Product } & Placement) {
  const ui = useBasketUi()
  const fetcher = useFetcher({ key: addFetcherKey(product.id) })
  if (!ui || !product.inStock) return null
  const { t, lang } = ui
  return (
    <fetcher.Form
      method="post"
      action={basketPath(lang)}
      className={className ?? 'basket-add'}
      onSubmit={oncePerPress(fetcher)}
      {...replayedWhenAlive}
    >
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
 * shopper's last press asks while it is on its way: a quick second press
 * (taking a like back) goes once the first is answered.
 */
export function FavouriteButton({
  product,
  className,
  anchor,
}: { product: Pick<Product, 'id' | 'title'> } & Placement) {
  const ui = useBasketUi()
  const fetcher = useFetcher({ key: `saved-${product.id}` })
  const press = useLatestPress(fetcher)
  useAnswerToast(fetcher)
  if (!ui) return null
  const { t, lang } = ui
  const pending = press.formData?.get('intent')
  const liked = pending ? pending === SavedIntent.like : ui.liked.has(product.id)
  return (
    <fetcher.Form
      method="post"
      action={savedPath(lang)}
      className={className ?? 'favourite-toggle'}
      onSubmit={press.onSubmit}
      {...replayedWhenAlive}
    >
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

/**
 * "Add to basket" or, once the product is in the basket (or an add is on its way), "in the basket" with
 * the quantity: on the product page (`large`) and on every card.
 */
function BasketControl({ product, anchor, large }: { product: Product; anchor?: string; large?: boolean }) {
  const ui = useBasketUi()
  const adding = useFetcher({ key: addFetcherKey(product.id) })
  // Here rather than in the add form, which gives way to the quantity as soon as it is sent.
  useAnswerToast(adding)
  if (!ui) return null
  const { t, lang } = ui
  const quantity = ui.inBasket.get(product.id) || (adding.formData ? 1 : 0)
  if (quantity <= 0) {
    return (
      <AddToBasketButton
        product={product}
        className={large ? 'basket-add basket-add--large' : undefined}
        anchor={anchor}
      />
    )
  }
  return (
    <div className={large ? 'basket-in' : 'basket-in basket-in--card'}>
      <Link to={basketPath(lang)} className={`button button--small ${large ? '' : 'button--outline '}basket-in__link`}>
        <Icon name="basket" size={18} />
        <span>{t('actions.in_basket')}</span>
      </Link>
      <QuantityForm productId={product.id} title={product.title} current={quantity} anchor={anchor} />
    </div>
  )
}

/**
 * The shopper's own part of a product's controls, rendered for them from a
 * cached page where their basket or favourites hold the product.
 */
function ProductSlot({ product, anchor, children }: { product: Product; anchor?: string; children: ReactNode }) {
  const frame = useFramePersonal()
  if (!frame) return children
  return (
    <PersonalSlot
      id={`product-actions-${anchor ?? product.id}`}
      state={(value) => {
        const { inBasket, liked } = value(frame.text)
        return [inBasket.find(([id]) => id === product.id)?.[1] ?? 0, liked.includes(product.id)]
      }}
    >
      {children}
    </PersonalSlot>
  )
}

/** The card's controls: add to basket (or the quantity in it) and the favourite toggle. */
export function ProductCardActions({ product, anchor }: { product: Product; anchor?: string }) {
  return (
    <ProductSlot product={product} anchor={anchor}>
      <div className="card-actions">
        <BasketControl product={product} anchor={anchor} />
        <FavouriteButton product={product} anchor={anchor} />
      </div>
    </ProductSlot>
  )
}

/**
 * The product page's controls: a large add-to-basket button (or the quantity in the basket), the favourite
 * toggle. `anchor`: the id of the block above them that a form without JavaScript comes back to (the
 * product's title and price, so that they and the buttons are in view).
 */
export function ProductPageActions({ product, anchor }: { product: Product; anchor: string }) {
  return (
    <ProductSlot product={product} anchor={anchor}>
      <div className="product-actions">
        <BasketControl product={product} anchor={anchor} large />
        <FavouriteButton product={product} anchor={anchor} />
      </div>
    </ProductSlot>
  )
}
