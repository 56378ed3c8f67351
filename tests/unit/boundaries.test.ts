// What biome.json's noRestrictedImports cannot say about the shared folders.
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
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
  // Route modules stay thin: they parse, call a service function and answer. Every folder
  // down (admin/orders/routes.ts as well as orders/routes.ts).
  const routeFiles = (readdirSync(api, { recursive: true }) as string[])
    .map((file) => file.replaceAll('\\', '/'))
    .filter((file) => /(?:^|\/|-)routes\.ts$/.test(file) && file.includes('/'))
    .sort()
  const queriesDatabase = (file: string) =>
    /from '(?:drizzle-orm|[./]+db\/schema[^']*)'/.test(readFileSync(join(api, file), 'utf8'))

  test('are found', () => {
    expect(routeFiles).toContain('orders/routes.ts')
    expect(routeFiles).toContain('catalogue/home-routes.ts')
    expect(routeFiles).toContain('admin/orders/change-routes.ts')
  })

  test('import neither drizzle-orm nor the schema', () => {
    expect(routeFiles.filter(queriesDatabase)).toEqual([])
  })
})

// The contract's lists (arrays of words) and limits, by name.
const root = join(import.meta.dirname, '../..')
const modules = readdirSync(join(root, 'contract')).filter((f) => f.endsWith('.ts'))
const exported = new Map<string, string>()
const lists: { name: string; values: Set<string> }[] = []
for (const file of modules) {
  for (const [name, value] of Object.entries(await import(`../../contract/${file.replace(/\.ts$/, '')}.ts`))) {
    // Lists, limits and the order status numbers; schemas and helpers may share a name with a local one.
    if (Array.isArray(value) || typeof value === 'number' || /^[A-Z][A-Za-z]+$/.test(name)) exported.set(name, file)
    if (Array.isArray(value) && value.length > 1 && value.every((v) => typeof v === 'string'))
      lists.push({ name: `${file} ${name}`, values: new Set(value) })
  }
}

describe('lists and limits both sides use live once, in contract/', () => {
  // Seed data and applied migrations are records of their time, not code that names the lists.
  const sources = ['app', 'api']
    .flatMap((dir) => (readdirSync(join(root, dir), { recursive: true }) as string[]).map((f) => `${dir}/${f}`))
    .map((f) => f.replaceAll('\\', '/'))
    .filter((f) => /\.tsx?$/.test(f) && !/^api\/db\/(seed|migrations)\//.test(f))

  test('the contract has lists to look for', () => {
    expect(lists.map((l) => l.name)).toEqual(
      expect.arrayContaining(['orders.ts PaymentStatus', 'catalogue-batches.ts bulkActions', 'content.ts pageKinds']),
    )
  })

  test('no literal list of the same values stands outside it', () => {
    const copies: string[] = []
    for (const file of sources) {
      const text = readFileSync(join(root, file), 'utf8')
      for (const [literal] of text.matchAll(/\[\s*'[^'\n]+'(?:\s*,\s*'[^'\n]+')+\s*,?\s*\]/g)) {
        const values = new Set([...literal.matchAll(/'([^']+)'/g)].map((m) => m[1] ?? ''))
        for (const list of lists)
          if (values.size === list.values.size && [...values].every((v) => list.values.has(v)))
            copies.push(`${file}: ${literal.replace(/\s+/g, ' ')} copies ${list.name}`)
      }
    }
    expect(copies).toEqual([])
  })

  test('no module outside it declares a constant of a contract list or limit', () => {
    const declared: string[] = []
    for (const file of sources) {
      const text = readFileSync(join(root, file), 'utf8')
      for (const [, name] of text.matchAll(/(?:^|\n)\s*(?:export\s+)?const\s+([A-Za-z_]\w*)\s*[:=]/g))
        if (name && exported.has(name))
          declared.push(`${relative(root, join(root, file))}: ${name} (contract/${exported.get(name)})`)
    }
    expect(declared).toEqual([])
  })
})
