// Seed once, copy per file. Migrating and seeding a database was most of an
// integration file's time, the same work in every file. The integration
// project's global set-up (tests/setup/database-templates.ts) runs a template
// service instead: the first file asking for a seed has it built, and every
// file gets its own copy (setupTestApi). A template is made once per run and
// never written after: a PGlite data folder dumped to a tar that each file
// loads into its own in-memory database, or a PostgreSQL database each file's
// database is created from (`CREATE DATABASE … TEMPLATE`, connections to it
// refused). The seed's pictures are made once, into a folder each file links
// them from.
import { existsSync, linkSync, mkdirSync, openAsBlob, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer, get } from 'node:http'
import type { AddressInfo } from 'node:net'
import { dirname, join, relative, sep } from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import { inject } from 'vitest'
import type { Config } from '#api/config.ts'
import { type Database, openDatabase } from '#api/db/client.ts'
import { writeSeedFiles } from '#api/db/seed/files.ts'
import { seedDatabase } from '#api/db/seed/index.ts'
import { createMediaStore, mediaStoreOf } from '#api/media/store.ts'
import { adminQuery, databaseName, databaseUrl, freshPostgresDatabase } from '../../support/postgres-server.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where this run's template service answers (tests/setup/database-templates.ts). */
    databaseTemplates?: string
  }
}

/** What a file's database starts as: the demo shop, a live shop's pages and settings, or the migrations only. */
export type TemplateSeed = 'demo' | 'live' | 'none'
export type TemplateRequest = { seed: TemplateSeed; products: number }

export type Template = {
  /** PGlite: the seeded data folder as `dumpDataDir()` wrote it (a tar). */
  image?: string
  /** PostgreSQL: the template database on the server in DATABASE_URL. */
  database?: string
  /** The seed's pictures: a media folder (`uploads/seed/…`), or null when the seed made none. */
  media: string | null
}

const nameOf = ({ seed, products }: TemplateRequest) => (seed === 'demo' ? `demo${products}` : seed)
const migratedOnly: TemplateRequest = { seed: 'none', products: 0 }

/**
 * Builds templates in `dir` (and with `serverUrl` as databases on that
 * PostgreSQL server), each once, one at a time. `close` drops the databases.
 */
