import type { PromoCode } from '#api/types.ts'

/** A promo code as `admin/promo/{id}/` answers. */
export type { PromoCode }

/** A moment as the form's `datetime-local` shows it: Tashkent time. */
export function localMoment(iso: string | null): string {
  if (!iso) return ''
  return new Date(Date.parse(iso) + 5 * 3_600_000).toISOString().slice(0, 16)
}

/** The form's values for a stored code (edit page). */
export const promoDefaults = (p: PromoCode) => ({
  code: p.code,
  kind: p.percent != null ? 'percent' : 'amount',
  value: String(p.percent ?? p.amount ?? ''),
  min_total: String(p.min_total),
  valid_from: localMoment(p.valid_from),
  valid_to: localMoment(p.valid_to),
  usage_limit: p.usage_limit == null ? '' : String(p.usage_limit),
  per_customer_limit: p.per_customer_limit == null ? '' : String(p.per_customer_limit),
  active: p.active ? 'on' : '',
})
