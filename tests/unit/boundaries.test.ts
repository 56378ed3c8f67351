// Issue 14: what biome.json's noRestrictedImports cannot say about the shared folders.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8')
/** Every module specifier a file imports or re-exports. */
const specifiers = (source: string) =>
  [
    ...source.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]/g),
  ].map((m) => m[1] ?? m[2])

describe('contract/', () => {
  const files = readdirSync(new URL('../../contract/', import.meta.url)).filter((f) => f.endsWith('.ts'))

  test.each(files)('%s imports only zod, libphonenumber-js and contract/ itself', (file) => {
    for (const spec of specifiers(read(`contract/${file}`))) {
      expect(spec, `contract/${file}`).toMatch(/^(zod$|libphonenumber-js(\/|$)|\.\/[^/]+\.ts$|#contract\/)/)
    }
  })

  // The product page's script reads these numbers: they must not pull zod into it (decision record 007).
  test.each(['limits.ts', 'phone-format.ts', 'languages.ts', 'visitor.ts', 'review-limits.ts'])(
    '%s has no imports at all',
    (file) => {
      expect(specifiers(read(`contract/${file}`))).toEqual([])
    },
  )

  test('upload-limits.ts imports only review-limits.ts, which imports nothing', () => {
    expect(specifiers(read('contract/upload-limits.ts'))).toEqual(['./review-limits.ts'])
  })
})

test('api/types.ts holds types only, so a storefront module importing it loads nothing of the API', () => {
  const statements = read('api/types.ts')
    .split('\n')
    .filter((line) => /^\s*(import|export)\b/.test(line))
  expect(statements.length).toBeGreaterThan(0)
  for (const line of statements) expect(line).toMatch(/^(import|export) type /)
})

describe('api/ route modules', () => {
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

  test('are found', () => {
    expect(routeFiles).toContain('orders/routes.ts')
    expect(routeFiles).toContain('catalogue/home-routes.ts')
  })

  test('import neither drizzle-orm nor the schema', () => {
    expect(routeFiles.filter(queriesDatabase)).toEqual([])
  })
})
