import { and, asc, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { auditLog, brands, products, slugRedirects } from '#api/db/schema/index.ts'
import type { StaffRole } from '#api/staff/permissions.ts'
import { setupTestApi } from './support/api.ts'
import { signedInStaff } from './support/staff.ts'

// The taxonomy editor: brands, manufacturers, categories and the
// header menu's groups through admin/…: who may call what, slugs and their
// redirects, validation, audit rows, search keys and the shop's next read.

const t = setupTestApi({ products: 80 })

type Staff = { id: number; token: string }
const staff = {} as Record<StaffRole, Staff>
beforeAll(async () => {
  for (const role of ['owner', 'manager', 'content', 'warehouse'] as const) staff[role] = await signedInStaff(t, role)
})

const call = (method: string, path: string, body?: unknown, token = staff.manager.token, lang = 'ru') =>
  t.json(`admin/${path}`, { method, token, lang, ...(body === undefined ? {} : { body: JSON.stringify(body) }) })
const shop = (path: string, lang = 'ru') => t.json(path, { lang })

const auditOf = (entity: string, id: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(id))))
    .orderBy(asc(auditLog.id))

let made = 0
const newBrand = async (fields: Record<string, unknown> = {}) => {
  const r = await call('POST', 'brands/', { name: `Maison Test ${++made}`, country: 'fr', ...fields })
  expect(r.status, JSON.stringify(r.body)).toBe(201)
  return r.body
}

describe('who may call what', () => {
  const expected: Record<string, Record<Exclude<StaffRole, 'courier'>, number>> = {
    list: { owner: 200, manager: 200, content: 200, warehouse: 403 },
    create: { owner: 201, manager: 201, content: 403, warehouse: 403 },
    update: { owner: 200, manager: 200, content: 403, warehouse: 403 },
    order: { owner: 200, manager: 200, content: 403, warehouse: 403 },
  }
  for (const path of ['brands', 'manufacturers', 'categories', 'category-groups'])
    it(`${path}: by role, and 401 without a token`, async () => {
      const body =
        path === 'brands' || path === 'manufacturers'
          ? () => ({ name: `Role ${path} ${++made}`, country: 'IT' })
          : () => ({ title: { uz: '', sr: `Role ${path} ${++made}`, ru: '' } })
      const [first] = (await call('GET', `${path}/`)).body.results
      for (const role of ['owner', 'manager', 'content', 'warehouse'] as const) {
        const token = staff[role].token
        expect((await call('GET', `${path}/`, undefined, token)).status, role).toBe(expected.list![role])
        expect((await call('POST', `${path}/`, body(), token)).status, role).toBe(expected.create![role])
        expect((await call('PATCH', `${path}/${first.id}/`, { is_hidden: false }, token)).status, role).toBe(
          expected.update![role],
        )
        expect((await call('PUT', `${path}/order/`, { ids: [first.id] }, token)).status, role).toBe(
          expected.order![role],
        )
      }
      const anonymous = await t.json(`admin/${path}/`, { lang: 'ru' })
      expect(anonymous.status).toBe(401)
    })
})

