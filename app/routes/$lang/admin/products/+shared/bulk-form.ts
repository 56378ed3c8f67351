import { bulkActions } from '#contract/catalogue-batches.ts'
import { z } from '#contract/zod.ts'

const localMoment = z
  .string()
  .regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d$/, 'invalid')
  .optional()

/**
 * The bulk form: the chosen ids (hidden fields) and the action with what it
 * needs; the API says which of category, percent or price the action lacks.
 * Conform turns the fields' text into numbers; messages are api.json keys.
 */
export const bulkForm = z.object({
  id: z.array(z.number().int().min(1)).min(1),
  action: z.enum(bulkActions),
  category_id: z.number().int().min(1).optional(),
  percent: z.number().int().min(-90).max(500).optional(),
  sale_price: z.number().int().min(1).max(2_147_483_647).optional(),
  sale_starts_at: localMoment,
  sale_ends_at: localMoment,
})
