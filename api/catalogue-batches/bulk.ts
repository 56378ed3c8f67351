import { eq } from 'drizzle-orm'
import type { BulkAction } from '#contract/catalogue-batches.ts'
import type { AuditActor } from '../audit/record.ts'
import type { Db } from '../db/client.ts'
import { oneRow } from '../db/rows.ts'
import { categories, changeBatches } from '../db/schema/index.ts'
import { ApiError } from '../http/errors.ts'
import type { Lang } from '../http/locale.ts'
import { message } from '../http/messages.ts'
import type { RowDraft, RowError } from './batches.ts'
import { saveRows } from './batches.ts'
import { type Changes, diff, type SheetValues, sheetValuesOf } from './fields.ts'

export type BulkRequest = {
  ids: number[]
  action: BulkAction
  category_id?: number | null
  percent?: number | null
  sale_price?: number | null
  sale_starts_at?: string | null
  sale_ends_at?: string | null
}

/**
 * Prices in the shop are whole thousands of sum (the seed's and the
 * suppliers' lists): a changed price is rounded to the nearest 1,000, never
 * below 1,000.
 */
export const roundPrice = (sum: number) => Math.max(1000, Math.round(sum / 1000) * 1000)

/** What the action makes of one product, or why it cannot. */
function changesFor(p: SheetValues, request: BulkRequest): Changes | RowError {
  switch (request.action) {
    case 'hide':
      return { hidden: true }
    case 'show':
      return { hidden: false }
    case 'add_category':
      return { categories: [...new Set([...p.categories, request.category_id as number])].sort((a, b) => a - b) }
    case 'replace_category':
      return { categories: [request.category_id as number] }
    case 'price_percent': {
      const price = roundPrice(p.price * (1 + (request.percent as number) / 100))
      if (p.sale_price !== null && p.sale_price >= price) return { field: 'price', key: 'sheet_sale_not_below' }
      return { price }
    }
    case 'sale_clear':
      return { sale_price: null, sale_starts_at: null, sale_ends_at: null }
    default: {
      const sale =
        request.action === 'sale_percent'
          ? roundPrice(p.price * (1 - (request.percent as number) / 100))
          : (request.sale_price as number)
      if (sale >= p.price) return { field: 'sale_price', key: 'sheet_sale_not_below' }
      return {
        sale_price: sale,
        sale_starts_at: request.sale_starts_at ?? null,
        sale_ends_at: request.sale_ends_at ?? null,
      }
    }
  }
}

const fieldError = (lang: Lang, field: string, key: Parameters<typeof message>[1]) => {
  const detail = message(lang, key)
  return new ApiError(400, detail, [{ field, message: detail }])
}

/** Checks what the action needs beyond the schema (the category exists, a percent or price is given). */
async function checkRequest(db: Db, request: BulkRequest, lang: Lang) {
  const { action } = request
  if (action === 'add_category' || action === 'replace_category') {
    if (!request.category_id) throw fieldError(lang, 'category_id', 'required')
    const [found] = await db
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.id, request.category_id))
    if (!found) throw fieldError(lang, 'category_id', 'not_found')
  }
  if ((action === 'price_percent' || action === 'sale_percent') && !request.percent)
    throw fieldError(lang, 'percent', 'required')
  if (action === 'sale_price' && !request.sale_price) throw fieldError(lang, 'sale_price', 'required')
  if (
    request.sale_starts_at &&
    request.sale_ends_at &&
    Date.parse(request.sale_starts_at) >= Date.parse(request.sale_ends_at)
  )
    throw fieldError(lang, 'sale_ends_at', 'sheet_sale_window')
}

/**
 * Previews a bulk action on the chosen products: saves a batch with, per
 * product, the fields it changes (before → after) or why it cannot (a sale
 * price not below the price). Nothing is written to the products until the
 * batch is applied.
 */
export async function previewBulk(db: Db, request: BulkRequest, actor: AuditActor, lang: Lang): Promise<number> {
  await checkRequest(db, request, lang)
  const ids = [...new Set(request.ids)]
  const current = await sheetValuesOf(db, ids)
  const rows: RowDraft[] = []
  let unchanged = 0
  ids.forEach((id, index) => {
    const values = current.get(id)
    if (!values) return
    const label = values.sku || values.title_ru || values.slug
    const base = { line: index + 1, productId: id, label }
    const changes = changesFor(values, request)
    if ('key' in changes) {
      rows.push({ ...base, before: null, after: null, errors: [changes] })
      return
    }
    const changed = diff(values, changes)
    if (changed) rows.push({ ...base, ...changed, errors: null })
    else unchanged++
  })
  if (!current.size) throw fieldError(lang, 'ids', 'not_found')
  const { ids: _, ...settings } = request
  const counts = {
    rows: current.size,
    changed: rows.filter((r) => r.after).length,
    rejected: rows.filter((r) => r.errors).length,
    unchanged,
    created: 0,
  }
  return db.transaction(async (tx) => {
    const batch = oneRow(
      await tx
        .insert(changeBatches)
        .values({
          kind: 'bulk',
          state: 'previewed',
          staffId: actor.staffId,
          actor: actor.actor,
          summary: { ...settings, counts },
          progress: ids.length,
          total: ids.length,
        })
        .returning({ id: changeBatches.id }),
    )
    await saveRows(tx, batch.id, rows)
    return batch.id
  })
}
