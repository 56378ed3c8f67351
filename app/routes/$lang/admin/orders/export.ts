import { data } from 'react-router'
import { isApiError } from '#app/utils/api-errors.server.ts'
import { staffApi } from '#app/utils/staff-session.server.ts'
import type { Route } from './+types/export'

/**
 * The orders export as a download (`?from&to&format=xlsx|csv`): the API's
 * file passed through with its name. A refused period is a 400 page with the
 * API's reason.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams
  const wanted = new URLSearchParams()
  for (const key of ['from', 'to', 'format']) {
    const value = query.get(key)
    if (value) wanted.set(key, value)
  }
  try {
    return await staffApi(context).download('admin/orders/export/', Object.fromEntries(wanted))
  } catch (error) {
    if (!isApiError(error)) throw error
    throw data(error.body.detail ?? '', { status: error.status === 403 ? 403 : 400 })
  }
}
