import type { ListFilters } from './list-params.ts'

// The catalogue API's answers as the storefront reads them (GET /api/v1/openapi.json
// is the contract). Loaders slim them down to the *View types before they are
// rendered and serialised into the page.

export type ImageLinks = { extra_small: string; small: string; medium: string; large: string }
export type Range = [number, number]
export type Ref = { id: number; slug: string; title: string }
export type BrandRef = { id: number; slug: string; name: string }
export type Country = { code: string; name: string }

export type Paged<T> = {
  results: T[]
  total: number
  total_pages: number
  current_page: number
  links: { next: string | null; previous: string | null }
}

export type ApiProductCard = {
  id: number
  slug: string
  title: string
  price: number
  sale_price: number | null
  discount_percent: number | null
  images: ImageLinks[]
  brand: BrandRef
  volume: number | null
  unit: 'ml' | 'g'
  rating: number | null
  review_count: number
  in_stock: boolean
  is_recommendation: boolean
  created_at: string
  updated_at: string
  highlight?: Range[]
  brand_highlight?: Range[]
}

export type ApiProductDetail = Omit<ApiProductCard, 'highlight' | 'brand_highlight'> & {
  description: string
  audience: 'women' | 'men' | 'unisex'
  audience_label: string
  country: Country
  release_year: number | null
  manufacturer: BrandRef | null
  categories: Ref[]
  stock: number
  similar: ApiProductCard[]
}

export type Category = Ref & { image: ImageLinks | null; group: Ref | null; product_count: number }
export type CategoryGroup = {
  id: number | null
  slug: string | null
  title: string
  children: (Ref & { image: ImageLinks | null })[]
}
export type Brand = BrandRef & { letter: string; country: Country; is_popular: boolean; product_count: number }
export type Manufacturer = BrandRef & { country: Country; brands: BrandRef[]; product_count: number }
export type Banner = { id: number; title: string; subtitle: string; image: ImageLinks; link: string | null }
export type StoryItem = { id: number; title: string; image: ImageLinks; link: string | null; is_read: boolean }
export type Story = { id: number; title: string; cover: ImageLinks; is_read: boolean; items: StoryItem[] }
export type ContentPage = { id: number; slug: string; kind: string; title: string; body: string }
export type PostCard = { id: number; title: string; excerpt: string; image: ImageLinks | null; published_at: string }
export type Post = Omit<PostCard, 'excerpt'> & { body: string }

/** What a product card shows: one picture, no description; small enough to list by the dozen. */
export type ProductCardView = {
  id: number
  slug: string
  title: string
  brand: string
  price: number
  salePrice: number | null
  discount: number | null
  image: ImageLinks | null
  rating: number | null
  reviews: number
  inStock: boolean
  highlight?: Range[]
}

export function toCardView(product: ApiProductCard): ProductCardView {
  return {
    id: product.id,
    slug: product.slug,
    title: product.title,
    brand: product.brand.name,
    price: product.price,
    salePrice: product.sale_price,
    discount: product.discount_percent,
    image: product.images[0] ?? null,
    rating: product.rating,
    reviews: product.review_count,
    inStock: product.in_stock,
    ...(product.highlight?.length ? { highlight: product.highlight } : {}),
  }
}

export type BrandOption = { slug: string; name: string }

/** One page of a product list as the list pages render it. */
export type ListingView = {
  filters: ListFilters
  products: ProductCardView[]
  total: number
  totalPages: number
  page: number
  brandOptions: BrandOption[]
}
