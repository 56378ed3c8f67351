import { and, eq, inArray, ne, sql } from 'drizzle-orm'
import { type AuditActor, changedFields, recordAudit } from '../../audit/record.ts'
import { invalidateCatalogue } from '../../catalogue/cache.ts'
import type { Db, Tx } from '../../db/client.ts'
import { ApiError } from '../../http/errors.ts'
import type { Lang } from '../../http/locale.ts'
import { message } from '../../http/messages.ts'
import { isUniqueViolation } from '../../orders/db-errors.ts'
import type { KindSpec } from './kinds.ts'
import { freeSlug, moveSlug, slugFromName } from './slugs.ts'

// Creating, changing and ordering brands, manufacturers, categories and menu
// groups: each change in one transaction with its audit row, its old slug's
// redirect and the catalogue cache's invalidation. Nothing is deleted: a row
// the shop should not show is hidden.

type Ctx = { lang: Lang; actor: AuditActor }
type Row = Record<string, unknown> & { id: number; slug: string; position: number }

const slugTaken = (lang: Lang, slug: string) => {
  const detail = message(lang, 'admin_slug_taken', { slug })
  return new ApiError(409, detail, [{ field: 'slug', message: detail }])
}

async function slugOwner(tx: Tx, spec: KindSpec<unknown>, slug: string, exceptId: number) {
  const [row] = await tx
    .select({ id: spec.table.id })
    .from(spec.table)
    .where(and(eq(spec.table.slug, slug), ne(spec.table.id, exceptId)))
  return row?.id ?? null
}

/** A generated slug follows its name: the one made from `source`, maybe with a "-2". */
const followsName = (slug: string, source: string, fallback: string) => {
  const base = slugFromName(source, fallback)
  return slug === base || new RegExp(`^${base}-\\d+$`).test(slug)
}

/** The slug the row gets: the one asked for (409 when another row has it) or one made from its name. */
async function chooseSlug(
  tx: Tx,
  spec: KindSpec<unknown>,
  { asked, source, id, lang }: { asked: string | undefined; source: string; id: number; lang: Lang },
) {
  if (asked !== undefined) {
    if ((await slugOwner(tx, spec, asked, id)) !== null) throw slugTaken(lang, asked)
    return asked
  }
  return freeSlug(tx, spec.table, slugFromName(source, spec.entity.replace('_', '-')), id)
}

export async function listRows(db: Db, spec: KindSpec<unknown>) {
  return spec.rows(db)
}

export async function oneRow(db: Db, spec: KindSpec<unknown>, id: number, lang: Lang) {
  const [row] = await spec.rows(db, id)
  if (!row) throw new ApiError(404, message(lang, spec.notFound))
  return row
}

/** Runs a write; a slug taken meanwhile by a concurrent write is the same 409 as one found taken. */
async function writing<T>(lang: Lang, slug: () => string | undefined, write: () => Promise<T>) {
  try {
    return await write()
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken(lang, slug() ?? '')
    throw error
  }
}

export async function createRow<Input extends { slug?: string }>(
  db: Db,
  spec: KindSpec<Input>,
  input: Input,
  { lang, actor }: Ctx,
): Promise<number> {
  let slug: string | undefined
  return writing(
    lang,
    () => slug,
    () =>
      db.transaction(async (tx) => {
        const columns = spec.columns(input)
        await spec.checkReferences?.(tx, columns, lang)
        slug = await chooseSlug(tx, spec as KindSpec<unknown>, {
          asked: input.slug,
          source: spec.slugSource(columns),
          id: 0,
          lang,
        })
        const [last] = await tx
          .select({ n: sql<number>`coalesce(max(${spec.table.position}), 0)`.mapWith(Number) })
          .from(spec.table)
        const position = Math.min(32767, (last?.n ?? 0) + 1)
        const [row] = (await tx
          .insert(spec.table)
          .values({ ...columns, slug, position } as never)
          .returning()) as unknown as Row[]
        await moveSlug(tx, spec.kind, row!.id, null, slug)
        await spec.afterWrite?.(db, tx, row!.id, Object.keys(columns))
        await recordAudit(tx, {
          ...actor,
          action: `${spec.entity}.create`,
          entity: spec.entity,
          entityId: row!.id,
          after: row!,
        })
        await invalidateCatalogue(db, tx)
        return row!.id
      }),
  )
}

