import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { afterEach, describe, expect, it } from 'vitest'
import { apiCall, exitCode, type ServerProcess, startServer, tmpDataDir } from '../e2e/support/server-process.ts'
import { adminQuery, freshPostgresDatabase } from './support/api.ts'

// A first start on an empty PostgreSQL: however many processes start at once,
// and however long the seed takes, the ones that do not seed wait for the one
// that does, without a query timeout on that wait, and all come up. The built
// server (build/server/index.js) with a query timeout (DATABASE_TIMEOUT_MS)
// shorter than the seed; PostgreSQL only (.ci/run's pass with DATABASE_URL).

const root = fileURLToPath(new URL('../..', import.meta.url))
const server = process.env.DATABASE_URL
const secret = 'one-secret-for-every-process-'.padEnd(40, 'x')
// Far shorter than any seed here: a wait or a query bound by it would fail the start.
const timeoutMs = '1000'

const cleanUps: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const cleanUp of cleanUps.splice(0).reverse()) await cleanUp()
})

async function emptyDatabase() {
  if (!server) throw new Error('this file needs DATABASE_URL (a PostgreSQL server)')
  if (!existsSync(join(root, 'build/server/index.js'))) throw new Error('no build: run `react-router build` first')
  const url = await freshPostgresDatabase(server)
  cleanUps.push(() => adminQuery(server, `DROP DATABASE IF EXISTS ${new URL(url).pathname.slice(1)} WITH (FORCE)`))
  return url
}

async function shop(url: string, env: Record<string, string> = {}) {
  const data = tmpDataDir('first-start')
  cleanUps.push(() => data.remove())
  const started = await startServer({
    dataDir: data.dir,
    env: { DATABASE_URL: url, SESSION_SECRET: secret, DATABASE_TIMEOUT_MS: timeoutMs, ...env },
  })
  cleanUps.push(async () => {
    started.child.kill('SIGTERM')
    await exitCode(started.child)
  })
  return started
}

async function query<T>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query(text)).rows as T[]
  } finally {
    await client.end()
  }
}

const productCount = async (url: string) =>
  (await query<{ n: number }>(url, 'select count(*)::int as n from products'))[0]?.n

/** Every process answers, with the one catalogue the database holds: `products` products, seeded once. */
async function expectServing(url: string, processes: ServerProcess[], products: number) {
  expect(await productCount(url)).toBe(products)
  const totals = new Set<number>()
  for (const process of processes) {
    expect((await fetch(`${process.url}/readyz`)).status).toBe(200)
    const list = await apiCall(process, 'products/?size=1')
    expect(list.status).toBe(200)
    // The storefront's list: one card per product line.
    expect(list.body.total).toBeGreaterThan(0)
    totals.add(list.body.total)
  }
  expect(totals.size).toBe(1)
}

describe('a first start on an empty PostgreSQL', () => {
  it('two processes started at once both come up, one seeding while the other waits', async () => {
    const url = await emptyDatabase()
    const products = 1500
    const both = await Promise.all([1, 2].map(() => shop(url, { SEED_PRODUCTS: String(products) })))
    await expectServing(url, both, products)
  })

  it('a process started while `npm run db:seed` seeds waits for it, then serves what it seeded', async () => {
    const url = await emptyDatabase()
    const products = 10_000
    const seedData = tmpDataDir('seeding')
    cleanUps.push(() => seedData.remove())
    const seed = spawn('npm', ['run', '--silent', 'db:seed', '--', '--products', String(products)], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: url, SESSION_SECRET: secret, DATA_DIR: seedData.dir },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let printed = ''
    seed.stdout.on('data', (chunk) => (printed += chunk))
    seed.stderr.on('data', (chunk) => (printed += chunk))
    const seeded = exitCode(seed)
    cleanUps.push(async () => {
      seed.kill('SIGTERM')
      await seeded
    })

    // The seed is under way: its transaction is writing products.
    await expect
      .poll(
        async () =>
          (
            await query<{ n: number }>(
              url,
              `select count(*)::int as n from pg_stat_activity
               where datname = current_database() and xact_start is not null and query ilike 'insert into "products"%'`,
            )
          )[0]?.n,
        { timeout: 120_000, interval: 200 },
      )
      .toBeGreaterThan(0)

    // Meanwhile the shop starts: it must come to wait behind the seed, and come up once it is done.
    let waited = false
    const watching = (async () => {
      while (seed.exitCode === null && !waited) {
        const [row] = await query<{ n: number }>(
          url,
          'select count(*)::int as n from pg_locks l join pg_stat_activity a using (pid) where not l.granted and a.datname = current_database()',
        )
        waited = (row?.n ?? 0) > 0
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    })()
    const started = await shop(url)
    await watching
    expect(await seeded, printed).toBe(0)
    expect(waited, 'the shop never waited for the seed: it finished first').toBe(true)
    await expectServing(url, [started], products)
  }, 420_000)
})