export function templateBuilder(dir: string, serverUrl: string | undefined) {
  const run = `atir_tpl_${process.pid}_${Math.random().toString(36).slice(2, 6)}`
  const built = new Map<string, Promise<Template>>()
  const databases: string[] = []
  let queue: Promise<unknown> = Promise.resolve()
  const oneAtATime = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work)
    queue = next.catch(() => {})
    return next
  }

  async function build(request: TemplateRequest, base: Template | null): Promise<Template> {
    const name = nameOf(request)
    let url: string | undefined
    if (serverUrl) {
      const database = `${run}_${name}`
      await adminQuery(serverUrl, `CREATE DATABASE ${database}${base?.database ? ` TEMPLATE ${base.database}` : ''}`)
      databases.push(database)
      url = databaseUrl(serverUrl, database)
    }
    const database = await openDatabase({
      url,
      dataDir: null,
      loadDataDir: base?.image ? await openAsBlob(base.image) : undefined,
    })
    const media = join(dir, `media-${name}`)
    try {
      if (request.seed !== 'none')
        await seedDatabase(database.db, {
          mode: request.seed,
          products: request.products,
          media: createMediaStore({ kind: 'local', root: media }),
        })
      const pictures = existsSync(media) ? media : null
      if (url) return { database: databaseName(url), media: pictures }
      const image = join(dir, `${name}.tar`)
      const dump = await (database.db as unknown as { $client: PGlite }).$client.dumpDataDir('none')
      writeFileSync(image, Buffer.from(await dump.arrayBuffer()))
      return { image, media: pictures }
    } finally {
      await database.close()
      if (serverUrl && url) await adminQuery(serverUrl, `ALTER DATABASE ${databaseName(url)} ALLOW_CONNECTIONS false`)
    }
  }

  function template(request: TemplateRequest): Promise<Template> {
    const key = nameOf(request)
    let made = built.get(key)
    if (!made) {
      // Every seed starts from the migrated database: the migrations run once.
      made =
        request.seed === 'none'
          ? oneAtATime(() => build(request, null))
          : template(migratedOnly).then((base) => oneAtATime(() => build(request, base)))
      built.set(key, made)
    }
    return made
  }

  return {
    template,
    async close() {
      await queue
      if (serverUrl)
        for (const database of databases) await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${database}`)
    },
  }
}

/** Answers `GET /?seed=demo&products=40` with that template (JSON), built on the first ask. */
export async function serveTemplates(builder: ReturnType<typeof templateBuilder>) {
  const server = createServer((request, response) => {
    const query = new URL(request.url ?? '/', 'http://templates').searchParams
    const seed = query.get('seed') as TemplateSeed
    const products = Number(query.get('products'))
    if (!['demo', 'live', 'none'].includes(seed) || !Number.isInteger(products) || products < 0) {
      response.writeHead(400).end(`not a template: ${request.url}`)
      return
    }
    builder.template({ seed, products }).then(
      (template) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(template)),
      (error: Error) => response.writeHead(500).end(error.stack ?? String(error)),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/**
 * The template for `request` from the service at `serviceUrl`. node:http
 * rather than fetch, which gives up after 300 s: a build queued behind others
 * on a busy machine may take longer, and the hook's timeout bounds the wait.
 * A connection per request: a kept-alive one the service has just closed
 * would fail the next file's set-up with "socket hang up".
 */
export function requestTemplate(serviceUrl: string, request: TemplateRequest): Promise<Template> {
  const url = new URL(serviceUrl)
  url.search = new URLSearchParams({ seed: request.seed, products: String(request.products) }).toString()
  return new Promise((resolve, reject) => {
    get(url, { agent: false }, (response) => {
      let body = ''
      response.setEncoding('utf8')
      response.on('data', (chunk) => (body += chunk))
      response.on('end', () => {
        if (response.statusCode === 200) resolve(JSON.parse(body) as Template)
        else reject(new Error(`the database template ${nameOf(request)} could not be made:\n${body}`))
      })
    }).on('error', reject)
  })
}

/**
 * Puts the template's pictures in the file's media store: hard links into a
 * folder (the store replaces a file by renaming a new one over it, so the
 * template's copy is never written), copies into any other store (a bucket).
 */
export async function placeSeedPictures(template: Template, config: Pick<Config, 'dataDir' | 'media'>) {
  const from = template.media
  if (!from) return
  const keys = readdirSync(from, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(from, join(entry.parentPath, entry.name)).split(sep).join('/'))
  if (config.media.kind === 'local') {
    for (const key of keys) {
      const target = join(config.media.root, key)
      mkdirSync(dirname(target), { recursive: true })
      linkSync(join(from, key), target)
    }
    return
  }
  await writeSeedFiles(
    mediaStoreOf(config),
    keys.map((key) => ({ path: key.replace(/^uploads\//, ''), content: () => readFileSync(join(from, key), 'utf8') })),
  )
}

/**
 * A database with the migrations applied and nothing in it, for a test that
 * seeds, restores or copies into one: a copy of the run's migrated template,
 * or migrated here when the run has none of its kind (outside the integration
 * project; PGlite on a PostgreSQL run). PGlite in memory or in a new folder
 * `dataDir`, or with `server` a new database on that PostgreSQL server, whose
 * `url` the caller drops.
 */
export async function migratedDatabase(
  place: { server?: string; dataDir?: string } = {},
): Promise<{ database: Database; url?: string }> {
  const service = inject('databaseTemplates')
  const template = service ? await requestTemplate(service, { seed: 'none', products: 0 }) : null
  const url = place.server ? await freshPostgresDatabase(place.server, template?.database) : undefined
  const loadDataDir = !url && template?.image ? await openAsBlob(template.image) : undefined
  return { database: await openDatabase({ url, dataDir: place.dataDir ?? null, loadDataDir }), url }
}
