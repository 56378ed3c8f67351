import { data, type RouterContextProvider, redirect } from 'react-router'
import { ApiResponseError } from '#app/utils/api-client.server.ts'
import { flash } from '#app/utils/flash.server.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { staffLoad } from '../forms.server.ts'
import type { DeskOrder } from './+shared/types.ts'

type Context = Readonly<RouterContextProvider>

/** The order; an id that is no number, or no order, is the 404 page, a role without orders the 403 one. */
export async function loadDeskOrder(context: Context, id: string): Promise<DeskOrder> {
  if (!/^\d{1,9}$/.test(id)) throw data(null, { status: 404 })
  return staffLoad(context, `admin/orders/${id}/`)
}

/** A 403 or 404 of the admin API as the page's own (with the API's reason), not a 500; other errors as they are. */
export function pageError(error: unknown) {
  if (error instanceof ApiResponseError && (error.status === 403 || error.status === 404))
    return data(error.body.detail ?? '', { status: error.status })
  return error
}

/**
 * An action the API refused for a reason the manager should read (409: the
 * order moved meanwhile or the move is not allowed; 400/422: bad input; 403;
 * 404): its localised message as a toast, back on the order page, which
 * loads the order as it is now. Anything else is a real failure.
 */
export function refused(context: Context, error: unknown, here: string) {
  if (!(error instanceof ApiResponseError) || error.status >= 500 || error.status === 401) throw error
  flash(context, { type: 'error', message: error.body.detail ?? serverT(context, 'admin-orders')('actions.failed') })
  return redirect(here)
}
