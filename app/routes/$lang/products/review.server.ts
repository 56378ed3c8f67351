import { type ActionFunctionArgs, data, redirect } from 'react-router'
import type { ApiErrorBody } from '#api/types.ts'
import { type ReviewFailure, ReviewIntent } from '#app/components/reviews/reviews.tsx'
import { apiClientContext } from '#app/utils/api-client.server.ts'
import { requestLang, requireUser } from '#app/utils/auth.server.ts'
import { flash } from '#app/utils/flash.server.ts'
import { byIntent, fieldsOf, toastMessage } from '#app/utils/forms.server.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { REVIEW_PHOTOS_MAX } from '#contract/review-limits.ts'
import { FORM_OVERHEAD_BYTES, IMAGE_MAX_BYTES } from '#contract/upload-limits.ts'
import { z } from '#contract/zod.ts'

const MAX_BODY = REVIEW_PHOTOS_MAX * IMAGE_MAX_BYTES + FORM_OVERHEAD_BYTES

/** A review as typed: the rating is checked here (1 to 5, else asked for again), the comment by the API. */
const reviewForm = z
  .object({ rating: z.string().default(''), comment: z.string().default(''), clear_photos: z.string().optional() })
  .transform(({ rating, comment, clear_photos }) => ({ rating, comment, clearPhotos: Boolean(clear_photos) }))

/**
 * The product page's action: writes, edits or deletes the customer's review
 * through the API. Done: back to the page (post/redirect/get) with a toast.
 * Refused: the page again (400) with the API's localised reason and what was
 * typed (rating, comment), so nothing is lost without JavaScript either.
 */
export async function reviewAction({ request, context, params }: ActionFunctionArgs) {
  const lang = requestLang(context)
  const slug = params.slug ?? ''
  if (!/^[a-z0-9][a-z0-9-]{0,199}$/.test(slug)) throw new Response(null, { status: 404 })
  const back = `/${lang}/products/${slug}`
  const t = serverT(context, 'reviews')
  await requireUser({ request, context })
  const api = context.get(apiClientContext)
  const refuse = (message: string, typed: { rating: string; comment: string; clearPhotos: boolean } | null) => {
    const review: ReviewFailure = {
      toast: toastMessage('error', message),
      typed: typed && {
        rating: /^[1-5]$/.test(typed.rating) ? Number(typed.rating) : null,
        comment: typed.comment,
        clearPhotos: typed.clearPhotos,
      },
    }
    return data({ review }, { status: 400 })
  }

  // Too large to read: only the reason comes back (with JavaScript the form still holds it all).
  if (Number(request.headers.get('content-length') ?? 0) > MAX_BODY) {
    await request.body?.cancel().catch(() => undefined)
    return refuse(t('too_large', { max: (REVIEW_PHOTOS_MAX * IMAGE_MAX_BYTES) / 1024 / 1024 }), null)
  }
  const form = await request.formData()
  return byIntent(form, {
    [ReviewIntent.delete]: async () => {
      const response = await api.request(`products/${slug}/reviews/mine/`, { method: 'DELETE' })
      if (!response.ok && response.status !== 404) return refuse(t('failed'), null)
      flash(context, { type: 'success', message: t('deleted') })
      return redirect(`${back}#reviews`)
    },
    [ReviewIntent.save]: async () => {
      const typed = fieldsOf(form, reviewForm)
      if (!/^[1-5]$/.test(typed.rating)) return refuse(t('rating_required'), typed)
      const body = new FormData()
      body.set('rating', typed.rating)
      body.set('comment', typed.comment)
      if (typed.clearPhotos) body.set('clear_photos', 'true')
      for (const photo of form.getAll('photos')) {
        // An empty file input still sends an empty, nameless part.
        if (photo instanceof File && photo.size > 0) body.append('photos', photo, photo.name || 'photo')
      }
      const response = await api.request(`products/${slug}/reviews/`, { method: 'POST', body })
      if (!response.ok) {
        const failed = (await response.json().catch(() => ({}))) as Partial<ApiErrorBody>
        const first = failed.errors?.[0]
        const message = first?.field === 'rating' ? t('rating_required') : first?.message || failed.detail
        return refuse(message || t('failed'), typed)
      }
      flash(context, { type: 'success', message: t(response.status === 201 ? 'added' : 'updated') })
      return redirect(`${back}#reviews`)
    },
  })
}
