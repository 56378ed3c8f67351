import { data } from 'react-router'
import { staffLoad } from '../forms.server.ts'
import type { Route } from './+types/counts'

/**
 * How many accepted orders nobody has opened yet, and the newest one's id:
 * what the open desk polls (with JavaScript) to put the count in its title and
 * badge without a reload, and to tell a new arrival.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const counts = await staffLoad(context, 'admin/orders/counts/')
  return data({ new: counts.new, latest: counts.latest_new_id }, { headers: { 'Cache-Control': 'private, no-store' } })
}
