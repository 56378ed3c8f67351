import { type ApiDeps, createRouter } from '../http/context.ts'
import { adminAuditRoutes } from './audit-routes.ts'
import { adminAuthRoutes } from './auth-routes.ts'
import { adminBatchRoutes } from './batches/routes.ts'
import { adminContentRoutes } from './content/routes.ts'
import { adminCustomerRoutes } from './customers/routes.ts'
import { adminDispatchRoutes } from './dispatch/routes.ts'
import { adminInboxRoutes } from './inbox/routes.ts'
import { adminKeyRoutes } from './key-routes.ts'
import { adminLineRoutes } from './lines/routes.ts'
import { adminMeRoutes } from './me-routes.ts'
import { authenticateStaff } from './middleware.ts'
import { staffBearerScheme } from './openapi.ts'
import { adminOrderChangeRoutes } from './orders/change-routes.ts'
import { adminOrderExchangeRoutes } from './orders/exchange-routes.ts'
import { adminOrderRoutes } from './orders/routes.ts'
import { adminProductRoutes } from './products/routes.ts'
import { adminPromoRoutes } from './promo/routes.ts'
import { adminReviewRoutes } from './reviews/routes.ts'
import { adminStaffRoutes } from './staff-routes.ts'
import { adminStatsRoutes } from './stats/routes.ts'
import { adminStockRoutes } from './stock/routes.ts'
import { adminTaxonomyRoutes } from './taxonomy/routes.ts'
import { adminTelegramRoutes } from './telegram-routes.ts'

/**
 * The back office API, `/api/v1/admin/…`: staff bearer tokens (or
 * integration keys) instead of customers' ones. Each part of the back office
 * adds its router here, in any order (an id in a path matches digits only:
 * `createRouter` in api/http/context.ts); each route states its right with `requirePermission`.
 */
export function adminRoutes(deps: ApiDeps) {
  const router = createRouter()
  router.openAPIRegistry.registerComponent('securitySchemes', 'staffBearer', staffBearerScheme)
  router.use('/admin/*', authenticateStaff(deps))
  router.route('/', adminAuthRoutes(deps))
  router.route('/', adminMeRoutes(deps))
  router.route('/', adminStaffRoutes(deps))
  router.route('/', adminAuditRoutes(deps))
  router.route('/', adminKeyRoutes(deps))
  router.route('/', adminOrderRoutes(deps))
  router.route('/', adminOrderChangeRoutes(deps))
  router.route('/', adminOrderExchangeRoutes(deps))
  router.route('/', adminDispatchRoutes(deps))
  router.route('/', adminStatsRoutes(deps))
  router.route('/', adminTelegramRoutes(deps))
  router.route('/', adminStockRoutes(deps))
  router.route('/', adminTaxonomyRoutes(deps))
  router.route('/', adminProductRoutes(deps))
  router.route('/', adminLineRoutes(deps))
  router.route('/', adminBatchRoutes(deps))
  router.route('/', adminContentRoutes(deps))
  router.route('/', adminPromoRoutes(deps))
  router.route('/', adminCustomerRoutes(deps))
  router.route('/', adminReviewRoutes(deps))
  router.route('/', adminInboxRoutes(deps))
  return router
}
