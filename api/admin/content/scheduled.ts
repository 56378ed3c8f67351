import { eq } from 'drizzle-orm'
import { banners, stories } from '../../db/schema/index.ts'
import { type DeskContext, notFoundError, recordChange, recordUpdate, windowOf } from './common.ts'

// Banners and stories are shown inside a window (starts_at, ends_at) and
// added, changed and removed the same way: the window checked, one
// transaction, an audit entry, the shop's cache cleared.

type Tables = { banner: typeof banners; story: typeof stories }
const tables: Tables = { banner: banners, story: stories }
type Row<K extends keyof Tables> = Tables[K]['$inferSelect']
type Window = { starts_at?: string | null; ends_at?: string | null }

/**
 * The add, change and remove steps of banners or stories. `audited` is what
 * the audit log keeps of a row; `columns` the desk's fields as columns, a
 * field not sent undefined (Drizzle leaves it out of an update).
 */
export function scheduledSteps<K extends keyof Tables, Patch extends Window>(
  kind: K,
  audited: (row: Row<K>) => Record<string, unknown>,
  columns: (input: Patch) => Partial<Tables[K]['$inferInsert']>,
) {
  // Typed as banners for the query builder: the window and id columns both tables have are all it names.
  const table = tables[kind] as typeof banners
  const asRow = (row: typeof banners.$inferSelect) => row as unknown as Row<K>

  return {
    /** `values`: the row's columns, the required ones included; the window comes from `input`. */
    create: (ctx: DeskContext, input: Window, values: Tables[K]['$inferInsert']) => {
      const window = windowOf(ctx.lang, input)
      return ctx.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(table)
          .values({ ...(values as typeof banners.$inferInsert), ...window })
          .returning()
        if (!row) throw new Error(`${kind} insert returned nothing`)
        await recordChange(ctx, tx, `${kind}.create`, row.id, { after: audited(asRow(row)) })
        return asRow(row)
      })
    },

    update: (ctx: DeskContext, id: number, input: Patch) =>
      ctx.db.transaction(async (tx) => {
        const [current] = await tx.select().from(table).where(eq(table.id, id)).for('update')
        if (!current) throw notFoundError(ctx.lang)
        const window = windowOf(ctx.lang, input, current)
        const changes = columns(input) as Partial<typeof banners.$inferInsert>
        const [row] = await tx
          .update(table)
          .set({ ...changes, ...window })
          .where(eq(table.id, id))
          .returning()
        if (!row) throw notFoundError(ctx.lang)
        await recordUpdate(ctx, tx, `${kind}.update`, id, audited(asRow(current)), audited(asRow(row)))
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
