import { data } from 'react-router'
import { apiClientContext } from '#app/utils/api-client.server.ts'
import { getStaffSession } from '#app/utils/staff-session.server.ts'
import type { Route } from './+types/export'

/**
 * The orders export as a download (`?from&to&format=xlsx|csv`): the API's
 * file passed through with its name. A refused period is a 400 page with the
 * API's reason.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = getStaffSession(context).get('token')
  const query = new URL(request.url).searchParams
  const wanted = new URLSearchParams()
  for (const key of ['from', 'to', 'format']) {
    const value = query.get(key)
    if (value) wanted.set(key, value)
  }
  const api = context.get(apiClientContext).withAuth(token ? { bearer: token } : 'none')
  const response = await api.request(`admin/orders/export/?${wanted}`)
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { detail?: string }
    throw data(body.detail ?? '', { status: response.status === 403 ? 403 : 400 })
  }
  const headers = new Headers({ 'Cache-Control': 'private, no-store' })
  for (const name of ['Content-Type', 'Content-Disposition']) {
    const value = response.headers.get(name)
    if (value) headers.set(name, value)
  }
  return new Response(response.body, { status: 200, headers })
}
