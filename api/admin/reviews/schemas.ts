import { z } from '@hono/zod-openapi'
import { HIDE_REASON_MAX, REPLY_MAX } from '#contract/desk.ts'
import { reviewModerations } from '../../db/schema/index.ts'
import { pagedSchema, pagingQuery } from '../../http/paging.ts'
import { idParam } from '../../http/schemas.ts'
import { optionalIdQuery } from '../query.ts'

/** A hide reason and a shop reply: short texts staff type. */

export const reviewIdParams = z.object({ id: idParam('id', 7) })

export const reviewListQuery = z.object({
  ...pagingQuery,
  moderation: z.enum(reviewModerations).optional().openapi({ description: 'new, published or hidden; all without' }),
  product_id: optionalIdQuery('Reviews of this product'),
  rating: z.coerce.number().int().min(1).max(5).optional().openapi({ description: 'Only this rating' }),
})

const staffRef = z.object({ id: z.number().int(), name: z.string() }).nullable()

export const staffReviewSchema = z
  .object({
    id: z.number().int(),
    moderation: z.enum(reviewModerations),
    rating: z.number().int(),
    comment: z.string().nullable(),
    photos: z.array(z.string()).openapi({ description: 'URLs of the photos (medium size)' }),
    author: z.object({ id: z.number().int(), name: z.string() }),
    product: z.object({ id: z.number().int(), slug: z.string(), title: z.string() }),
    hidden_reason: z.string().nullable(),
    moderated_at: z.string().nullable(),
    moderated_by: staffRef,
    reply: z.string().nullable(),
    reply_at: z.string().nullable(),
    reply_by: staffRef,
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('StaffReview')

export const staffReviewPage = pagedSchema(staffReviewSchema)
  .extend({
    counts: z
      .object(
        Object.fromEntries(reviewModerations.map((m) => [m, z.number().int()])) as Record<
          (typeof reviewModerations)[number],
          z.ZodNumber
        >,
      )
      .openapi({ description: 'Reviews per moderation state (the tabs), whatever the filter' }),
  })
  .openapi('StaffReviewPage')

export const hideBody = z.object({ reason: z.string().trim().min(1).max(HIDE_REASON_MAX) }).openapi('ReviewHide', {
  description: 'Why it is hidden (kept for the staff and the audit log, not shown to anyone else)',
})

export const replyBody = z
  .object({
    text: z
      .string()
      .trim()
      .max(REPLY_MAX)
      .openapi({ description: 'The reply as shown under the review; empty removes it' }),
  })
  .openapi('ReviewReply')
