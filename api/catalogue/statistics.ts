import { sql } from 'drizzle-orm'
import type { Database, Db } from '../db/client.ts'
import { rowsOf } from '../db/recordset.ts'

// The planner chooses between the trigram index, the ordering indexes and a
// sort by the row counts ANALYZE gathers. PostgreSQL's autovacuum keeps them
// fresh; embedded PGlite has no autovacuum, so a freshly seeded database has
// none and picks plans up to ten times slower. The catalogue therefore
// analyses its tables when they were never analysed or a tenth has changed
// since; this runs with the hourly vocabulary rebuild (vocabulary.ts). An
// expression index (the search's word index, the price paid) has statistics of
// its own, which only ANALYZE gathers: one a migration just created has none, and
// the planner then takes every search word for one row.

const tables = ['products', 'product_search', 'product_categories', 'product_images', 'brands', 'categories']

type Row = { relname: string; reltuples: number; changed: number | null; unanalysed: boolean }

export async function refreshPlannerStatistics(db: Db): Promise<string[]> {
  const result = await db.execute<Row>(sql`
    select c.relname, c.reltuples::float8 as reltuples, s.n_mod_since_analyze::float8 as changed,
      exists (
        select 1 from pg_index i join pg_class x on x.oid = i.indexrelid
        where i.indrelid = c.oid and i.indexprs is not null
          and not exists (select 1 from pg_stats p where p.schemaname = 'public' and p.tablename = x.relname)
      ) as unanalysed
    from pg_class c left join pg_stat_user_tables s on s.relid = c.oid
    where c.relkind = 'r' and c.relnamespace = 'public'::regnamespace
      and c.relname in (${sql.join(
        tables.map((t) => sql`${t}`),
        sql`, `,
      )})`)
  const rows = rowsOf<Row>(result)
  const stale = rows
    .filter(
      (r) =>
        Number(r.reltuples) < 0 ||
        (r.unanalysed && Number(r.reltuples) > 0) ||
        Number(r.changed ?? 0) > Math.max(1000, Number(r.reltuples) * 0.1),
    )
    .map((r) => r.relname)
  // Only known table names reach this statement.
  if (stale.length) await db.execute(sql.raw(`analyze ${stale.map((t) => `"${t}"`).join(', ')}`))
  return stale
}

/**
 * Rewrites the catalogue's tables without the dead row versions a bulk write
 * leaves behind, on PGlite only: it has no autovacuum, and after the seed
 * (which writes a product more than once) or a start that rewrote every
 * search key, dead rows filled over half of the products' pages, so a search
 * read twice the pages it needed (at 100,000 products: 422 MB → 186 MB, search
 * API p95 153 → about 45 ms). PostgreSQL's autovacuum reclaims the space itself,
 * and VACUUM FULL there would lock the table against the shop's other processes.
 * Call it only before the shop serves: it holds the one connection meanwhile.
 */
export async function compactCatalogue(database: Database): Promise<boolean> {
  if (database.kind !== 'pglite') return false
  await database.db.execute(sql.raw('vacuum full analyze products, product_search, product_categories, product_images'))
  return true
}
