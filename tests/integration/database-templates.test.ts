import { createHash } from 'node:crypto'
import { readFileSync, renameSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { describe, expect, inject, it } from 'vitest'
import { settings } from '#api/db/schema/index.ts'
import { adminQuery, databaseUrl } from '../support/postgres-server.ts'
import { setupTestApi, type TestApi } from './support/api.ts'
import { requestTemplate } from './support/templates.ts'

// The test files' databases are copies of a template seeded once per run
// (support/templates.ts): each file still has a database and pictures of its
// own, and what one writes no other file, and no template, ever sees.

const one = setupTestApi({ products: 5 })
const another = setupTestApi({ products: 5 })
const live = setupTestApi({ seed: 'live' })
const migratedOnly = setupTestApi({ seed: 'none' })

const count = async (t: TestApi, table: string) =>
  (
    (await t.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
      rows: { n: number }[]
    }
  ).rows[0]?.n
const firstPicturePath = async (t: TestApi) =>
  (await t.database.db.execute(sql`select path from product_images order by id limit 1`)) as unknown as {
    rows: { path: string }[]
  }

describe('a test file’s database', () => {
  it('starts as the seed it asked for', async () => {
    expect(await count(one, 'products')).toBe(5)
    expect(await count(live, 'products')).toBe(0)
    expect(await count(live, 'pages')).toBeGreaterThan(0)
    expect(await migratedOnly.database.db.select().from(settings)).toEqual([])
  })

  it('is its own: what one file writes is not in another’s copy of the same template', async () => {
    const pictures = await count(another, 'product_images')
    expect(pictures).toBeGreaterThan(0)
    await one.database.db.execute(sql`delete from product_images`)
    expect(await count(one, 'product_images')).toBe(0)
    expect(await count(another, 'product_images')).toBe(pictures)
  })

  it('has the seed’s pictures in a folder of its own: one replaced there is replaced nowhere else', async () => {
    const path = (await firstPicturePath(another)).rows[0]?.path as string
    const mine = join(another.dataDir, 'uploads', path)
    const theirs = join(one.dataDir, 'uploads', path)
    const original = readFileSync(theirs)
    expect(readFileSync(mine)).toEqual(original)
    // As the media store writes a file: a new one renamed over the old.
    writeFileSync(`${mine}.new`, '<svg xmlns="http://www.w3.org/2000/svg"/>')
    renameSync(`${mine}.new`, mine)
    expect(readFileSync(mine, 'utf8')).toBe('<svg xmlns="http://www.w3.org/2000/svg"/>')
    expect(readFileSync(theirs)).toEqual(original)
    expect(statSync(theirs).nlink, 'still the one file the template holds').toBeGreaterThan(1)
  })
})

describe('the template', () => {
  it('is never written: a file’s writes leave it as it was', async () => {
    const service = inject('databaseTemplates')
    expect(service, 'the integration project serves the templates').toBeDefined()
    const template = await requestTemplate(service as string, { seed: 'demo', products: 5 })
    const server = process.env.DATABASE_URL
    if (server && template.database) {
      // PostgreSQL: no connection to it is accepted, so nothing can write it.
      await expect(adminQuery(databaseUrl(server, template.database), 'select 1')).rejects.toThrow(
        /not currently accepting connections/,
      )
      return
    }
    const image = template.image as string
    const digest = () => createHash('sha256').update(readFileSync(image)).digest('hex')
    const before = digest()
    await another.database.db.execute(sql`delete from reviews`)
    expect(await count(another, 'reviews')).toBe(0)
    expect(digest()).toBe(before)
  })
})
