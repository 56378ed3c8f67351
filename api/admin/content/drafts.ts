import { eq } from 'drizzle-orm'
import { changedFields, recordAudit } from '../../audit/record.ts'
import type { Tx } from '../../db/client.ts'
import { type ContentDraft, pages, posts } from '../../db/schema/index.ts'
import { type DeskContext, notFoundError, recordChange, recordUpdate } from './common.ts'

// Pages and posts keep their edits as a draft until published, in the same
// columns (title, body, draft, is_published): saving the draft, publishing it
// and deleting are the same steps on either table.

type Tables = { page: typeof pages; post: typeof posts }
const tables: Tables = { page: pages, post: posts }
type Row<K extends keyof Tables> = Tables[K]['$inferSelect']

/** The draft steps of pages or posts; `audited` is what the audit log keeps of a row. */
export function draftSteps<K extends keyof Tables>(kind: K, audited: (row: Row<K>) => Record<string, unknown>) {
  // Typed as pages for the query builder: only the columns both tables have are used.
  const table = tables[kind] as typeof pages
  const asRow = (row: typeof pages.$inferSelect) => row as unknown as Row<K>

  async function locked(ctx: DeskContext, tx: Tx, id: number) {
    const [current] = await tx.select().from(table).where(eq(table.id, id)).for('update')
    if (!current) throw notFoundError(ctx.lang)
    return current
  }

  return {
    /** Saves edits as the draft; the shop keeps the published texts. Audited, not shown: no cache to clear. */
    saveDraft: (ctx: DeskContext, id: number, draft: ContentDraft) =>
      ctx.db.transaction(async (tx) => {
        const current = await locked(ctx, tx, id)
        const [row] = await tx.update(table).set({ draft }).where(eq(table.id, id)).returning()
        if (!row) throw notFoundError(ctx.lang)
        const diff = changedFields({ draft: current.draft }, { draft: row.draft })
        if (diff) await recordAudit(tx, { ...ctx.actor, action: `${kind}.draft`, entity: kind, entityId: id, ...diff })
        return asRow(row)
      }),

    /** The draft (if any) becomes the published texts, shown in the shop from the next request. */
    publish: (ctx: DeskContext, id: number) =>
      ctx.db.transaction(async (tx) => {
        const current = await locked(ctx, tx, id)
        const texts = current.draft ?? { title: current.title, body: current.body }
        const [row] = await tx
          .update(table)
          .set({ ...texts, draft: null, isPublished: true })
          .where(eq(table.id, id))
          .returning()
        if (!row) throw notFoundError(ctx.lang)
        await recordUpdate(ctx, tx, `${kind}.publish`, id, audited(asRow(current)), audited(asRow(row)))
        return asRow(row)
      }),

    remove: (ctx: DeskContext, id: number) =>
      ctx.db.transaction(async (tx) => {
        const [row] = await tx.delete(table).where(eq(table.id, id)).returning()
        if (!row) throw notFoundError(ctx.lang)
        await recordChange(ctx, tx, `${kind}.delete`, id, { before: audited(asRow(row)) })
      }),
  }
}