describe('brands', () => {
  it('lists every brand, hidden ones too, with product counts', async () => {
    const hidden = await newBrand({ is_hidden: true })
    const { body } = await call('GET', 'brands/')
    const ids = body.results.map((b: { id: number }) => b.id)
    expect(ids).toContain(hidden.id)
    const withProducts = body.results.find((b: { product_count: number }) => b.product_count > 0)
    const [counted] = await t.database.db
      .select({ n: products.id })
      .from(products)
      .where(eq(products.brandId, withProducts.id))
    expect(counted).toBeDefined()
  })

  it('makes a Latin slug from a Cyrillic name, unique with -2', async () => {
    const first = await newBrand({ name: 'Ўзбек Атир' })
    expect(first.slug).toBe('ozbek-atir')
    const second = await newBrand({ name: 'Ўзбек атир' })
    expect(second.slug).toBe('ozbek-atir-2')
  })

  it('refuses a taken slug with 409 in the staff member’s language, and bad fields with 400', async () => {
    const taken = await newBrand()
    const other = await newBrand()
    const clash = await call('PATCH', `brands/${other.id}/`, { slug: taken.slug }, staff.manager.token, 'sr')
    expect(clash.status).toBe(409)
    expect(clash.body.detail).toBe(`«${taken.slug}» manzili band: boshqasini tanlang.`)
    expect(clash.body.errors[0].field).toBe('slug')

    const long = await call('POST', 'brands/', { name: 'x'.repeat(121), country: 'FR' })
    expect(long.status).toBe(400)
    expect(long.body.errors).toEqual([{ field: 'name', message: expect.stringContaining('120') }])
    const badSlug = await call('POST', 'brands/', { name: 'Ok', country: 'FR', slug: 'Not Ok' })
    expect(badSlug.body.errors[0]).toEqual({ field: 'slug', message: expect.stringContaining('100') })
    const badCountry = await call('POST', 'brands/', { name: 'Ok', country: 'France' })
    expect(badCountry.body.errors[0].field).toBe('country')
    const noMaker = await call('POST', 'brands/', { name: 'Ok', country: 'FR', manufacturer_id: 999_999 })
    expect(noMaker.status).toBe(400)
    expect(noMaker.body.errors[0]).toEqual({ field: 'manufacturer_id', message: 'Производитель не найден.' })
  })

  it('a rename moves a generated slug, keeps the old one as a 301, re-indexes search and is audited', async () => {
    const [row] = await t.database.db
      .select({ id: brands.id, slug: brands.slug, name: brands.name })
      .from(brands)
      .innerJoin(products, eq(products.brandId, brands.id))
      .limit(1)
    const brand = row!
    // Read once so the shop's answer is cached: the change must show on the next read anyway.
    expect((await shop(`products/brands/${brand.slug}/`)).status).toBe(200)
    const renamed = await call('PATCH', `brands/${brand.id}/`, { name: 'Zyxwvu Parfums', aliases: ['зиксву'] })
    expect(renamed.status).toBe(200)
    expect(renamed.body.slug).toBe('zyxwvu-parfums')

    const old = await shop(`products/brands/${brand.slug}/`)
    expect(old.status).toBe(301)
    expect(old.headers.get('location')).toBe('/api/v1/products/brands/zyxwvu-parfums/')
    expect(old.body.slug).toBe('zyxwvu-parfums')
    expect((await shop('products/brands/zyxwvu-parfums/')).body.name).toBe('Zyxwvu Parfums')

    // The new alias (Cyrillic) finds the brand's products at once.
    const found = await shop(`products/?search=${encodeURIComponent('зиксву')}`)
    expect(found.body.results.length).toBeGreaterThan(0)
    expect(found.body.results.every((p: { brand: { id: number } }) => p.brand.id === brand.id)).toBe(true)

    const [entry] = (await auditOf('brand', brand.id)).slice(-1)
    expect(entry).toMatchObject({
      action: 'brand.update',
      actor: `staff:${staff.manager.id}`,
      before: { name: brand.name, slug: brand.slug, aliases: expect.any(Array) },
      after: { name: 'Zyxwvu Parfums', slug: 'zyxwvu-parfums', aliases: ['зиксву'] },
    })
  })

  it('a slug set by hand stays on rename; a slug taken again by a live row stops redirecting', async () => {
    const brand = await newBrand({ slug: 'hand-made' })
    const renamed = await call('PATCH', `brands/${brand.id}/`, { name: 'Quite Another Name' })
    expect(renamed.body.slug).toBe('hand-made')

    // An edit form sends the slug back as it was along with a new name: a generated slug still follows.
    const generated = await newBrand({ name: 'Follow Me' })
    const followed = await call('PATCH', `brands/${generated.id}/`, { name: 'Followed Me', slug: generated.slug })
    expect(followed.body.slug).toBe('followed-me')

    const moved = await call('PATCH', `brands/${brand.id}/`, { slug: 'hand-made-2024' })
    expect(moved.body.slug).toBe('hand-made-2024')
    expect((await shop('products/brands/hand-made/')).status).toBe(301)

    const newcomer = await newBrand({ slug: 'hand-made' })
    const live = await shop('products/brands/hand-made/')
    expect(live.status).toBe(200)
    expect(live.body.id).toBe(newcomer.id)
    const redirects = await t.database.db
      .select()
      .from(slugRedirects)
      .where(and(eq(slugRedirects.kind, 'brand'), eq(slugRedirects.oldSlug, 'hand-made')))
    expect(redirects).toEqual([])
  })

  it('a hidden brand leaves the shop’s brand list and its page is 404; its products stay', async () => {
    const [row] = await t.database.db
      .select({ id: brands.id, slug: brands.slug })
      .from(brands)
      .innerJoin(products, eq(products.brandId, brands.id))
      .where(eq(brands.isHidden, false))
      .limit(1)
    const before = await shop('products/brands/')
    expect(before.body.results.map((b: { id: number }) => b.id)).toContain(row!.id)
    expect((await call('PATCH', `brands/${row!.id}/`, { is_hidden: true })).status).toBe(200)
    const after = await shop('products/brands/')
    expect(after.body.results.map((b: { id: number }) => b.id)).not.toContain(row!.id)
    expect((await shop(`products/brands/${row!.slug}/`)).status).toBe(404)
    const listed = await shop(`products/?brand=${row!.slug}`)
    expect(listed.body.total).toBeGreaterThan(0)
    await call('PATCH', `brands/${row!.id}/`, { is_hidden: false })
  })
})

