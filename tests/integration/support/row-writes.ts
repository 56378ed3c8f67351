import { sql } from 'drizzle-orm'
import type { Db } from '#api/db/client.ts'

// Which rows a request wrote, for property tests that send thousands of
// requests: a trigger on every table notes each insert, delete and real update
// (one that changes a value) in a table of its own. Asking it costs a
// millisecond, where a checksum of every table (support/openapi.ts) costs tens.
// Notes are transactional like the writes: a rolled-back write leaves none.

const log = 'test_row_writes'

export type RowWrites = {
  /** The writes noted since `mark` (from `latest`), as `table op` lines. */
  since(mark: number): Promise<string[]>
  /** A mark before the next request. */
  latest(): Promise<number>
}

/** Watches every table of `db` but `except` (tables that rightly record a refused attempt). */
export async function watchRowWrites(db: Db, except: string[] = []): Promise<RowWrites> {
  await db.execute(sql.raw(`create table if not exists ${log} (id bigserial primary key, written text not null)`))
  await db.execute(
    sql.raw(`create or replace function ${log}_note() returns trigger language plpgsql as $$
      begin
        if tg_op = 'UPDATE' and to_jsonb(new) = to_jsonb(old) then return null; end if;
        insert into ${log} (written) values (tg_table_name || ' ' || tg_op);
        return null;
      end $$`),
  )
  const tables = (await db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  )) as unknown as { rows: { table_name: string }[] }
  for (const { table_name: name } of tables.rows) {
    if (name === log || except.includes(name)) continue
    await db.execute(
      sql.raw(`create or replace trigger ${log} after insert or update or delete on "${name}"
        for each row execute function ${log}_note()`),
    )
  }
  return {
    async latest() {
      const result = (await db.execute(sql.raw(`select coalesce(max(id), 0)::int as id from ${log}`))) as unknown as {
        rows: { id: number }[]
      }
      return result.rows[0]!.id
    },
    async since(mark) {
      const result = (await db.execute(
        sql`select written from ${sql.raw(log)} where id > ${mark} order by id`,
      )) as unknown as { rows: { written: string }[] }
      return result.rows.map((r) => r.written)
    },
  }
}
