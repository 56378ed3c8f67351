import type { RouterContextProvider } from 'react-router'
import { getInstance } from '#app/middleware/i18next.ts'

/** Texts of the `admin-customers` namespace in the request's language. */
export function customersT(context: Readonly<RouterContextProvider>) {
  const i18n = getInstance(context as RouterContextProvider)
  return (key: string, vars?: Record<string, unknown>) => i18n.t(`admin-customers:${key}`, vars ?? {}) as string
}

export type CustomerRow = {
  id: number
  name: string
  phone: string | null
  registered_at: string
  orders_count: number
  cashback_balance: number
  blocked: { at: string; reason: string } | null
}

/** A customer as `admin/customers/{id}/` answers. */
export type Customer = CustomerRow & {
  phones_masked: boolean
  saved_cards: number
  orders: {
    total: number
    results: {
      id: number
      number: string
      status: number
      status_label: string
      total: number
      discount: number
      promo_code: string | null
      created_at: string
    }[]
  }
  cashback: {
    total: number
    results: {
      id: number
      order_id: number | null
      amount: number
      reason: 'spent' | 'refund' | 'earned' | 'adjustment'
      note: string | null
      created_at: string
    }[]
  }
  reviews: {
    total: number
    results: {
      id: number
      product_id: number
      product_title: string
      product_slug: string
      rating: number
      comment: string | null
      created_at: string
    }[]
  }
}
