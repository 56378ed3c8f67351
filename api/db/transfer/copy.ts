import { sql } from 'drizzle-orm'
import type { Db, Tx } from '../client.ts'
import { serialColumns, tablesInLoadOrder } from './tables.ts'

type Rows<T> = { rows: T[] }

/** Rows per round trip: large enough to be quick, small enough for PGlite's memory. */
export const BATCH_ROWS = 500

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`

/**
 * Every table's rows as JSON text (`row_to_json`: the database writes and
 * later reads every type — jsonb, arrays, timestamps — itself), `BATCH_ROWS`
 * at a time through a cursor. Run inside one repeatable-read transaction, the
 * batches are one consistent picture of the shop while it keeps selling.
 */
export async function* readTables(tx: Tx): AsyncGenerator<{ table: string; rows: string[] }> {
  for (const table of await tablesInLoadOrder(tx)) {
    const cursor = `atir_copy_${table}`
    await tx.execute(
      sql.raw(`declare ${ident(cursor)} no scroll cursor for select row_to_json(t)::text as r from ${ident(table)} t`),
    )
    for (;;) {
      const { rows } = (await tx.execute(sql.raw(`fetch ${BATCH_ROWS} from ${ident(cursor)}`))) as unknown as Rows<{
        r: string
      }>
      yield { table, rows: rows.map((row) => row.r) }
      if (rows.length < BATCH_ROWS) break
    }
    await tx.execute(sql.raw(`close ${ident(cursor)}`))
  }
}

/** Inserts rows read by `readTables` into the same table of a database on the same migrations. */
export async function writeRows(tx: Tx, table: string, rows: string[]) {
  if (!rows.length) return
  const target = ident(table)
  await tx.execute(
    sql`insert into ${sql.raw(target)} select * from json_populate_recordset(null::${sql.raw(target)}, ${`[${rows.join(',')}]`}::json)`,
  )
}

/** Moves every serial column's sequence past the rows now in its table, so new rows get fresh ids. */
export async function resetSequences(tx: Tx) {
  for (const { table, column, sequence } of await serialColumns(tx))
    await tx.execute(
      sql`select setval(${sequence}::regclass, coalesce((select max(${sql.raw(ident(column))}) from ${sql.raw(ident(table))}), 0) + 1, false)`,
    )
}

/** Tables that hold rows: a restore or an export only goes into a database without any. */
export async function tablesWithRows(db: Db): Promise<string[]> {
  const filled: string[] = []
  for (const table of await tablesInLoadOrder(db)) {
    const { rows } = (await db.execute(
      sql.raw(`select exists (select from ${ident(table)}) as any`),
    )) as unknown as Rows<{
      any: boolean
    }>
    if (rows[0]?.any) filled.push(table)
  }
  return filled
}
