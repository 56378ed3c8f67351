import type { Context } from 'hono'
import type { ApiDeps, ApiEnv } from '../../http/context.ts'
import { MediaLinks } from '../../media/links.ts'
import type { OrderRow } from '../../orders/service.ts'
import { refundDepsOf } from '../../payments/refunds.ts'
import { auditActor, currentStaff } from '../middleware.ts'
import { staffOrderDetail } from './detail.ts'
import type { StaffOrderActor, StaffOrderCtx } from './status.ts'
import type { OrderViewer } from './viewer.ts'

/** What every orders desk route needs of a request: the services' context, who acts, and the order as answered. */
export function orderRequests(deps: ApiDeps) {
  const { db } = deps.database
  const { config } = deps
  const refunds = refundDepsOf(deps)
  const now = () => deps.now?.() ?? new Date()
  const viewer = (c: Context<ApiEnv>): OrderViewer => ({ role: currentStaff(c).role, staffId: currentStaff(c).id })
  return {
    now,
    viewer,
    ctx: (c: Context<ApiEnv>): StaffOrderCtx => ({ lang: c.get('lang'), config, now: now(), refunds }),
    actor: (c: Context<ApiEnv>): StaffOrderActor => ({ ...auditActor(c), role: currentStaff(c).role }),
    /** The order as the desk shows it to this staff member. */
    detail: (c: Context<ApiEnv>, order: OrderRow) =>
      staffOrderDetail(db, order, { ...viewer(c), lang: c.get('lang') }, new MediaLinks(config), config),
    noStore: (c: Context<ApiEnv>) => c.header('Cache-Control', 'private, no-store'),
  }
}
