import { z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { bugReportSchema, feedbackSchema } from '#contract/profile.ts'
import { errors, jsonBody } from '../auth/openapi.ts'
import { type ApiDeps, type ApiEnv, createRouter } from '../http/context.ts'
import { ApiError, fieldErrors } from '../http/errors.ts'
import { clientAddress, currentUser } from '../http/identity.ts'
import type { Lang } from '../http/locale.ts'
import { message } from '../http/messages.ts'
import { requiredForm, routeGroup } from '../http/openapi.ts'
import { errorSchema, jsonContent } from '../http/schemas.ts'
import { eraseUploads } from '../media/erase.ts'
import { saveOriginal } from '../media/links.ts'
import { mediaStoreOf } from '../media/store.ts'
import { rateLimitRefusals } from '../metrics.ts'
import {
  checkImage,
  extensionOf,
  IMAGE_MAX_BYTES,
  normalizedImage,
  randomName,
  readForm,
  uploadBodyLimit,
} from '../uploads/images.ts'
import { type FeedbackKind, recentMessageCount, saveBugReport, saveFeedback } from './service.ts'

/** Messages of one kind a client address may send per window (SPEC: spam protection). */
export const feedbackLimits = { perWindow: 5, windowSeconds: 10 * 60 } as const

export const sentSchema = z.object({ message: z.string() }).openapi('Sent')
const errorContent = (description: string) => ({
  description,
  content: { 'application/json': { schema: errorSchema } },
})
const limitNote =
  `At most ${feedbackLimits.perWindow} per client address in ${feedbackLimits.windowSeconds / 60} minutes ` +
  '(429 with `Retry-After`). `website` is a honeypot people never see: when filled the answer is the same ' +
  'but nothing is stored.'

const route = routeGroup({ tags: ['feedback'] })

const feedbackRoute = route.post('/feedback/', {
  summary: 'Send a message to the shop (feedback form)',
  description:
    'Name up to 99 characters, text up to 2000; `phone` optional (an Uzbek number in any usual spelling, ' +
    `stored as +998…) so the shop can answer by SMS. ${limitNote}`,
  request: jsonBody(feedbackSchema),
  responses: { 201: jsonContent(sentSchema, 'Sent'), 400: errors[400], 429: errors[429] },
})

const bugReportRoute = route.post('/feedback/bug-report/', {
  summary: 'Report a bug, optionally with a screenshot',
  description:
    `Multipart: \`text\` (up to 2000), \`page\` (the page it came from, up to 500), optional \`screenshot\`: ` +
    `JPEG or PNG by content, at most ${IMAGE_MAX_BYTES / 1024 / 1024} MB (400 on a wrong format, 413 when ` +
    `larger). ${limitNote}`,
  request: {
    body: requiredForm(
      z.object({
        text: z.string(),
        page: z.string().optional(),
        screenshot: z.string().openapi({ format: 'binary' }).optional(),
        website: z.string().optional(),
      }),
    ),
  },
  responses: {
    201: jsonContent(sentSchema, 'Sent'),
    400: errors[400],
    413: errorContent('The screenshot is larger than the limit'),
    429: errors[429],
  },
})

/** Feedback and bug reports, stored for the staff; signed-in senders are remembered. */
export function feedbackRoutes({ database: { db }, config, now = () => new Date() }: ApiDeps) {
  const store = mediaStoreOf(config)

  /** 429 when this address has sent its share of `kind` in the window. */
  async function checkLimit(kind: FeedbackKind, address: string | null, lang: Lang) {
    const since = new Date(now().getTime() - feedbackLimits.windowSeconds * 1000)
    if ((await recentMessageCount(db, kind, address, since)) < feedbackLimits.perWindow) return
    const minutes = feedbackLimits.windowSeconds / 60
    rateLimitRefusals.inc({ kind: 'feedback_rate_limited' })
    throw new ApiError(429, message(lang, 'feedback_rate_limited', { minutes }), undefined, {
      'Retry-After': String(feedbackLimits.windowSeconds),
    })
  }

  const sent = (c: Context<ApiEnv>) => ({ message: message(c.get('lang'), 'feedback_sent') })
  const common = (c: Context<ApiEnv>) => ({
    lang: c.get('lang'),
    userId: currentUser(c)?.id ?? null,
    clientAddress: clientAddress(c),
    createdAt: now(),
  })

  const router = createRouter()

  router.openAPIRegistry.registerPath(bugReportRoute)
  router.post('/feedback/bug-report/', uploadBodyLimit('screenshot'), async (c) => {
    const lang = c.get('lang')
    const form = await readForm(c)
    const parsed = bugReportSchema.safeParse({
      text: form.text,
      page: typeof form.page === 'string' ? form.page : undefined,
      website: typeof form.website === 'string' ? form.website : undefined,
    })
    const hasScreenshot = form.screenshot instanceof Blob && form.screenshot.size > 0
    if (!parsed.success) throw new ApiError(400, message(lang, 'invalid_input'), fieldErrors(parsed.error.issues, lang))
    const image = hasScreenshot ? await checkImage(form.screenshot, lang, 'screenshot') : null
    // A bot filled the honeypot: it hears what people hear, nothing is kept.
    if (parsed.data.website?.trim()) return c.json(sent(c), 201)
    const row = common(c)
    await checkLimit('bug', row.clientAddress, lang)
    let path: string | null = null
    try {
      if (image) {
        const bytes = await normalizedImage(image, { width: 2560, height: 2560, fit: 'inside' })
        path = `bug-reports/${randomName()}.${extensionOf(image.format)}`
        await saveOriginal(store, path, bytes)
      }
      await saveBugReport(db, row, { text: parsed.data.text, page: parsed.data.page ?? null, screenshot: path })
    } catch (error) {
      if (path) await eraseUploads(config, [path])
      throw error
    }
    return c.json(sent(c), 201)
  })

  return router.openapi(feedbackRoute, async (c) => {
    const { name, text, phone, website } = c.req.valid('json')
    if (website?.trim()) return c.json(sent(c), 201)
    const row = common(c)
    await checkLimit('feedback', row.clientAddress, row.lang)
    await saveFeedback(db, row, { name, text, phone: phone ?? null })
    return c.json(sent(c), 201)
  })
}
