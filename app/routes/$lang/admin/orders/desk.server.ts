import { data, type RouterContextProvider } from 'react-router'
import { ApiResponseError } from '#app/utils/api-client.server.ts'
import { pageId, staffLoad } from '../forms.server.ts'
import type { DeskOrder } from './+shared/types.ts'

type Context = Readonly<RouterContextProvider>

/** The order; an id that is no number, or no order, is the 404 page, a role without orders the 403 one. */
export async function loadDeskOrder(context: Context, id: string): Promise<DeskOrder> {
  return staffLoad(context, `admin/orders/${pageId(id)}/`)
}

/** A 403 or 404 of the admin API as the page's own (with the API's reason), not a 500; other errors as they are. */
export function pageError(error: unknown) {
  if (error instanceof ApiResponseError && (error.status === 403 || error.status === 404))
    return data(error.body.detail ?? '', { status: error.status })
  return error
}
