import { type SQL, sql } from 'drizzle-orm'

/**
 * Many rows as one query parameter: `jsonb_to_recordset($1) as v(name type, …)`,
 * for set-based writes (`update … from`, `insert … select`) whatever the number
 * of rows, without the 65,535-parameter cap of a multi-row VALUES list.
 * `columns` maps each key of the rows to its SQL type (an enum by its type name).
 */
export function recordset(rows: Record<string, unknown>[], columns: Record<string, string>): SQL {
  const definition = Object.entries(columns)
    .map(([name, type]) => `"${name}" ${type}`)
    .join(', ')
  return sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(${sql.raw(definition)})`
}

/** The rows an `execute` answered, on PGlite and node-postgres alike. */
export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows
