import type { RouterContextProvider } from 'react-router'
import { z } from '#contract/zod.ts'
import { staffLoad } from '../forms.server.ts'
import type { PromoCode } from './+shared/promo-values.ts'

export type { PromoCode }

type Context = Readonly<RouterContextProvider>

export const loadPromo = (context: Context, id: string) => staffLoad(context, `admin/promo/${id}/`)

const whole = z.string().trim().regex(/^\d*$/, 'invalid_type').optional()
const moment = z
  .string()
  .trim()
  .regex(/^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})?$/, 'invalid_type')
  .optional()

/**
 * The form's fields as typed: only their shape is checked here, the rules
 * (code format, one kind of discount, dates in order, limits) are the API's,
 * whose field errors come back onto these fields (`apiFieldOf`).
 */
export const promoForm = z.object({
  code: z.string().trim().min(1, 'required').max(32, 'max_length'),
  kind: z.enum(['percent', 'amount']),
  value: z.string().trim().min(1, 'required').regex(/^\d+$/, 'invalid_type'),
  min_total: whole,
  valid_from: moment,
  valid_to: moment,
  usage_limit: whole,
  per_customer_limit: whole,
  active: z.string().optional(),
})
export type PromoFormValue = z.infer<typeof promoForm>

const number = (value: string | undefined) => (value ? Number(value) : null)
/** A `datetime-local` value is Tashkent time (UTC+5, no daylight saving). */
const tashkent = (value: string | undefined) => (value ? `${value}:00+05:00` : null)

/** The API body of a form: the discount as percent or amount, empty limits and dates as null. */
export function promoBody(value: PromoFormValue) {
  const size = Number(value.value)
  return {
    code: value.code,
    percent: value.kind === 'percent' ? size : null,
    amount: value.kind === 'amount' ? size : null,
    min_total: number(value.min_total) ?? 0,
    valid_from: tashkent(value.valid_from),
    valid_to: tashkent(value.valid_to),
    usage_limit: number(value.usage_limit),
    per_customer_limit: number(value.per_customer_limit),
    active: value.active === 'on',
  }
}

/** The form field an API field error belongs on. */
export const formFields = ['code', 'value', 'min_total', 'valid_from', 'valid_to', 'usage_limit', 'per_customer_limit']
export function onFormFields(fieldErrors: Record<string, string[]>, errors: { field: string; message: string }[] = []) {
  const out = { ...fieldErrors }
  for (const e of errors)
    if (e.field === 'percent' || e.field === 'amount') out.value = [...(out.value ?? []), e.message]
  return out
}
