import pg from 'pg'

/** Runs one statement on the server in `serverUrl` (CREATE/DROP DATABASE), on a connection of its own. */
export async function adminQuery(serverUrl: string, sql: string) {
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  try {
    await admin.query(sql)
  } finally {
    await admin.end()
  }
}

/** `serverUrl` naming another database on the same server. */
export function databaseUrl(serverUrl: string, database: string) {
  const url = new URL(serverUrl)
  url.pathname = `/${database}`
  return url.toString()
}

export const databaseName = (url: string) => new URL(url).pathname.slice(1)

/**
 * Each test file gets its own database on the shared server, dropped when the
 * file ends: empty, or a copy of `template` (tests/integration/support/templates.ts).
 */
export async function freshPostgresDatabase(serverUrl: string, template?: string) {
  const name = `atir_t_${process.pid}_${Math.random().toString(36).slice(2, 8)}`
  await adminQuery(serverUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`)
  return databaseUrl(serverUrl, name)
}
