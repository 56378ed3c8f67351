// An order as the API answers it (api/orders/schemas.ts is the contract).

export type OrderStep = { status: number; name: string; label: string; done: boolean }
export type Place = { code: string | null; name: string }

export type Order = {
  id: number
  number: string
  status: number
  status_name: string
  status_label: string
  steps: OrderStep[]
  can_cancel: boolean
  /** Awaiting its online payment, which may be (re)started: the "pay" action. */
  can_pay: boolean
  payment_method: 'cash' | 'card' | 'payme' | 'click'
  payment_status: 'pending' | 'paid' | 'failed' | 'refund_pending' | 'refunded'
  /** A paid order that was cancelled: the money on its way back, or back. */
  refund: { status: 'refund_pending' | 'refunded'; amount: number; label: string } | null
  cancel_reason: string | null
  /** The saved card the order is paid with (payment by card), if any. */
  card_id: number | null
  delivery: 'courier' | 'pickup'
  delivery_price: number
  address: {
    region: Place
    district: Place | null
    street: string
    house: string
    flat: string | null
    landmark: string | null
    latitude: number | null
    longitude: number | null
  }
  receiver: { name: string; phone: string; extra_phone: string | null }
  items: Array<{
    product_id: number | null
    slug: string
    title: string
    unit_price: number
    regular_price: number
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
}

export type OrderPage = { results: Order[]; total: number; total_pages: number; current_page: number }

/** Status 1: the order waits for its online payment. */
export const AWAITING_PAYMENT = 1

/** Where the order page's payment form is: the "pay" action of the list links there. */
export const PAY_FRAGMENT = 'pay'
