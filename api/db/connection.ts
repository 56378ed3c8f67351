import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type pg from 'pg'
import type { Config } from '../config.ts'

/** What opening the database takes from the configuration (api/db/client.ts `openDatabase`). */
export type DatabaseSettings = {
  url?: string
  dataDir: string | null
  /** PostgreSQL: how long each query may take (and connecting, unless `connectTimeoutMs` says). */
  timeoutMs?: number
  /** PostgreSQL: how long connecting may take; `timeoutMs` (or 5 s) when unset. */
  connectTimeoutMs?: number
  /** PostgreSQL: the pool's most connections. */
  poolMax?: number
  /** PostgreSQL: TLS, as DATABASE_SSL/DATABASE_SSL_CA say. */
  ssl?: pg.ClientConfig['ssl']
}

/**
 * The configured database: DATABASE_URL with its pool, timeout and TLS
 * settings, or PGlite in DATA_DIR. A command (`command: true`: a backup, a
 * seed of 100,000 products) connects within the same time but its queries
 * have no time limit.
 */
export function databaseSettings(
  config: Pick<
    Config,
    'DATABASE_URL' | 'dataDir' | 'DATABASE_TIMEOUT_MS' | 'DATABASE_POOL_MAX' | 'DATABASE_SSL' | 'DATABASE_SSL_CA'
  >,
  options: { command?: boolean } = {},
): DatabaseSettings {
  return {
    url: config.DATABASE_URL,
    dataDir: config.dataDir,
    timeoutMs: options.command ? undefined : config.DATABASE_TIMEOUT_MS,
    connectTimeoutMs: config.DATABASE_TIMEOUT_MS,
    poolMax: config.DATABASE_POOL_MAX,
    ssl: sslOf(config),
  }
}

/**
 * `off`: whatever DATABASE_URL says (`?sslmode=…`, else none); `require`:
 * encrypted, any certificate; `verify`: encrypted, the certificate checked
 * against DATABASE_SSL_CA (a managed database's CA) or the system's CAs.
 */
function sslOf(config: Pick<Config, 'DATABASE_SSL' | 'DATABASE_SSL_CA'>): pg.ClientConfig['ssl'] {
  if (config.DATABASE_SSL === 'off') return undefined
  if (config.DATABASE_SSL === 'require') return { rejectUnauthorized: false }
  return {
    rejectUnauthorized: true,
    ...(config.DATABASE_SSL_CA ? { ca: readFileSync(config.DATABASE_SSL_CA, 'utf8') } : {}),
  }
}

/** The connection settings of one client (a pool adds its size). */
export function clientSettings(settings: DatabaseSettings): pg.ClientConfig {
  return {
    connectionString: settings.url,
    connectionTimeoutMillis: settings.connectTimeoutMs ?? settings.timeoutMs ?? 5000,
    ...(settings.ssl ? { ssl: settings.ssl } : {}),
  }
}

/** Where PGlite keeps the embedded database in a data folder. */
export const pgliteFolder = (dataDir: string) => join(dataDir, 'pglite')

/**
 * The database the configuration names, for the first line of a command: an
 * operator who forgot DATABASE_URL reads that the embedded one is the target.
 */
export function databaseTarget(config: Pick<Config, 'DATABASE_URL' | 'dataDir'>) {
  if (config.DATABASE_URL) return `PostgreSQL ${describeUrl(config.DATABASE_URL)} (DATABASE_URL)`
  const made = existsSync(pgliteFolder(config.dataDir)) ? '' : '; none there yet'
  return `the embedded database in ${config.dataDir} (DATA_DIR, as DATABASE_URL is not set${made})`
}

/** `postgres://user@host:5432/database`: the address without the password, for messages. */
export function describeUrl(url: string) {
  try {
    const parsed = new URL(url)
    const user = parsed.username ? `${decodeURIComponent(parsed.username)}@` : ''
    return `${parsed.protocol}//${user}${parsed.host}${parsed.pathname}`
  } catch {
    return 'DATABASE_URL'
  }
}

const codeOf = (error: unknown) => String((error as { code?: unknown })?.code ?? '')

/**
 * Why a connection to PostgreSQL failed, in the operator's terms, or null
 * for an error that is not about connecting (a failing migration, say).
 */
export function connectionProblem(error: unknown, url: string, timeoutMs = 5000): string | null {
  const where = describeUrl(url)
  const { hostname, port } = (() => {
    try {
      return new URL(url)
    } catch {
      return { hostname: '?', port: '' }
    }
  })()
  const address = `${hostname}:${port || 5432}`
  const code = codeOf(error)
  const text = error instanceof Error ? error.message : String(error)
  if (code === 'ECONNREFUSED') return `nothing accepts connections at ${address} (is PostgreSQL running there?)`
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `the database host ${hostname} is not known (DNS)`
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return `the database host ${address} cannot be reached`
  if (code === 'ETIMEDOUT' || /timeout|timed out/i.test(text))
    return `the database at ${address} did not answer within ${timeoutMs} ms (DATABASE_TIMEOUT_MS)`
  if (code === 'ECONNRESET' || /Connection terminated/i.test(text))
    return `the database at ${address} closed the connection (${text})`
  if (code === '28P01' || code === '28000') return `${where} refused the user and password (${text})`
  if (code === '3D000') return `${where}: the database does not exist (${text})`
  if (/password must be a string/i.test(text)) return `${where}: DATABASE_URL has no password`
  if (/does not support SSL/i.test(text))
    return `${where} does not take TLS connections: set DATABASE_SSL=off, or enable SSL on the server`
  if (/certificate|self[- ]signed/i.test(text))
    return `${where}: its TLS certificate is not trusted (${text}): set DATABASE_SSL_CA to the CA that signed it`
  if (/no pg_hba\.conf entry/i.test(text)) return `${where} refuses this client (pg_hba.conf: ${text})`
  return null
}

/**
 * The error to stop a start with: says that the database cannot be reached,
 * and why, when that is the problem; the error itself otherwise.
 */
export function connectionError(error: unknown, url: string, timeoutMs?: number): Error {
  const problem = connectionProblem(error, url, timeoutMs)
  if (!problem) return error instanceof Error ? error : new Error(String(error))
  return new Error(`the database cannot be reached: ${problem}`, { cause: error })
}
