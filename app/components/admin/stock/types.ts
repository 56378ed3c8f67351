/** What admin/stock/ answers (api/admin/stock/schemas.ts). */
export type StockBatch = {
  id: number
  quantity: number
  expires_on: string | null
  received_at: string
  note: string | null
}

export type StockProductRef = {
  id: number
  slug: string
  title: string
  sku: string | null
  stock: number
  low_stock_threshold: number
  price: number
  sale_price: number | null
  is_hidden: boolean
}

export type StockRow = StockProductRef & { nearest_expiry: string | null }

export type StockProduct = StockProductRef & {
  own_low_stock_threshold: number | null
  low: boolean
  sale_starts_at: string | null
  sale_ends_at: string | null
  batches: StockBatch[]
  unbatched: number
}

export type ExpiringRow = { batch: StockBatch; product: StockProductRef; days_left: number }

export type StockMovement = {
  id: number
  delta: number
  reason: 'order' | 'order_cancelled' | 'correction' | 'arrival' | 'import' | 'undo'
  order: { id: number; number: string } | null
  batch: { id: number; expires_on: string | null } | null
  actor: string | null
  staff: { id: number; name: string } | null
  note: string | null
  stock_after: number
  created_at: string
}

export type Page<T> = {
  results: T[]
  total: number
  total_pages: number
  current_page: number
  links: { next: string | null; previous: string | null }
}
