// The storefront's only view of the API: types, nothing that runs (issue 14).
export type { Api } from './app.ts'
// The back office's screens show and hide links by these (the API enforces them).
export type { Permission, StaffRole } from './staff/permissions.ts'

// The orders desk's screens read the admin orders API's answers as its schemas give them.
import type { z } from '@hono/zod-openapi'
import type { countsSchema, paymentLinkSchema, staffOrderPage, staffOrderSchema } from './admin/orders/schemas.ts'
export type StaffOrder = z.output<typeof staffOrderSchema>
export type StaffOrderPage = z.output<typeof staffOrderPage>
export type StaffOrderCounts = z.output<typeof countsSchema>
export type OrderPaymentLink = z.output<typeof paymentLinkSchema>
