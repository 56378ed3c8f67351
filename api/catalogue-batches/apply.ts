import { inArray, or, sql } from 'drizzle-orm'
import type { AuditActor } from '../audit/record.ts'
import { productSearchKey } from '../catalogue/search-key.ts'
import { announceSearchKeyWords } from '../catalogue/vocabulary.ts'
import type { Db, Tx } from '../db/client.ts'
import { recordset } from '../db/recordset.ts'
import { brands, changeBatchRows, products } from '../db/schema/index.ts'
import type { Lang } from '../http/locale.ts'
import { type Movement, moveStockMany } from '../stock/movements.ts'
import {
  type BatchRow,
  batchDescription,
  type RowIssue,
  reindex,
  type SavedRow,
  touchesSearch,
  withoutStock,
} from './batches.ts'
import { type Changes, driftedFields, productColumns, type SheetValues } from './fields.ts'
import { type LineMove, lineNameOf, placeInLines } from './lines.ts'
import { type RunSpec, startRun } from './run.ts'
import { insertProducts, setCategoriesMany, updateProducts } from './write-many.ts'

export type ApplyCtx = { lang: Lang; now: () => Date }

/**
 * Applies a previewed batch in the background (answers it `applying`), in
 * slices (run.ts): every product must still have the values the preview
 * showed as "before", else nothing is written and the batch is `previewed`
 * again with those rows kept to show (`refusal`), so what was previewed is
 * what is applied. Stock is a count: the change from the previewed number
 * to the new one is added to the current stock, so sales made meanwhile stay
 * counted. Rejected rows are left out. One audit entry, when done.
 */
export function applyBatch(db: Db, id: number, actor: AuditActor, ctx: ApplyCtx): Promise<BatchRow> {
  return startRun(db, id, applySpec(db, ctx.now), {
    lang: ctx.lang,
    rules: [
      (batch) => (batch.state === 'checking' ? 'batch_checking' : null),
      (batch) => (batch.state !== 'previewed' ? 'batch_not_previewed' : null),
    ],
    notes: { by: actor },
    set: { appliedBy: actor.actor },
  })
}

/** How an apply runs (run.ts); `now` stamps it applied. */
export function applySpec(db: Db, now: () => Date): RunSpec {
  return {
    action: 'apply',
    working: 'applying',
    back: 'previewed',
    refuse: true,
    issues: applyIssues,
    async write(tx, batch, rows, current, by) {
      const reason = batch.kind === 'import' ? 'import' : 'correction'
      const { reindexed, newKeys } = await writeRows(tx, rows, current, reason, by)
      await announceSearchKeyWords(db, newKeys, tx)
      await reindex(db, tx, reindexed)
    },
    now,
    done: {
      state: 'applied',
      stamp: (at, by) => ({ appliedAt: at, appliedBy: by.actor }),
      audit: 'catalogue.batch_apply',
      after: (batch, counts) => ({
        kind: batch.kind,
        ...batchDescription(batch),
        rows: counts.run,
        left_out: counts.left,
      }),
    },
  }
}

/**
 * Why rows cannot be applied as previewed: their product is gone or no
 * longer has the "before" values, its stock was sold below what the count
 * would take, or the SKU or slug a new product would take is another's now.
 */
async function applyIssues(db: Db | Tx, rows: SavedRow[], current: Map<number, SheetValues>) {
  const issues = new Map<number, RowIssue>()
  const note = (row: SavedRow, key: RowIssue['key'], fields?: RowIssue['fields']) =>
    issues.set(row.id, { line: row.line, label: row.label, key, ...(fields && { fields }) })
  const created: SavedRow[] = []
  for (const row of rows) {
    if (!row.before || row.productId === null) {
      created.push(row)
      continue
    }
    const now = current.get(row.productId)
    const before = row.before as Changes
    const after = row.after as Changes
    if (!now) {
      note(row, 'batch_row_gone')
      continue
    }
    const drifted = driftedFields(now, before)
    if (drifted.length) note(row, 'batch_row_changed', drifted)
    else if (after.stock !== undefined && now.stock + after.stock - (before.stock ?? now.stock) < 0)
      note(row, 'batch_row_oversold')
  }
  if (!created.length) return issues
  const keyOf = (row: SavedRow) => row.after as Changes
  const slugs = created.flatMap((r) => (keyOf(r).slug ? [keyOf(r).slug as string] : []))
  const skus = created.flatMap((r) => (keyOf(r).sku ? [keyOf(r).sku as string] : []))
  const taken = await db
    .select({ slug: products.slug, sku: products.sku })
    .from(products)
    .where(or(inArray(products.slug, slugs), skus.length ? inArray(products.sku, skus) : undefined))
  const takenSlugs = new Set(taken.map((t) => t.slug))
  const takenSkus = new Set(taken.flatMap((t) => (t.sku ? [t.sku] : [])))
  for (const row of created) {
    const { slug, sku } = keyOf(row)
    const fields = [
      ...(sku && takenSkus.has(sku) ? ['sku' as const] : []),
      ...(slug && takenSlugs.has(slug) ? ['slug' as const] : []),
    ]
    if (fields.length) note(row, 'batch_row_taken', fields)
  }
  return issues
}

