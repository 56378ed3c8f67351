import { data } from 'react-router'
import { staffLoad } from '../forms.server.ts'
import type { Route } from './+types/counts'

/**
 * How many accepted orders nobody has opened yet: what the open desk polls
 * (with JavaScript) to put the count in its title and badge without a reload.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const counts = await staffLoad(context, 'admin/orders/counts/')
  return data({ new: counts.new }, { headers: { 'Cache-Control': 'private, no-store' } })
}
