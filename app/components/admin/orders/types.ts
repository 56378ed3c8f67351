// The orders desk's view of the admin orders API. Placeholder shapes until the API's schemas land.

export type DeskStatusName =
  | 'awaiting_payment'
  | 'cancelled'
  | 'accepted'
  | 'ready_for_delivery'
  | 'on_the_way'
  | 'delivered'

export type DeskOrderRow = {
  id: number
  number: string
  status: number
  status_name: DeskStatusName
  is_new: boolean
  payment_method: 'cash' | 'card' | 'payme' | 'click'
  payment_status: 'pending' | 'paid' | 'failed' | 'refund_pending' | 'refunded'
  delivery: 'courier' | 'pickup'
  region: { code: string; name: string }
  customer: { id: number; name: string; phone: string } | null
  receiver: { name: string; phone: string }
  total: number
  created_at: string
}

export type DeskOrderPage = { results: DeskOrderRow[]; total: number; total_pages: number; current_page: number }

export type DeskCounts = { statuses: Record<string, number>; all: number; new: number }

export type DeskOrder = {
  id: number
  number: string
  status: number
  status_name: DeskStatusName
  payment_method: 'cash' | 'card' | 'payme' | 'click'
  payment_status: 'pending' | 'paid' | 'failed' | 'refund_pending' | 'refunded'
  refund: { status: 'refund_pending' | 'refunded'; amount: number; label: string } | null
  delivery: 'courier' | 'pickup'
  delivery_price: number
  address: {
    region: { code: string | null; name: string }
    district: { code: string | null; name: string } | null
    street: string
    house: string
    flat: string | null
    landmark: string | null
    latitude: number | null
    longitude: number | null
  }
  customer: { id: number; name: string; phone: string } | null
  receiver: { name: string; phone: string; extra_phone: string | null }
  items: Array<{
    product_id: number | null
    slug: string
    title: string
    image: string | null
    unit_price: number
    quantity: number
    line_total: number
  }>
  products_count: number
  subtotal: number
  promo_code: string | null
  discount: number
  cashback_used: number
  vat_percent: number
  vat: number
  total: number
  paid_total: number
  cashback_earned: number
  created_at: string
  cancel_reason: string | null
  assigned_staff: { id: number; name: string } | null
  payments: Array<{ id: number; provider: string; status: string; amount: number; created_at: string }>
  timeline: Array<{
    status: number
    at: string
    actor: { kind: 'staff' | 'customer' | 'system'; name: string | null }
    reason: string | null
  }>
  /** What this staff member may do now. */
  next_statuses: number[]
  can_mark_cash_received: boolean
  can_send_payment_link: boolean
}
