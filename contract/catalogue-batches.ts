/** What the back office's change batches (bulk actions, spreadsheet import) take: both sides read these. */

/** The actions of admin/products/bulk/ (api/catalogue-batches/bulk.ts applies them). */
export const bulkActions = [
  'hide',
  'show',
  'add_category',
  'replace_category',
  'price_percent',
  'sale_percent',
  'sale_price',
  'sale_clear',
] as const
export type BulkAction = (typeof bulkActions)[number]

/** prices: price, sale and stock of existing products; everything: every column, new products too. */
export const importModes = ['prices', 'everything'] as const
export type ImportMode = (typeof importModes)[number]

/** A batch's rows as the preview and the batch page filter them. */
export const rowKinds = ['created', 'changed', 'rejected'] as const
export type RowKind = (typeof rowKinds)[number]

/**
 * The largest import file. A 50,000-row CSV of sku, price and stock is about
 * 1 MB; of every column (the demo's short descriptions) a few MB per 10,000
 * rows: 20 MB leaves room for 50,000 rows with texts, and stays under the
 * storefront's multipart cap (UPLOAD_BODY_MAX_BYTES).
 */
export const IMPORT_MAX_MB = 20
export const IMPORT_MAX_BYTES = IMPORT_MAX_MB * 1024 * 1024
