import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { type Api, createApi } from '#api/app.ts'
import { type Config, parseConfig } from '#api/config.ts'
import { type Database, openDatabase } from '#api/db/client.ts'
import { seedDatabase } from '#api/db/seed/index.ts'
import { mediaStoreOf } from '#api/media/store.ts'
import type { Json } from '#tests/support/json.ts'

export type TestApi = {
  api: Api
  database: Database
  config: Config
  dataDir: string
  /** The test file's own PostgreSQL database, when the suite runs on a server. */
  databaseUrl?: string
  /** Calls the API in-process like the storefront does; `path` is relative to /api/v1/. */
  request(path: string, init?: RequestInit & { lang?: string; fingerprint?: string; token?: string }): Promise<Response>
  json<T = Json>(
    path: string,
    init?: RequestInit & { lang?: string; fingerprint?: string; token?: string },
  ): Promise<{ status: number; body: T; headers: Headers }>
}

/**
 * A fresh database for one test file: in-memory PGlite, or a throw-away schema
 * on the PostgreSQL server in DATABASE_URL (CI runs the suite both ways).
 */
export function setupTestApi(
  options: {
    products?: number
    /** More settings, read when the file starts (e.g. a media store the file started itself). */
    env?: () => Record<string, string>
  } = {},
): TestApi {
  const dataDir = mkdtempSync(join(tmpdir(), 'atir-test-'))
  const state = {} as TestApi
  let dropDatabase = async () => {}
  beforeAll(async () => {
    const server = process.env.DATABASE_URL
    const url = server ? await freshPostgresDatabase(server) : undefined
    if (server && url)
      dropDatabase = () => adminQuery(server, `DROP DATABASE IF EXISTS ${new URL(url).pathname.slice(1)}`)
    const config = parseConfig({
      ...process.env,
      ...options.env?.(),
      DATA_DIR: dataDir,
      DATABASE_URL: url,
      SESSION_SECRET: 'x'.repeat(40),
    })
    const database = await openDatabase({ url, dataDir: null })
    await seedDatabase(database.db, {
      mode: 'demo',
      products: options.products ?? 300,
      media: mediaStoreOf(config),
    })
    const api = createApi({ database, config })
    Object.assign(state, { api, database, config, dataDir, databaseUrl: url })
  })
  afterAll(async () => {
    await state.database?.close()
    await dropDatabase()
    rmSync(dataDir, { recursive: true, force: true })
  })
  state.request = (path, init = {}) => {
    const headers = new Headers(init.headers)
    if (init.lang) headers.set('Accept-Language', init.lang)
    if (init.fingerprint) headers.set('Fingerprint', init.fingerprint)
    if (init.token) headers.set('Authorization', `Bearer ${init.token}`)
    if (typeof init.body === 'string' && !headers.has('content-type')) headers.set('Content-Type', 'application/json')
    return state.api.fetch(new Request(`http://shop.test/api/v1/${path}`, { ...init, headers }))
  }
  state.json = async (path, init) => {
    const response = await state.request(path, init)
    return { status: response.status, body: await response.json(), headers: response.headers }
  }
  return state
}

export async function adminQuery(serverUrl: string, sql: string) {
  const pg = (await import('pg')).default
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  try {
    await admin.query(sql)
  } finally {
    await admin.end()
  }
}

/** Each test file gets its own database on the shared server, dropped when the file ends. */
export async function freshPostgresDatabase(serverUrl: string) {
  const name = `atir_t_${process.pid}_${Math.random().toString(36).slice(2, 8)}`
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.toString()
}
