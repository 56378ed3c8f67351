import { mkdtempSync, openAsBlob, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, inject } from 'vitest'
import { type Api, createApi } from '#api/app.ts'
import { type Config, parseConfig } from '#api/config.ts'
import { type Database, openDatabase } from '#api/db/client.ts'
import { seedDatabase } from '#api/db/seed/index.ts'
import { mediaStoreOf } from '#api/media/store.ts'
import type { Json } from '#tests/support/json.ts'
import { adminQuery, databaseName, freshPostgresDatabase } from '../../support/postgres-server.ts'
import { placeSeedPictures, requestTemplate, type TemplateSeed } from './templates.ts'

export { adminQuery, freshPostgresDatabase } from '../../support/postgres-server.ts'
export { migratedDatabase } from './templates.ts'

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
 * A fresh database for one test file: in-memory PGlite, or a database of its
 * own on the PostgreSQL server in DATABASE_URL (CI runs the suite both ways).
 * It starts as a copy of the run's template for its seed (templates.ts): the
 * demo shop with `products` products (300 unless said), a live shop's pages
 * and settings (`seed: 'live'`) or the migrations only (`seed: 'none'`). Run
 * without the integration project's global set-up, the file migrates and
 * seeds its database itself.
 */
export function setupTestApi(
  options: {
    products?: number
    seed?: TemplateSeed
    /** More settings, read when the file starts (e.g. a media store the file started itself). */
    env?: () => Record<string, string>
  } = {},
): TestApi {
  const dataDir = mkdtempSync(join(tmpdir(), 'atir-test-'))
  const state = {} as TestApi
  let dropDatabase = async () => {}
  beforeAll(async () => {
    const seed = options.seed ?? 'demo'
    const products = options.products ?? 300
    const service = inject('databaseTemplates')
    const template = service ? await requestTemplate(service, { seed, products }) : null
    const server = process.env.DATABASE_URL
    const url = server ? await freshPostgresDatabase(server, template?.database) : undefined
    if (server && url) dropDatabase = () => adminQuery(server, `DROP DATABASE IF EXISTS ${databaseName(url)}`)
    const config = parseConfig({
      ...process.env,
      ...options.env?.(),
      DATA_DIR: dataDir,
      DATABASE_URL: url,
      SESSION_SECRET: 'x'.repeat(40),
    })
    const database = await openDatabase({
      url,
      dataDir: null,
      loadDataDir: template?.image ? await openAsBlob(template.image) : undefined,
    })
    if (template) await placeSeedPictures(template, config)
    else if (seed !== 'none') await seedDatabase(database.db, { mode: seed, products, media: mediaStoreOf(config) })
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