/**
 * Writes a batch's rows set-based (an import may have 50,000): changed
 * products per shape of change, new ones in multi-row inserts, categories,
 * then all stock in one bulk movement (a count: after − the previewed number,
 * added to the current stock). Answers the products to re-index.
 */
async function writeRows(
  tx: Tx,
  rows: SavedRow[],
  current: Map<number, SheetValues>,
  reason: 'import' | 'correction',
  actor: AuditActor,
) {
  const updates: { id: number; set: ReturnType<typeof productColumns> }[] = []
  const categorised: { productId: number; categories: number[] }[] = []
  const moves: Movement[] = []
  const reindexed: number[] = []
  const created: { row: SavedRow; after: Changes }[] = []
  const lineMoves: LineMove[] = []
  const lineNames = new Map<string, string>()
  const nameLine = (line: string | null | undefined, title: string | null | undefined) => {
    if (line && !lineNames.has(line)) lineNames.set(line, lineNameOf(title))
  }
  for (const row of rows) {
    const after = row.after as Changes
    if (!row.before || row.productId === null) {
      created.push({ row, after })
      continue
    }
    const productId = row.productId
    const values = current.get(productId) as SheetValues
    updates.push({ id: productId, set: productColumns(values, withoutStock(after)) })
    if (after.categories) categorised.push({ productId, categories: after.categories })
    if (after.line !== undefined) {
      lineMoves.push({ productId, line: after.line })
      nameLine(after.line, after.title_ru ?? values.title_ru)
    }
    const delta = after.stock === undefined ? 0 : after.stock - ((row.before as Changes).stock ?? values.stock)
    if (delta) moves.push({ productId, delta, reason, actor })
    if (touchesSearch(after)) reindexed.push(productId)
  }
  await updateProducts(tx, updates)
  // New products get their search key as they are written: a second write of each (a re-index) costs as much again.
  const newKeys: string[] = []
  const brandIds = [...new Set(created.map(({ after }) => after.brand as number))]
  const brandOf = new Map(
    (brandIds.length
      ? await tx
          .select({ id: brands.id, name: brands.name, aliases: brands.aliases })
          .from(brands)
          .where(inArray(brands.id, brandIds))
      : []
    ).map((b) => [b.id, b]),
  )
  const ids = await insertProducts(
    tx,
    created.map(({ after }) => {
      const columns = productColumns(null, after)
      const title = columns.title ?? { uz: '', sr: '', ru: '' }
      const brand = brandOf.get(columns.brandId as number)
      const searchKey = brand ? productSearchKey({ title, volume: columns.volume, unit: columns.unit }, brand) : ''
      newKeys.push(searchKey)
      return {
        searchKey,
        ...columns,
        slug: columns.slug as string,
        title: columns.title ?? { uz: '', sr: '', ru: '' },
        description: columns.description ?? { uz: '', sr: '', ru: '' },
        brandId: columns.brandId as number,
        audience: columns.audience ?? 'unisex',
        country: columns.country ?? '',
        price: columns.price as number,
      }
    }),
  )
  const createdIds = created.map(({ row, after }) => {
    const productId = ids.get(after.slug as string) as number
    if (after.categories?.length) categorised.push({ productId, categories: after.categories })
    if (after.line) {
      lineMoves.push({ productId, line: after.line })
      nameLine(after.line, after.title_ru)
    }
    if (after.stock) moves.push({ productId, delta: after.stock, reason, actor })
    return { id: row.id, product_id: productId }
  })
  for (let i = 0; i < createdIds.length; i += 5000)
    await tx.execute(sql`update ${changeBatchRows} r set product_id = v.product_id
      from ${recordset(createdIds.slice(i, i + 5000), { id: 'integer', product_id: 'integer' })} where r.id = v.id`)
  await setCategoriesMany(tx, categorised)
  await placeInLines(tx, lineMoves, lineNames)
  await moveStockMany(tx, moves)
  return { reindexed, newKeys }
}