describe('categories and menu groups', () => {
  const tree = async () =>
    (await shop('products/categories/')).body.results as { id: number; children: { id: number }[] }[]

  it('a title missing in a language is allowed and flagged; none at all is refused', async () => {
    const made = await call('POST', 'categories/', { title: { uz: '', sr: 'Yuz kremi', ru: 'Крем для лица' } })
    expect(made.status).toBe(201)
    expect(made.body).toMatchObject({ slug: 'yuz-kremi', missing_translations: ['uz'] })
    const none = await call('POST', 'categories/', { title: { uz: ' ', sr: '', ru: '' } }, staff.owner.token, 'uz')
    expect(none.status).toBe(400)
    expect(none.body.errors[0]).toEqual({ field: 'title', message: 'Камида битта тилда ном керак.' })
    const noGroup = await call('POST', 'categories/', { title: { uz: 'А', sr: 'A', ru: 'А' }, group_id: 999_999 })
    expect(noGroup.body.errors[0].field).toBe('group_id')
  })

  it('hiding a category takes it out of the header menu on the next read, 404s its page, audits it', async () => {
    const before = await tree()
    const category = before[0]!.children[0]!
    const { body } = await call('GET', `categories/${category.id}/`)
    expect((await shop(`products/category/${body.slug}/`)).status).toBe(200)
    const hidden = await call('PATCH', `categories/${category.id}/`, { is_hidden: true })
    expect(hidden.body.is_hidden).toBe(true)
    const after = await tree()
    expect(after.flatMap((g) => g.children.map((c) => c.id))).not.toContain(category.id)
    expect((await shop(`products/category/${body.slug}/`)).status).toBe(404)
    const [entry] = (await auditOf('category', category.id)).slice(-1)
    expect(entry).toMatchObject({ action: 'category.update', before: { isHidden: false }, after: { isHidden: true } })
    await call('PATCH', `categories/${category.id}/`, { is_hidden: false })
  })

  it('a renamed category’s old slug is a 301 in the shop', async () => {
    const made = await call('POST', 'categories/', { title: { uz: 'Соч учун', sr: 'Soch uchun', ru: 'Для волос' } })
    expect(made.body.slug).toBe('soch-uchun')
    const renamed = await call('PATCH', `categories/${made.body.id}/`, {
      title: { uz: 'Соч учун мой', sr: 'Soch uchun moy', ru: 'Масло для волос' },
    })
    expect(renamed.body.slug).toBe('soch-uchun-moy')
    const old = await shop('products/category/soch-uchun/?page=1')
    expect(old.status).toBe(301)
    expect(old.headers.get('location')).toBe('/api/v1/products/category/soch-uchun-moy/?page=1')
  })

  it('a hidden category leaves the header strip (common/header-menu/)', async () => {
    const strip = async () => (await shop('common/header-menu/')).body.results.map((c: { id: number }) => c.id)
    const [first] = await strip()
    expect(first).toBeDefined()
    await call('PATCH', `categories/${first}/`, { is_hidden: true })
    expect(await strip()).not.toContain(first)
    await call('PATCH', `categories/${first}/`, { is_hidden: false })
    expect(await strip()).toContain(first)
  })

  it('a hidden group leaves the menu with its column; showing it brings it back', async () => {
    const before = await tree()
    const group = before.find((g) => g.id !== null)!
    await call('PATCH', `category-groups/${group.id}/`, { is_hidden: true })
    expect((await tree()).map((g) => g.id)).not.toContain(group.id)
    await call('PATCH', `category-groups/${group.id}/`, { is_hidden: false })
    expect((await tree()).map((g) => g.id)).toContain(group.id)
  })

  it('sets the order in one call: the menu follows; repeated or unknown ids are refused', async () => {
    const { body } = await call('GET', 'category-groups/')
    const ids = body.results.map((g: { id: number }) => g.id) as number[]
    const reversed = [...ids].reverse()
    const orderEntries = () =>
      t.database.db.select().from(auditLog).where(eq(auditLog.action, 'category_group.order')).orderBy(asc(auditLog.id))
    const before = (await orderEntries()).length
    const ordered = await call('PUT', 'category-groups/order/', { ids: reversed })
    expect(ordered.status).toBe(200)
    expect(ordered.body.results.map((g: { id: number }) => g.id)).toEqual(reversed)
    const menu = (await tree()).map((g) => g.id).filter((id) => id !== null)
    expect(menu).toEqual(reversed.filter((id) => menu.includes(id)))
    const entries = await orderEntries()
    expect(entries).toHaveLength(before + 1)
    expect(entries.at(-1)!.after).toEqual({ positions: expect.objectContaining({ [reversed[0]!]: 1 }) })

    const twice = await call('PUT', 'category-groups/order/', { ids: [ids[0], ids[0]] })
    expect(twice.status).toBe(400)
    expect(twice.body.errors[0].field).toBe('ids')
    const unknown = await call('PUT', 'category-groups/order/', { ids: [ids[0], 999_999] })
    expect(unknown.status).toBe(400)
    expect(unknown.body.detail).toContain('999999')
  })
})

describe('manufacturers', () => {
  it('creates, renames with a redirect, hides (page 404)', async () => {
    const made = await call('POST', 'manufacturers/', { name: 'Parfums Exemple', country: 'FR' })
    expect(made.status).toBe(201)
    expect(made.body).toMatchObject({ slug: 'parfums-exemple', country: 'FR', brand_count: 0 })
    await call('PATCH', `manufacturers/${made.body.id}/`, { name: 'Parfums Modèle' })
    const old = await shop('products/manufacturers/parfums-exemple/')
    expect(old.status).toBe(301)
    expect(old.body.slug).toBe('parfums-modele')
    await call('PATCH', `manufacturers/${made.body.id}/`, { is_hidden: true })
    expect((await shop('products/manufacturers/parfums-modele/')).status).toBe(404)
    // A hidden target does not redirect either.
    expect((await shop('products/manufacturers/parfums-exemple/')).status).toBe(404)
  })
})
