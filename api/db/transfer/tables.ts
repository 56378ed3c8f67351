import { sql } from 'drizzle-orm'
import type { Db } from '../client.ts'

type Rows<T> = { rows: T[] }

/** Tables a trigger fills from others (migration 0025: `product_search` from `products`): loading those fills them. */
const derivedTables = new Set(['product_search'])

/**
 * The shop's tables (schema `public`), ordered so that every table comes after
 * the tables its foreign keys point at: rows loaded in this order never miss
 * their parent. Read from the catalog, so a table added by a migration is
 * copied without anyone listing it here; derived tables are left out.
 */
export async function tablesInLoadOrder(db: Db): Promise<string[]> {
  const { rows: catalogued } = (await db.execute(
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  )) as unknown as Rows<{ name: string }>
  const tables = catalogued.filter((t) => !derivedTables.has(t.name))
  const { rows: links } = (await db.execute(
    sql`select c.relname as child, p.relname as parent
        from pg_constraint k
        join pg_class c on c.oid = k.conrelid
        join pg_class p on p.oid = k.confrelid
        join pg_namespace n on n.oid = c.relnamespace
        where k.contype = 'f' and n.nspname = 'public' and c.oid <> p.oid`,
  )) as unknown as Rows<{ child: string; parent: string }>
  const parents = new Map(tables.map((t) => [t.name, new Set<string>()]))
  for (const link of links) parents.get(link.child)?.add(link.parent)
  const ordered: string[] = []
  const placed = new Set<string>()
  while (ordered.length < tables.length) {
    const ready = [...parents].filter(([name, up]) => !placed.has(name) && [...up].every((p) => placed.has(p)))
    if (!ready.length) throw new Error('the tables have a foreign-key cycle: they cannot be loaded in order')
    for (const [name] of ready) {
      ordered.push(name)
      placed.add(name)
    }
  }
  return ordered
}

/** Each `serial` column's sequence, to move it past the loaded rows. */
export async function serialColumns(db: Db): Promise<{ table: string; column: string; sequence: string }[]> {
  const { rows } = (await db.execute(
    sql`select table_name as table, column_name as column,
          pg_get_serial_sequence(quote_ident(table_name), column_name) as sequence
        from information_schema.columns
        where table_schema = 'public' and column_default like 'nextval(%'`,
  )) as unknown as Rows<{ table: string; column: string; sequence: string | null }>
  return rows.filter((r): r is { table: string; column: string; sequence: string } => r.sequence !== null)
}

/** The newest migration the database has applied (its `created_at`, as the journal's `when`). */
export async function appliedMigration(db: Db): Promise<number | null> {
  const { rows } = (await db.execute(
    sql`select max(created_at)::bigint as at from drizzle.__drizzle_migrations`,
  )) as unknown as Rows<{ at: string | number | null }>
  const at = rows[0]?.at
  return at == null ? null : Number(at)
}
