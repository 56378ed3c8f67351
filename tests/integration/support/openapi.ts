import { sql } from 'drizzle-orm'
import { createApi } from '#api/app.ts'
import { parseConfig } from '#api/config.ts'
import type { Db } from '#api/db/client.ts'
import type { Json } from '#tests/support/json.ts'
import type { TestApi } from './api.ts'

// The OpenAPI document as the property and access tests walk it: every
// operation with its parameters, body content type and body property names.

export type Operation = {
  method: string
  /** The template relative to /api/v1/, e.g. `orders/{id}/`. */
  path: string
  pathParams: string[]
  queryParams: string[]
  bodyType?: string
  bodyProps: string[]
  secured: boolean
}

type Doc = { paths: Record<string, Record<string, Json>>; components?: { schemas?: Record<string, Json> } }

export async function loadOperations(t: TestApi): Promise<Operation[]> {
  const { status, body } = await t.json<Doc>('openapi.json')
  if (status !== 200) throw new Error(`openapi.json answered ${status}`)
  return operationsOf(body)
}

/**
 * The operations without a database: the document is made from the routes
 * alone, so a test file can name one test per operation when it is collected.
 */
export async function documentedOperations(): Promise<Operation[]> {
  const config = parseConfig({ ...process.env, SESSION_SECRET: 'x'.repeat(40) })
  const api = createApi({ database: { db: {} } as never, config })
  const response = await api.fetch(new Request('http://shop.test/api/v1/openapi.json'))
  if (response.status !== 200) throw new Error(`openapi.json answered ${response.status}`)
  return operationsOf(await response.json())
}

function operationsOf(body: Doc): Operation[] {
  const resolve = (schema: Json): Json =>
    schema?.$ref ? resolve(body.components?.schemas?.[schema.$ref.split('/').at(-1)]) : schema
  const props = (schema: Json): string[] => {
    const s = resolve(schema)
    if (!s) return []
    const own = Object.keys(s.properties ?? {})
    const nested = [...(s.allOf ?? []), ...(s.anyOf ?? []), ...(s.oneOf ?? [])].flatMap(props)
    return [...new Set([...own, ...nested])]
  }
  const operations: Operation[] = []
  for (const [template, ops] of Object.entries(body.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const parameters: { in: string; name: string }[] = op.parameters ?? []
      const content = op.requestBody?.content ?? {}
      const bodyType = Object.keys(content)[0]
      operations.push({
        method: method.toUpperCase(),
        path: template.replace(/^\/api\/v1\//, ''),
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        bodyType,
        bodyProps: bodyType ? props(content[bodyType].schema) : [],
        secured: Array.isArray(op.security) && op.security.some((s: object) => 'bearerAuth' in s),
      })
    }
  }
  return operations
}

/** Fills a path template; values are URL-encoded. */
export const fillPath = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, name) => encodeURIComponent(values[name] ?? '1'))

/**
 * A checksum of every row of every table (per table), to prove a rejected
 * request wrote nothing. `except` names tables that legitimately record a
 * refused attempt (rate-limit counters).
 */
export const tableChecksums = (t: TestApi, except: string[] = []) => databaseChecksums(t.database.db, except)

/** `tableChecksums` of any database (a restored copy, a second process's). */
export async function databaseChecksums(db: Db, except: string[] = []): Promise<Record<string, string>> {
  const tables = (await db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  )) as unknown as { rows: { table_name: string }[] }
  const names = tables.rows.map((r) => r.table_name).filter((n) => !except.includes(n))
  const union = names
    .map(
      (n) =>
        `select '${n}' as t, count(*)::text || ':' || coalesce(md5(string_agg(x::text, '|' order by x::text)), '') as c from "${n}" x`,
    )
    .join(' union all ')
  const result = (await db.execute(sql.raw(union))) as unknown as { rows: { t: string; c: string }[] }
  return Object.fromEntries(result.rows.map((r) => [r.t, r.c]))
}
