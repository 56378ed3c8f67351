// What biome.json's noRestrictedImports cannot say about the shared folders.
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, sep } from 'node:path'
import ts from 'typescript'
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
  // Route modules stay thin: they parse, call a service function and answer. In every folder, nested ones too.
  const routeFiles = (readdirSync(api, { recursive: true }) as string[])
    .map((file) => file.replaceAll('\\', '/'))
    .filter((file) => file.includes('/') && /(^|\/)(routes|[\w-]+-routes)\.ts$/.test(file))
    .sort()
  const queriesDatabase = (file: string) =>
    /from '(?:drizzle-orm|[./]+db\/schema[^']*)'/.test(readFileSync(join(api, file), 'utf8'))

  test('are found', () => {
    expect(routeFiles).toContain('orders/routes.ts')
    expect(routeFiles).toContain('catalogue/home-routes.ts')
    expect(routeFiles).toContain('admin/batches/routes.ts')
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
    // Lists, limits, named codes (TASHKENT_CITY) and the order status numbers; schemas and helpers may share a
    // name with a local one.
    const code = typeof value === 'string' && /^[A-Z][A-Z0-9_]+$/.test(name)
    if (Array.isArray(value) || typeof value === 'number' || code || /^[A-Z][A-Za-z]+$/.test(name))
      exported.set(name, file)
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

describe('a folder’s +shared/ is its own', () => {
  // What a folder's screens share sits in its +shared/ (app/routes.ts); what several folders use sits in the
  // +shared/ of a folder above them all (admin/+shared/ for the back office's sections). So a module imports
  // a +shared/ only from inside the folder it belongs to: orders/ and its pages from orders/+shared/, any
  // section from admin/+shared/, no section from another's.
  const routes = join(root, 'app/routes')
  const modules = (readdirSync(routes, { recursive: true }) as string[])
    .map((file) => join(routes, file))
    .filter((file) => /\.tsx?$/.test(file))

  /** The +shared/ imports of one module that reach out of their own folder. */
  const foreignShared = (file: string, text: string) =>
    ts
      .preProcessFile(text, true, true)
      .importedFiles.map((imported) => imported.fileName)
      // Relative imports and #app/ ones; packages and other roots hold no +shared/ of app/.
      .flatMap((spec) =>
        spec.startsWith('.')
          ? [join(dirname(file), spec)]
          : spec.startsWith('#app/')
            ? [join(root, 'app', spec.slice(5))]
            : [],
      )
      .filter((target) => target.includes(`${sep}+shared${sep}`))
      .filter(
        (target) => !`${dirname(file)}${sep}`.startsWith(target.slice(0, target.indexOf(`${sep}+shared${sep}`) + 1)),
      )
      .map((target) => `${relative(root, file)} imports ${relative(root, target)}`)

  test('no module imports another folder’s +shared/', () => {
    expect(modules.flatMap((file) => foreignShared(file, readFileSync(file, 'utf8')))).toEqual([])
  })

  test('the rule sees a section reaching into another’s', () => {
    const admin = join(routes, '$lang/admin')
    const deliveries = join(admin, 'deliveries/index.tsx')
    expect(foreignShared(deliveries, "import { PhoneLink } from '../orders/+shared/phone-link.tsx'")).toHaveLength(1)
    expect(foreignShared(deliveries, "import '../orders/+shared/orders.css'")).toHaveLength(1)
    expect(
      foreignShared(
        join(admin, 'products/+shared/x.tsx'),
        "import type { Batch } from '../../batches/+shared/types.ts'",
      ),
    ).toHaveLength(1)
    expect(
      foreignShared(deliveries, "import { x } from '#app/routes/$lang/admin/orders/+shared/schemas.ts'"),
    ).toHaveLength(1)
    expect(foreignShared(deliveries, "import { PhoneLink } from '../+shared/phone-link.tsx'")).toEqual([])
    expect(foreignShared(join(admin, 'orders/$id/edit.tsx'), "import { x } from '../+shared/draft.ts'")).toEqual([])
    expect(foreignShared(join(admin, 'orders/+shared/a.tsx'), "import { b } from './b.tsx'")).toEqual([])
  })
})
