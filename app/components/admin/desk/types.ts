// The back office's reviews, inbox and statistics as the API answers them
// (api/admin/{reviews,inbox,stats}/ schemas), types only.

type Paged<T> = {
  results: T[]
  total: number
  total_pages: number
  current_page: number
  links: { next: string | null; previous: string | null }
}

export type StaffRef = { id: number; name: string } | null

export type Moderation = 'new' | 'published' | 'hidden'
export type StaffReview = {
  id: number
  moderation: Moderation
  rating: number
  comment: string | null
  photos: string[]
  author: { id: number; name: string }
  product: { id: number; slug: string; title: string }
  hidden_reason: string | null
  moderated_at: string | null
  moderated_by: StaffRef
  reply: string | null
  reply_at: string | null
  reply_by: StaffRef
  created_at: string
  updated_at: string
}
export type StaffReviewPage = Paged<StaffReview> & { counts: Record<Moderation, number> }

export type InboxStatus = 'new' | 'in_progress' | 'done'
export type InboxRow = {
  id: number
  kind: 'feedback' | 'bug'
  status: InboxStatus
  read: boolean
  name: string | null
  excerpt: string
  lang: string
  phone: string | null
  assignee: StaffRef
  created_at: string
}
export type InboxPage = Paged<InboxRow> & { counts: { unread: number } & Record<InboxStatus, number> }
export type InboxMessage = Omit<InboxRow, 'excerpt'> & {
  text: string
  page: string | null
  screenshot: string | null
  customer_id: number | null
  read_at: string | null
  replies: { text: string; phone: string | null; staff: StaffRef; created_at: string }[]
  replies_left: number
}

type Totals = { orders: number; orders_total: number; revenue: number; average: number }
export type ShopStatistics = Totals & {
  from: string
  to: string
  today: Totals
  by_status: { status: number; name: string; label: string; count: number }[]
  payment: { online: { orders: number; total: number }; cash: { orders: number; total: number } }
  per_day: { day: string; orders: number; orders_total: number; revenue: number; online: number; cash: number }[]
  top_products: { product_id: number | null; slug: string; title: string; quantity: number; total: number }[]
  top_brands: { brand_id: number; name: string; quantity: number; total: number }[]
  low_stock: { count: number; default_threshold: number }
  new_customers: number
  search_misses: { term: string; count: number }[]
}

/** The statistics charts' shapes as the server draws them (app/routes/$lang/admin/charts.server.ts). */
export type Tick = { y: number; label: string }
export type XLabel = { x: number; label: string }
export type Bar = { x: number; y: number; width: number; height: number; label: string }
export type StackedBar = {
  x: number
  width: number
  parts: { y: number; height: number; key: string }[]
  label: string
}
type Axis = { ticks: Tick[]; labels: XLabel[] }
export type DailyCharts = {
  orders: Axis & { bars: Bar[] }
  revenue: Axis & { path: string; points: { x: number; y: number; label: string }[] }
  payment: Axis & { bars: StackedBar[] }
}
