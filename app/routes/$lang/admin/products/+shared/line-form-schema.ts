import { concentrations, sizeKinds } from '#contract/product-lines.ts'
import { z } from '#contract/zod.ts'

// The product page's line section: group with another product, leave the
// line, make a new size. Light checks; `admin/products/{id}/line/` and
// `…/sizes/` check everything again.

export const groupForm = z.object({
  with: z.string('required').trim().min(1, 'required').max(120, 'max_length'),
})

const whole = z.number('required').int('invalid_type').min(1, 'invalid_type')

export const newSizeForm = z.object({
  volume: whole.max(1_000_000, 'invalid_type'),
  price: whole,
  concentration: z.enum(concentrations).optional(),
  size_kind: z.enum(sizeKinds).optional(),
  sku: z.string().trim().max(64, 'max_length').optional(),
})

/** The intents of the line section's forms on the product page (beside the product form's own). */
export const LineIntent = {
  group: 'line_group',
  leave: 'line_leave',
  newSize: 'line_new_size',
} as const
