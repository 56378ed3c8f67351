import type { InboxMessage, InboxPage, ShopStatistics, StaffReview, StaffReviewPage } from '#api/types.ts'

// The back office's reviews, inbox and statistics as the API answers them
// (api/admin/{reviews,inbox,stats}/ schemas).
export type { InboxMessage, InboxPage, ShopStatistics, StaffReview, StaffReviewPage }
export type Moderation = StaffReview['moderation']
export type InboxRow = InboxPage['results'][number]
export type InboxStatus = InboxRow['status']

/** The statistics charts' shapes as the server draws them (app/routes/$lang/admin/charts.server.ts). */
export type Tick = { y: number; label: string }
export type XLabel = { x: number; label: string }
export type Bar = { x: number; y: number; width: number; height: number; label: string }
export type StackedBar = {
  x: number
  width: number
  parts: { y: number; height: number; key: string }[]
  label: string
}
type Axis = { ticks: Tick[]; labels: XLabel[] }
export type DailyCharts = {
  orders: Axis & { bars: Bar[] }
  revenue: Axis & { path: string; points: { x: number; y: number; label: string }[] }
  payment: Axis & { bars: StackedBar[] }
}
