import { index, integer, jsonb, pgEnum, pgTable, serial, text } from 'drizzle-orm/pg-core'
import { products } from './catalogue.ts'
import { createdAt, moment } from './columns.ts'
import { staff } from './staff.ts'

/** A bulk action from the product list, or a spreadsheet import. */
export const changeBatchKind = pgEnum('change_batch_kind', ['bulk', 'import'])

/**
 * checking (an import file being read) → previewed → applying → applied →
 * undoing → undone; failed: the file could not be read, interrupted: the
 * server stopped while it was (`error` says why). Applying and undoing run
 * in slices, `progress` rows of `total` (catalogue-batches/run.ts).
 */
export const changeBatchState = pgEnum('change_batch_state', [
  'checking',
  'previewed',
  'applied',
  'undone',
  'failed',
  'interrupted',
  'applying',
  'undoing',
])

/**
 * A set of product changes made in one step, kept so it can be previewed
 * before and undone (within 24 hours) after: api/catalogue-batches/.
 * `summary` holds what the screens show (action or file name and mode, counts).
 */
export const changeBatches = pgTable(
  'change_batches',
  {
    id: serial().primaryKey(),
    kind: changeBatchKind().notNull(),
    state: changeBatchState().notNull(),
    staffId: integer('staff_id').references(() => staff.id),
    // As the audit log names them: `staff:3`, `key:1`.
    actor: text().notNull(),
    summary: jsonb().$type<Record<string, unknown>>().notNull(),
    // Rows read so far while checking a file, or run while applying or undoing (and their number when known).
    progress: integer().notNull().default(0),
    total: integer().notNull().default(0),
    // The heartbeat of the process working on the batch: one that stops (its process died) is taken
    // over or failed (catalogue-batches/jobs.ts).
    progressAt: moment('progress_at').notNull().defaultNow(),
    // Why a file could not be read: a message key of locales/*/api.json, shown in the reader's language.
    error: text(),
    createdAt: createdAt(),
    appliedAt: moment('applied_at'),
    appliedBy: text('applied_by'),
    undoneAt: moment('undone_at'),
    undoneBy: text('undone_by'),
  },
  (t) => [index('change_batches_created_idx').on(t.createdAt)],
)

/**
 * One product's part of a batch: the fields it changes, as they were
 * (`before`, null for a product the batch creates) and as they become, in the
 * spreadsheet's field names; or, for a rejected row, `errors`. `line` is the
 * spreadsheet's row number (or the position in a bulk selection).
 */
export const changeBatchRows = pgTable(
  'change_batch_rows',
  {
    id: serial().primaryKey(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => changeBatches.id, { onDelete: 'cascade' }),
    line: integer().notNull(),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    // What the row names the product by (sku, barcode or slug, or the title), for the screens.
    label: text().notNull().default(''),
    before: jsonb().$type<Record<string, unknown>>(),
    after: jsonb().$type<Record<string, unknown>>(),
    errors: jsonb().$type<{ field: string; key: string; vars?: Record<string, string | number> }[]>(),
  },
  (t) => [index('change_batch_rows_batch_idx').on(t.batchId, t.line)],
)
