import { redirect } from 'react-router'
import { REVIEW_PHOTOS_MAX } from '#api/reviews/rules.ts'
import { FORM_OVERHEAD_BYTES, IMAGE_MAX_BYTES } from '#api/uploads/limits.ts'
import { apiClientContext } from '#app/lib/api.server.ts'
import { requestLang, requireUser } from '#app/lib/auth.server.ts'
import { flash } from '#app/lib/flash.server.ts'
import { getInstance } from '#app/middleware/i18next.ts'
import type { Route } from './+types/review'

const MAX_BODY = REVIEW_PHOTOS_MAX * IMAGE_MAX_BYTES + FORM_OVERHEAD_BYTES

/** Nothing to show here: the form lives on the product page. */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/${params.lang}/products/${params.slug}#reviews`)
}

/**
 * Writes, edits or deletes the customer's review of the product through the
 * API, then goes back to the product page (post/redirect/get) with a toast:
 * "comment added", or what the API refused (its message is localised).
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = requestLang(context)
  const slug = params.slug
  if (!/^[a-z0-9][a-z0-9-]{0,199}$/.test(slug)) throw new Response(null, { status: 404 })
  const back = `/${lang}/products/${slug}`
  const i18n = getInstance(context)
  const t = (key: string, vars: Record<string, unknown> = {}) => i18n.t(`reviews:${key}`, vars) as string
  await requireUser({ request, context })
  const api = context.get(apiClientContext)
  const fail = (message: string) => {
    flash(context, { type: 'error', message })
    return redirect(`${back}#review-form`)
  }

  if (Number(request.headers.get('content-length') ?? 0) > MAX_BODY) {
    await request.body?.cancel().catch(() => undefined)
    return fail(t('too_large', { max: (REVIEW_PHOTOS_MAX * IMAGE_MAX_BYTES) / 1024 / 1024 }))
  }
  const form = await request.formData()

  if (form.get('intent') === 'delete') {
    const response = await api.request(`products/${slug}/reviews/mine/`, { method: 'DELETE' })
    if (!response.ok && response.status !== 404) return fail(t('failed'))
    flash(context, { type: 'success', message: t('deleted') })
    return redirect(`${back}#reviews`)
  }

  const rating = String(form.get('rating') ?? '')
  if (!/^[1-5]$/.test(rating)) return fail(t('rating_required'))
  const body = new FormData()
  body.set('rating', rating)
  body.set('comment', String(form.get('comment') ?? ''))
  if (form.get('clear_photos')) body.set('clear_photos', 'true')
  for (const photo of form.getAll('photos')) {
    // An empty file input still sends an empty, nameless part.
    if (photo instanceof File && photo.size > 0) body.append('photos', photo, photo.name || 'photo')
  }
  const response = await api.request(`products/${slug}/reviews/`, { method: 'POST', body })
  if (!response.ok) {
    const failed = (await response.json().catch(() => ({}))) as {
      detail?: string
      errors?: Array<{ field: string; message: string }>
    }
    const first = failed.errors?.[0]
    const message = first?.field === 'rating' ? t('rating_required') : first?.message || failed.detail
    return fail(message || t('failed'))
  }
  flash(context, { type: 'success', message: t(response.status === 201 ? 'added' : 'updated') })
  return redirect(`${back}#reviews`)
}
