import type { ImageLinks } from '#app/components/catalogue/types.ts'

// The basket as GET orders/cart/products/ answers it (api/cart/schemas.ts is the contract).

export type CartProduct = {
  id: number
  slug: string
  title: string
  images: ImageLinks[]
  price: number
  sale_price: number | null
  volume: number | null
  unit: 'ml' | 'g'
  brand: { id: number; slug: string; name: string }
  in_stock: boolean
  stock: number
  is_liked: boolean
}

export type CartLine = {
  product: CartProduct
  quantity: number
  price: number
  line_total: number
  regular_total: number
  price_changed: boolean
  previous_price: number | null
  available_quantity: number
  unavailable: boolean
  exceeds_stock: boolean
  added_at: string
}

export type Cart = {
  products: CartLine[]
  total_items: number
  total_price: number
  discount: number
  total: number
  price_changed: boolean
  ready_for_checkout: boolean
}

/** 409 of the basket calls: not enough stock (or the 999 / 100 limits). */
export type CartLimitError = { detail: string; available_quantity: number; in_cart: number }
