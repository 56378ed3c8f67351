import type { ExpiringPage, MovementPage, StockPage, StockProduct } from '#api/types.ts'

// What admin/stock/ answers (api/admin/stock/schemas.ts).
export type { StockProduct }
export type StockBatch = StockProduct['batches'][number]
export type StockRow = StockPage['results'][number]
export type ExpiringRow = ExpiringPage['results'][number]
export type StockMovement = MovementPage['results'][number]
