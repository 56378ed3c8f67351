import { data, type RouterContextProvider, redirect } from 'react-router'
import { logger } from '#api/log.ts'
import { type BasketAnswer, JS_FIELD } from '#app/components/basket/intents.ts'
import { type ApiClient, apiClientContext } from '#app/utils/api-client.server.ts'
import { isApiError, isApiRefusal } from '#app/utils/api-errors.server.ts'
import { type FlashToast, flash, newToast } from '#app/utils/flash.server.ts'
import { byIntent } from '#app/utils/forms.server.ts'
import { type ServerT, serverT } from '#app/utils/i18n.server.ts'
import { safeRedirect } from '#app/utils/safe-redirect.ts'
import { ownedChangedCookie } from '#app/utils/visitor.server.ts'

type Context = Readonly<RouterContextProvider>

/** A positive whole id from a form field, or null. */
function formId(value: FormDataEntryValue | null): number | null {
  if (typeof value !== 'string' || !/^\d{1,10}$/.test(value)) return null
  const id = Number(value)
  return id >= 1 && id <= 2_147_483_647 ? id : null
}

/**
 * Where a form without JavaScript goes back to: its `redirectTo`, else the
 * Referer when it is this shop, else `fallback`. Never another site.
 */
function backTo(request: Request, formData: FormData, fallback: string) {
  const requested = formData.get('redirectTo')
  if (typeof requested === 'string' && requested) return safeRedirect(requested, fallback)
  const referer = request.headers.get('referer')
  if (referer) {
    try {
      const url = new URL(referer)
      if (url.origin === new URL(request.url).origin) return safeRedirect(`${url.pathname}${url.search}`, fallback)
    } catch {}
  }
  return fallback
}

/**
/**
 * The answer to a basket or favourites form. A fetcher gets data with the
 * toast, which the form's page shows as the answer arrives (useAnswerToast),
 * and the page it was sent from: in the flash cookie it would wait for the
 * revalidation and show on whichever page that is. A plain form gets a
 * post/redirect/get back to where it was, the toast in the flash cookie.
 */
function answer(
  request: Request,
  context: Context,
  formData: FormData,
  options: { toast: Pick<FlashToast, 'type' | 'message' | 'link'>; status?: number; fallback: string },
) {
  const status = options.status ?? 200
  const headers = new Headers()
  if (status < 400) headers.append('Set-Cookie', ownedChangedCookie(request))
  const back = backTo(request, formData, options.fallback)
  if (formData.get(JS_FIELD) === '1') {
    const answer: BasketAnswer = { ok: status < 400, toast: newToast(options.toast), from: back.split('#')[0] ?? back }
    return data(answer, { status, headers })
  }
  flash(context, options.toast)
  return redirect(back, { headers })
}

/** The toast for a failed call: the API's own (localised) detail for a stock conflict, else the generic text. */
function failureToast(error: unknown, generic: string) {
  if (isApiRefusal(error) && error.body.detail) {
    return { status: error.status === 401 ? 400 : error.status, message: error.body.detail }
  }
  if (!isApiError(error)) logger().error({ err: error }, 'storefront: a basket action failed')
  return { status: 502, message: generic }
}

/** What a basket or favourites form asks for. */
export type ProductForm = {
  formData: FormData
  /** The product the form is about, when its id is a valid one. */
  productId: number | null
  api: ApiClient
  t: ServerT<'basket'>
}

/** A success toast's words, and where it offers to go next. */
export type Done = string | Pick<FlashToast, 'message' | 'link'>

/**
 * The action of the basket and favourites forms (product buttons, basket
 * page), one change per `intent`: it makes the change at the API and gives
 * its success toast, or `null` for a form that makes no sense (400); an API
 * refusal becomes the error toast. Either way the answer is `answer()`'s.
 */
export async function productFormAction(
  { request, context }: { request: Request; context: Context },
  fallback: string,
  changes: Record<string, (form: ProductForm) => Promise<Done | null>>,
) {
  const formData = await request.formData()
  const t = serverT(context, 'basket')
  const form = { formData, productId: formId(formData.get('product_id')), api: context.get(apiClientContext), t }
  const reply = (type: 'success' | 'error', done: Done, status?: number) =>
    answer(request, context, formData, {
      toast: { type, ...(typeof done === 'string' ? { message: done } : done) },
      status,
      fallback,
    })
  const attempt = async (change: (form: ProductForm) => Promise<Done | null>) => {
    try {
      const done = await change(form)
      return done === null ? reply('error', t('toast.invalid'), 400) : reply('success', done)
    } catch (error) {
      const failure = failureToast(error, t('toast.error'))
      return reply('error', failure.message, failure.status)
    }
  }
  return byIntent(
    formData,
    Object.fromEntries(Object.entries(changes).map(([intent, change]) => [intent, () => attempt(change)])),
  )
}
