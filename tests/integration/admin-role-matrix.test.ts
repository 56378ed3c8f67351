import { readFileSync } from 'node:fs'
import { beforeAll, describe, expect, it } from 'vitest'
import { message } from '#api/http/messages.ts'
import { can, type Permission, permissionsOf, staffRoles } from '#api/staff/permissions.ts'
import { setupTestApi } from './support/api.ts'
import { createStaff, staffToken } from './support/staff.ts'

// Every admin operation of the API's own route table (its OpenAPI document),
// called as every role: the role gets past the guard exactly when it has one
// of the permissions the operation declares. And the README's and
// docs/back-office.md's role tables say what permissions.ts grants.

const t = setupTestApi({ products: 3 })
const forbidden = message('ru', 'admin_forbidden')
/** The sign-in calls: no staff token yet, so no role to check. */
const open = new Set(['post /admin/auth/login/', 'post /admin/auth/second-factor/'])

type Operation = { method: string; path: string; rights: Permission[] }
let operations: Operation[] = []
const members = new Map<string, { id: number }>()

beforeAll(async () => {
  const doc = await t.json<{ paths: Record<string, Record<string, Record<string, unknown>>> }>('openapi.json')
  operations = Object.entries(doc.body.paths)
    .filter(([path]) => path.startsWith('/api/v1/admin/'))
    .flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({
        method,
        path: path.slice('/api/v1'.length),
        rights: op['x-permissions'] as Permission[],
      })),
    )
  for (const role of staffRoles) members.set(role, await createStaff(t, role))
})

/** A path with its parameters filled: ids are digits, anything else a word. */
const filled = (path: string) => path.replaceAll(/\{(\w+)\}/g, (_, name: string) => (/id$/i.test(name) ? '1' : 'x'))

describe('the role matrix', () => {
  it('the route table is read: admin operations, each declaring its rights (but the sign-in calls)', () => {
    expect(operations.length).toBeGreaterThan(100)
    const undeclared = operations.filter((o) => !o.rights && !open.has(`${o.method} ${o.path}`))
    expect(undeclared.map((o) => `${o.method} ${o.path}`)).toEqual([])
  })

  it.each(staffRoles)('%s: past the guard exactly where its role has one of the rights', async (role) => {
    const wrong: string[] = []
    for (const op of operations.filter((o) => o.rights)) {
      // A fresh session per call: some calls end the session they are made with (sign out).
      const token = await staffToken(t, members.get(role)!)
      const r = await t.request(filled(op.path).slice(1), {
        method: op.method.toUpperCase(),
        token,
        lang: 'ru',
        ...(op.method === 'get' || op.method === 'delete' ? {} : { body: '{}' }),
      })
      const body = (await r.json().catch(() => ({}))) as { detail?: string }
      const stopped = r.status === 401 || (r.status === 403 && body.detail === forbidden)
      const allowed = op.rights.length === 0 || op.rights.some((p) => can(role, p))
      if (stopped === allowed) wrong.push(`${op.method} ${op.path}: ${r.status} ${body.detail ?? ''}`)
    }
    expect(wrong).toEqual([])
  })
})

describe("a content editor's PATCH admin/products/{id}/, field by field", () => {
  type Product = Record<string, unknown> & {
    id: number
    price: number
    brand: { id: number }
    categories: { id: number }[]
  }
  const owner = () => staffToken(t, members.get('owner')!)
  const content = () => staffToken(t, members.get('content')!)
  const patch = async (token: string, id: number, body: Record<string, unknown>) =>
    t.json(`admin/products/${id}/`, { method: 'PATCH', token, lang: 'ru', body: JSON.stringify(body) })

  it('changes the texts; any other field changed is refused, naming it; fields sent unchanged pass', async () => {
    const list = await t.json<{ results: { id: number }[] }>('admin/products/', { token: await owner() })
    const id = list.body.results[0]!.id
    const product = (await t.json<Product>(`admin/products/${id}/`, { token: await owner() })).body
    const choices = (
      await t.json<{ brands: { id: number }[]; categories: { id: number }[] }>('admin/products/choices/', {
        token: await owner(),
      })
    ).body
    const otherBrand = choices.brands.find((b) => b.id !== product.brand.id)!.id
    const otherCategory = choices.categories.find((c) => !product.categories.some((p) => p.id === c.id))!.id
    const changes: Record<string, unknown> = {
      is_hidden: !product.is_hidden,
      is_recommendation: !product.is_recommendation,
      sku: 'CONTENT-SKU-1',
      barcode: '4601234567890',
      brand_id: otherBrand,
      manufacturer_id: null === product.manufacturer_id ? choices.brands[0]!.id : null,
      category_ids: [otherCategory],
      audience: product.audience === 'men' ? 'women' : 'men',
      country: product.country === 'IT' ? 'FR' : 'IT',
      release_year: 1999,
      volume: 77,
      unit: product.unit === 'g' ? 'ml' : 'g',
      price: product.price + 1000,
      sale_price: product.price - 1000,
      ikpu: '12345678901234567',
      package_code: '1234',
    }
    const token = await content()
    for (const [field, value] of Object.entries(changes)) {
      const r = await patch(token, id, { [field]: value })
      expect(r.status, `${field}: ${JSON.stringify(r.body)}`).toBe(403)
      expect(r.body.errors, field).toEqual([expect.objectContaining({ field })])
    }
    const unchanged = await patch(token, id, {
      is_hidden: product.is_hidden,
      brand_id: product.brand.id,
      price: product.price,
      title: { uz: 'Атир', sr: 'Atir', ru: 'Новое название' },
      description: { uz: '', sr: '', ru: 'Новое описание' },
      aliases: ['атир'],
    })
    expect(unchanged.status, JSON.stringify(unchanged.body)).toBe(200)
    expect(unchanged.body).toMatchObject({ title: { ru: 'Новое название' }, aliases: ['атир'], price: product.price })
  })
})

describe('the role tables of the docs', () => {
  const backticked = (text: string) => [...text.matchAll(/`([a-z]+\.[a-z]+)`/g)].map((m) => m[1]!).sort()

  it("README's table lists each role's permissions as permissions.ts grants them", () => {
    const readme = readFileSync('README.md', 'utf8')
    for (const role of staffRoles) {
      const row = readme.split('\n').find((line) => line.startsWith(`| ${role} |`))
      expect(row, `README has no row for ${role}`).toBeDefined()
      expect(backticked(row!), role).toEqual([...permissionsOf(role)].sort())
    }
  })

  it("docs/back-office.md's table ticks each role's permissions as permissions.ts grants them", () => {
    const lines = readFileSync('docs/back-office.md', 'utf8').split('\n')
    const header = lines.find((line) => line.startsWith('| Permission |'))!
    const roles = header
      .split('|')
      .slice(2, -1)
      .map((cell) => cell.trim())
    expect(roles).toEqual([...staffRoles])
    for (const line of lines.filter((l) => /^\| `[a-z]+\.[a-z]+`/.test(l))) {
      const [permission] = backticked(line.split('|')[1]!)
      const ticks = line.split('|').slice(2, -1)
      for (const [i, role] of roles.entries())
        expect(ticks[i]!.includes('✓'), `${permission} for ${role}`).toBe(can(role as never, permission as Permission))
    }
  })
})
