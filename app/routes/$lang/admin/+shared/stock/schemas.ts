import { requiredText } from '#contract/account.ts'
import { z } from '#contract/zod.ts'

/** The stock screens' forms (browser-safe); the API checks the same again. */
export const StockIntent = { correct: 'correct', arrival: 'arrival', sale: 'sale' } as const

/** As admin/stock/ takes them. */
export const COUNT_MAX = 1_000_000
export const NOTE_MAX = 500
export const EXPIRING_DAYS = 60

/** A whole number typed into a form: empty is `required`, anything else not a whole number `whole_number`. */
const whole = () =>
  z.number({ error: (issue) => (issue.input === undefined || issue.input === '' ? 'required' : 'whole_number') })
const count = (min: number) => whole().int('whole_number').min(min, 'count_range').max(COUNT_MAX, 'count_range')
// <input type="date"> sends YYYY-MM-DD; without JavaScript an old browser may send anything typed.
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'date_invalid')
  .optional()

export const correctionForm = z.object({
  product_id: z.number().int().min(1),
  seen: count(0),
  counted: count(0),
  reason: requiredText(NOTE_MAX),
  expires_on: day,
})

export const arrivalForm = z.object({
  quantity: count(1),
  expires_on: day,
  note: z.string().trim().max(NOTE_MAX, 'max_length').optional(),
})

export const saleForm = z.object({
  product_id: z.number().int().min(1),
  percent: whole().int('whole_number').min(1, 'percent_range').max(90, 'percent_range'),
  days: z.number().int().min(1).max(730).default(EXPIRING_DAYS),
})

/** The reasons offered for a count; the API takes any text. */
export const correctionReasons = ['recount', 'damaged', 'lost', 'found', 'expired'] as const
