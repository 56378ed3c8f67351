/**
 * Review rules (SPEC §3 Review, §5), shared by the API and the storefront's
 * form: browser-safe (zod only). Messages are keys of locales/{lang}/api.json.
 */
import { z } from 'zod'
import { COMMENT_MAX, REVIEW_PHOTOS_MAX } from '#contract/review-limits.ts'

export { COMMENT_MAX, REVIEW_PHOTOS_MAX }

/** `POST products/{slug}/reviews/`: the rating 1–5 (a whole number) and an optional comment. */
export const reviewInputSchema = z.object({
  rating: z.number().int().min(1).max(5),
  comment: z
    .string()
    .max(COMMENT_MAX)
    .nullish()
    .transform((value) => value?.trim() || null),
  clear_photos: z.boolean().optional(),
})

/** A multipart or urlencoded form's text fields as the JSON body would have them. */
export function reviewFormFields(form: Record<string, unknown>) {
  const rating = form.rating
  return {
    rating:
      typeof rating === 'string' && /^\s*-?\d+\s*$/.test(rating)
        ? Number(rating)
        : rating === '' || rating === undefined
          ? undefined
          : rating,
    comment: typeof form.comment === 'string' ? form.comment : undefined,
    clear_photos: form.clear_photos === 'true' || form.clear_photos === 'on' || form.clear_photos === '1',
  }
}
