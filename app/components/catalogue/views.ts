import type { Category, Highlight, ImageLinks, ProductCard, SearchAlternatives } from '#api/types.ts'
import type { ListingSizes } from '#contract/product-lines.ts'
import type { FixedFilters, ListFilters } from './list-params.ts'

// What the catalogue pages render: the API's answers (api/types.ts) slimmed down
// by the loaders before they are serialised into the page.

/** What a product card shows: one picture, no description; small enough to list by the dozen. */
export type ProductCardView = {
  id: number
  slug: string
  title: string
  brand: string
  price: number
  salePrice: number | null
  discount: number | null
  image: CardImage | null
  rating: number | null
  reviews: number
  inStock: boolean
  highlight?: Highlight
  /** On a list of one card per line: the line's lowest price, its volumes as chips, and whether a search named this size. */
  line?: { priceFrom: number; named: boolean; chips: SizeChip[] }
}

/** A volume of a line on its card: a link to the product of that volume. */
export type SizeChip = { volume: number; unit: ProductCard['unit']; slug: string; inStock: boolean; current: boolean }

/** A card's line as the card shows it. */
export function toLineView(line: NonNullable<ProductCard['line']>): NonNullable<ProductCardView['line']> {
  return {
    priceFrom: line.price_from,
    named: line.size_named,
    chips: line.sizes.map((s) => ({
      volume: s.volume,
      unit: s.unit,
      slug: s.slug,
      inStock: s.in_stock,
      current: s.current,
    })),
  }
}

export function toCardView(product: ProductCard): ProductCardView {
  return {
    id: product.id,
    slug: product.slug,
    title: product.title,
    brand: product.brand.name,
    price: product.price,
    salePrice: product.sale_price,
    discount: product.discount_percent,
    image: cardImage(product.images[0]),
    rating: product.rating,
    reviews: product.review_count,
    inStock: product.in_stock,
    ...(product.highlight?.length ? { highlight: product.highlight } : {}),
    ...(product.line ? { line: toLineView(product.line) } : {}),
  }
}

/** The widths a card offers (image.tsx): the 64 px copy is for thumbnails, never a card. */
export type CardImage = Pick<ImageLinks, 'small' | 'medium' | 'large'>

function cardImage(links: ImageLinks | undefined): CardImage | null {
  return links ? { small: links.small, medium: links.medium, large: links.large } : null
}

export type BrandOption = { slug: string; name: string }

/** One page of a product list as the list pages render it. */
export type ListingView = {
  filters: ListFilters
  products: ProductCardView[]
  total: number
  totalPages: number
  page: number
  /** How the API listed a line's sizes: one card (`together`) or a card each. */
  sizes: ListingSizes
  brandOptions: BrandOption[]
  /** What the page itself narrows the list to (a category, a manufacturer): the live count asks for it too. */
  fixed: FixedFilters
  /** A search that found nothing: what to offer instead (listing.server.ts `loadSearchHelp`). */
  searchHelp?: SearchHelp
}

/** Near spellings and brands that find products, the shop's popular products and categories. */
export type SearchHelp = SearchAlternatives & {
  popular: ProductCardView[]
  categories: Pick<Category, 'id' | 'slug' | 'title' | 'image'>[]
}