/**
 * Changes a row. A slug that followed the old name follows the new one
 * (unless the body sets another one); a hand-made slug stays. The old slug then
 * redirects to the new one. 404 for an unknown id, 409 for a taken slug.
 */
export async function updateRow<Input extends { slug?: string }>(
  db: Db,
  spec: KindSpec<Input>,
  id: number,
  input: Input,
  { lang, actor }: Ctx,
): Promise<void> {
  let slug: string | undefined
  await writing(
    lang,
    () => slug,
    () =>
      db.transaction(async (tx) => {
        const [before] = (await tx
          .select()
          .from(spec.table)
          .where(eq(spec.table.id, id))
          .for('update')) as unknown as Row[]
        if (!before) throw new ApiError(404, message(lang, spec.notFound))
        const columns = spec.columns(input)
        await spec.checkReferences?.(tx, columns, lang)
        const fallback = spec.entity.replace('_', '-')
        const oldSource = spec.slugSource(before)
        const newSource = spec.slugSource({ ...before, ...columns })
        // The slug sent back unchanged (an edit form sends every field) is no new slug asked for.
        const asked = input.slug !== before.slug ? input.slug : undefined
        slug =
          asked !== undefined || (newSource !== oldSource && followsName(before.slug, oldSource, fallback))
            ? await chooseSlug(tx, spec as KindSpec<unknown>, { asked, source: newSource, id, lang })
            : before.slug
        const after = { ...columns, slug }
        const diff = changedFields(before, after)
        if (!diff) return
        await tx
          .update(spec.table)
          .set(after as never)
          .where(eq(spec.table.id, id))
        if (slug !== before.slug) await moveSlug(tx, spec.kind, id, before.slug, slug)
        await spec.afterWrite?.(db, tx, id, Object.keys(diff.after))
        await recordAudit(tx, {
          ...actor,
          action: `${spec.entity}.update`,
          entity: spec.entity,
          entityId: id,
          ...diff,
        })
        await invalidateCatalogue(db, tx)
      }),
  )
}

/**
 * Puts these rows first, in this order (positions 1, 2, …); rows left out
 * keep their positions. 400 for a repeated or unknown id. One audit row.
 */
export async function orderRows(db: Db, spec: KindSpec<unknown>, ids: number[], { lang, actor }: Ctx) {
  if (new Set(ids).size !== ids.length) {
    const detail = message(lang, 'admin_order_duplicate_ids')
    throw new ApiError(400, detail, [{ field: 'ids', message: detail }])
  }
  await db.transaction(async (tx) => {
    const found = (await tx
      .select({ id: spec.table.id, position: spec.table.position })
      .from(spec.table)
      .where(inArray(spec.table.id, ids))
      .for('update')) as { id: number; position: number }[]
    const known = new Set(found.map((r) => r.id))
    const unknown = ids.filter((id) => !known.has(id))
    if (unknown.length) {
      const detail = message(lang, 'admin_order_unknown_ids', { ids: unknown.join(', ') })
      throw new ApiError(400, detail, [{ field: 'ids', message: detail }])
    }
    const before = new Map(found.map((r) => [r.id, r.position]))
    const moved = ids.filter((id, i) => before.get(id) !== i + 1)
    if (!moved.length) return
    const cases = sql.join(
      ids.map((id, i) => sql`when ${id} then ${i + 1}`),
      sql` `,
    )
    await tx
      .update(spec.table)
      .set({ position: sql`(case ${spec.table.id} ${cases} end)::smallint` } as never)
      .where(inArray(spec.table.id, moved))
    await recordAudit(tx, {
      ...actor,
      action: `${spec.entity}.order`,
      entity: spec.entity,
      before: { positions: Object.fromEntries(moved.map((id) => [id, before.get(id)])) },
      after: { positions: Object.fromEntries(moved.map((id) => [id, ids.indexOf(id) + 1])) },
    })
    await invalidateCatalogue(db, tx)
  })
}
