import type { Context } from 'hono'
import { type ApiDeps, type ApiEnv, createRouter } from '../../http/context.ts'
import { ApiError } from '../../http/errors.ts'
import { message } from '../../http/messages.ts'
import { requiredJson } from '../../http/openapi.ts'
import { paged } from '../../http/paging.ts'
import { jsonContent } from '../../http/schemas.ts'
import { MediaLinks } from '../../media/links.ts'
import { auditActor, requirePermission } from '../middleware.ts'
import { adminErrorsOf, staffRoutes } from '../openapi.ts'
import { hideBody, replyBody, reviewIdParams, reviewListQuery, staffReviewPage, staffReviewSchema } from './schemas.ts'
import { listStaffReviews, moderateReview, replyToReview, staffReviewById, staffReviewView } from './service.ts'

const reviewAnswer = jsonContent(staffReviewSchema, 'The review as it now is')

const moderate = staffRoutes(requirePermission('reviews.moderate'), ['admin: reviews'])

const listRoute = moderate.get('/admin/reviews/', {
  summary: 'The moderation queue: reviews newest first, by state (reviews.moderate)',
  description:
    '`new`: not looked at by staff yet (shown in the shop meanwhile); `published`: looked at and shown; ' +
    '`hidden`: taken out of the shop and of the product rating. A review its author edits is new again.',
  request: { query: reviewListQuery },
  responses: { 200: jsonContent(staffReviewPage, 'One page of reviews'), ...adminErrorsOf(400) },
})

const detailRoute = moderate.get('/admin/reviews/{id}/', {
  summary: 'One review with its moderation and reply (reviews.moderate)',
  request: { params: reviewIdParams },
  responses: { 200: reviewAnswer, ...adminErrorsOf(400, 404) },
})

const hideRoute = moderate.post('/admin/reviews/{id}/hide/', {
  summary: 'Hide a review with a reason (reviews.moderate)',
  description:
    "It leaves the product page, the reviews list and the product's rating and count at once (one " +
    'transaction). Audited `review.hide`.',
  request: { params: reviewIdParams, body: requiredJson(hideBody) },
  responses: { 200: reviewAnswer, ...adminErrorsOf(400, 404) },
})

const publishRoute = moderate.post('/admin/reviews/{id}/publish/', {
  summary: 'Show a review (again), or mark a new one as looked at (reviews.moderate)',
  description: 'A hidden review comes back to the shop and into the rating. Audited `review.publish`.',
  request: { params: reviewIdParams },
  responses: { 200: reviewAnswer, ...adminErrorsOf(400, 404) },
})

const replyRoute = moderate.put('/admin/reviews/{id}/reply/', {
  summary: "Write, change or (empty text) remove the shop's reply to a review (reviews.moderate)",
  description:
    'One reply per review, shown under it in the shop labelled as the shop’s, as typed (write it in the ' +
    "review's language). A new review counts as looked at. Audited `review.reply`.",
  request: { params: reviewIdParams, body: requiredJson(replyBody) },
  responses: { 200: reviewAnswer, ...adminErrorsOf(400, 404) },
})

/** Reviews moderation for the back office. */
export function adminReviewRoutes(deps: ApiDeps) {
  const { db } = deps.database
  const { config } = deps
  const now = () => deps.now?.() ?? new Date()
  const noStore = (c: Context<ApiEnv>) => c.header('Cache-Control', 'private, no-store')

  async function answer(c: Context<ApiEnv>, id: number) {
    const lang = c.get('lang')
    const row = await staffReviewById(db, id)
    if (!row) throw new ApiError(404, message(lang, 'admin_review_not_found'))
    const links = await new MediaLinks(config).load(row.review.photos)
    noStore(c)
    return c.json(staffReviewView(row, lang, links), 200)
  }

  return createRouter()
    .openapi(listRoute, async (c) => {
      const { page, size, ...filters } = c.req.valid('query')
      const lang = c.get('lang')
      const { rows, total, counts } = await listStaffReviews(db, filters, page, size)
      const links = await new MediaLinks(config).load(rows.flatMap((r) => r.review.photos))
      noStore(c)
      const results = rows.map((row) => staffReviewView(row, lang, links))
      return c.json({ ...paged(results, total, page, size, c.req.url), counts }, 200)
    })
    .openapi(detailRoute, (c) => answer(c, c.req.valid('param').id))
    .openapi(hideRoute, async (c) => {
      const { id } = c.req.valid('param')
      const ctx = { lang: c.get('lang'), now: now() }
      await moderateReview(db, { id, to: 'hidden', reason: c.req.valid('json').reason, actor: auditActor(c) }, ctx)
      return answer(c, id)
    })
    .openapi(publishRoute, async (c) => {
      const { id } = c.req.valid('param')
      await moderateReview(db, { id, to: 'published', actor: auditActor(c) }, { lang: c.get('lang'), now: now() })
      return answer(c, id)
    })
    .openapi(replyRoute, async (c) => {
      const { id } = c.req.valid('param')
      const ctx = { lang: c.get('lang'), now: now() }
      await replyToReview(db, { id, text: c.req.valid('json').text, actor: auditActor(c) }, ctx)
      return answer(c, id)
    })
}
