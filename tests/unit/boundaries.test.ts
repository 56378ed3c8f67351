import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'

const api = join(import.meta.dirname, '../../api')

// Route modules stay thin: they parse, call a service function and answer.
const routeFiles = readdirSync(api, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .flatMap((dir) =>
    readdirSync(join(api, dir.name))
      .filter((name) => name === 'routes.ts' || name.endsWith('-routes.ts'))
      .map((name) => `${dir.name}/${name}`),
  )
  .sort()

const queriesDatabase = (file: string) =>
  /from '(?:drizzle-orm|[./]+db\/schema[^']*)'/.test(readFileSync(join(api, file), 'utf8'))

// Not moved into service functions yet (PLAN-14 §8.1); the list may only shrink.
const notYetMoved = ['catalogue/editorial-routes.ts', 'catalogue/home-routes.ts']

describe('boundaries', () => {
  test('finds the route modules', () => {
    expect(routeFiles).toContain('orders/routes.ts')
    expect(routeFiles).toContain('catalogue/home-routes.ts')
  })

  test('route modules import neither drizzle-orm nor the schema', () => {
    expect(routeFiles.filter(queriesDatabase)).toEqual(notYetMoved)
  })
})
