// The orders desk's view of the admin orders API: its zod schemas' output (api/admin/orders/schemas.ts), types only.
import type { StaffOrder, StaffOrderCounts, StaffOrderPage } from '#api/types.ts'

export type DeskOrder = StaffOrder
export type DeskOrderPage = StaffOrderPage
export type DeskOrderRow = StaffOrderPage['results'][number]
export type DeskCounts = StaffOrderCounts
export type DeskTimelineStep = StaffOrder['timeline'][number]
