import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { ProductCardActions } from '#app/components/basket/product-actions.tsx'
import type { ProductCardView, SizeChip } from '#app/components/catalogue/views.ts'
import { ShopLink } from '#app/components/shop-link.tsx'
import type { Lang } from '#app/utils/i18n.ts'
import { formatMoney } from '#app/utils/money.ts'
import { Highlighted } from './highlight.tsx'
import { ResponsiveImage } from './image.tsx'
import { PriceText } from './price.tsx'
import { RatingText } from './rating.tsx'

// Two columns on phones, up to five on wide screens (see catalogue.css).
const cardSizes = '(min-width: 1240px) 228px, (min-width: 1024px) 19vw, (min-width: 640px) 30vw, 46vw'

type CardProps = {
  product: ProductCardView
  lang: Lang
  /** The heading level of the title inside its section. */
  level?: 2 | 3
  /** Cards in the first screenful load their picture at once. */
  eager?: boolean
  /** The list's first card: its picture is the page's main one (high priority). */
  priority?: boolean
  /** The catalogue texts, looked up once by the list (useTranslation per card is costly on the server). */
  t: TFunction<'catalogue'>
  /** The card's id: a basket or favourite form without JavaScript comes back to it. */
  anchor?: string
}

/** One product in a list, with its basket and favourite buttons. */
export function ProductCard({ product, lang, level = 3, eager, priority, t, anchor }: CardProps) {
  const Heading = level === 2 ? 'h2' : 'h3'
  return (
    <article className="product-card" id={anchor}>
      <div className="product-card__media">
        {product.image ? (
          <ResponsiveImage
            links={product.image}
            alt=""
            width={240}
            height={240}
            sizes={cardSizes}
            eager={eager}
            priority={priority}
          />
        ) : (
          <span className="product-card__placeholder" />
        )}
        {product.discount ? <span className="product-card__discount">−{product.discount}%</span> : null}
      </div>
      <p className="product-card__brand">{product.brand}</p>
      <Heading className="product-card__title">
        <ShopLink to={`/${lang}/products/${product.slug}`}>
          <Highlighted text={product.title} ranges={product.highlight} />
        </ShopLink>
      </Heading>
      <RatingText rating={product.rating} reviews={product.reviews} compact t={t} />
      {product.line && !product.line.named ? (
        <p className="price">
          <strong className="price__now price__now--from">
            {t('line.from', { price: formatMoney(product.line.priceFrom, lang) })}
          </strong>
        </p>
      ) : (
        <PriceText price={product.price} salePrice={product.salePrice} lang={lang} t={t} />
      )}
      {product.line ? <SizeChips chips={product.line.chips} title={product.title} lang={lang} t={t} /> : null}
      {product.inStock ? null : <p className="product-card__stock">{t('stock.out')}</p>}
      <ProductCardActions product={product} anchor={anchor} />
    </article>
  )
}

/**
 * A line's volumes on its card, each a link to that size (the card's own
 * marked, sold-out ones dimmed): the same with or without JavaScript.
 */
function SizeChips({
  chips,
  title,
  lang,
  t,
}: {
  chips: SizeChip[]
  title: string
  lang: Lang
  t: TFunction<'catalogue'>
}) {
  return (
    <ul className="size-chips" aria-label={t('line.sizes_of', { title })}>
      {chips.map((chip) => (
        <li key={chip.volume}>
          <ShopLink
            to={`/${lang}/products/${chip.slug}`}
            className={chip.inStock ? 'size-chip' : 'size-chip size-chip--out'}
            aria-current={chip.current ? 'true' : undefined}
          >
            {chip.volume} {t(`unit.${chip.unit}`)}
            {chip.inStock ? null : <span className="visually-hidden">, {t('stock.out')}</span>}
          </ShopLink>
        </li>
      ))}
    </ul>
  )
}

export function ProductGrid({
  products,
  lang,
  level,
  eagerCount = 0,
  label,
  anchorPrefix = 'product',
}: {
  products: ProductCardView[]
  lang: Lang
  level?: 2 | 3
  eagerCount?: number
  label?: string
  /** Cards are `#{anchorPrefix}-{id}`: another prefix where a product may be in two lists of a page. */
  anchorPrefix?: string
}) {
  const { t } = useTranslation('catalogue')
  // The main picture is the first card's that has one (a card may have none yet).
  const main = eagerCount > 0 ? products.findIndex((product) => product.image) : -1
  return (
    <ul className="product-grid" aria-label={label}>
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard
            product={product}
            lang={lang}
            level={level}
            eager={index < eagerCount}
            priority={index === main}
            t={t}
            anchor={`${anchorPrefix}-${product.id}`}
          />
        </li>
      ))}
    </ul>
  )
}
