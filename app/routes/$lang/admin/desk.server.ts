import { data, type RouterContextProvider, redirect } from 'react-router'
import { ApiResponseError } from '#app/utils/api-client.server.ts'
import { flash } from '#app/utils/flash.server.ts'
import { serverT } from '#app/utils/i18n.server.ts'

type Context = Readonly<RouterContextProvider>

/** An id in the URL that is no number is the 404 page (the API is not asked). */
export function pageId(id: string) {
  if (!/^\d{1,9}$/.test(id)) throw data(null, { status: 404 })
  return Number(id)
}

/**
 * An action the API refused (409: no phone, the day's SMS used; 400; 403;
 * 404): its localised reason as a toast, back on the page. A 400 on the
 * form's field is returned to the form by the caller instead.
 */
export function refused(context: Context, error: unknown, here: string) {
  if (!(error instanceof ApiResponseError) || error.status >= 500 || error.status === 401) throw error
  flash(context, { type: 'error', message: error.body.detail ?? serverT(context, 'admin-desk')('failed') })
  return redirect(here)
}

/** The API's message for a form field (`reason`, `text`) when it refused that field. */
export function fieldRefusal(error: unknown, field: string): string | null {
  if (!(error instanceof ApiResponseError) || error.status !== 400) return null
  return error.body.errors?.find((e) => e.field === field)?.message ?? error.body.detail ?? null
}
