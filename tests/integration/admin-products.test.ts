import { and, asc, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { auditLog, brands, productImages, products, slugRedirects } from '#api/db/schema/index.ts'
import type { StaffRole } from '#api/staff/permissions.ts'
import type { AdminProduct, AdminProductPage } from '#api/types.ts'
import { setupTestApi } from './support/api.ts'
import { catalogueRefs, pictureForm, productBody } from './support/products.ts'
import { signedInStaff } from './support/staff.ts'

// The back office's products: who may change which field, the
// checks, the audit row, and that the shop sees every save at once: found by
// its search in both scripts, its cached pages dropped, pictures with alts.

const t = setupTestApi({ products: 60 })

type Staff = { id: number; token: string }
const staff = {} as Record<StaffRole, Staff>
let refs: Awaited<ReturnType<typeof catalogueRefs>>
beforeAll(async () => {
  for (const role of ['owner', 'manager', 'content', 'warehouse'] as const) staff[role] = await signedInStaff(t, role)
  refs = await catalogueRefs(t)
})

const call = (method: string, path: string, body: unknown, token: string, lang = 'ru') =>
  t.json(`admin/products/${path}`, {
    method,
    token,
    lang,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
const get = (path: string, token = staff.manager.token, lang = 'ru') => call('GET', path, undefined, token, lang)
const patch = (id: number, body: unknown, token = staff.manager.token, lang = 'ru') =>
  call('PATCH', `${id}/`, body, token, lang)
const upload = async (id: number, form: FormData, token = staff.content.token) => {
  const r = await t.request(`admin/products/${id}/pictures/`, { method: 'POST', token, lang: 'ru', body: form })
  return { status: r.status, body: await r.json() }
}

let words = 0
/** Made-up names no seeded product has, one per call. */
function freshWord() {
  const n = ['Зумрад', 'Гулбаҳор', 'Шаҳноза', 'Дилором', 'Мохичеҳра', 'Нилуфар', 'Ҳулкар', 'Юлдуз'][words % 8]!
  const suffix = ['ой', 'хон', 'бегим', 'жон'][Math.floor(words / 8) % 4]!
  words++
  const uz = `${n}${suffix}`
  return { uz, sr: toLatinWord(uz), ru: uz.replace(/ҳ/g, 'х') }
}
// The test's own spelling, independent of the code under test.
const latin: Record<string, string> = {
  з: 'z',
  у: 'u',
  м: 'm',
  р: 'r',
  а: 'a',
  д: 'd',
  о: 'o',
  й: 'y',
  г: 'g',
  л: 'l',
  б: 'b',
  ҳ: 'h',
  ш: 'sh',
  н: 'n',
  и: 'i',
  х: 'x',
  е: 'e',
  ч: 'ch',
  ю: 'yu',
  ф: 'f',
  к: 'k',
  ж: 'j',
  Ю: 'Yu',
  З: 'Z',
  Г: 'G',
  Ш: 'Sh',
  Д: 'D',
  М: 'M',
  Н: 'N',
  Ҳ: 'H',
}
const toLatinWord = (w: string) => [...w].map((ch) => latin[ch] ?? ch).join('')

async function create(token = staff.manager.token, extra: Record<string, unknown> = {}) {
  const word = freshWord()
  const r = await call('POST', '', { ...productBody(refs.brand.id, [refs.categories[0]!.id], word), ...extra }, token)
  expect(r.status, JSON.stringify(r.body)).toBe(201)
  return { product: r.body, word }
}

const auditOf = (id: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'product'), eq(auditLog.entityId, String(id))))
    .orderBy(asc(auditLog.id))

describe('rights', () => {
  it('lets owner, manager and content in, not the warehouse or a visitor', async () => {
    for (const role of ['owner', 'manager', 'content'] as const)
      expect((await get('', staff[role].token)).status).toBe(200)
    const warehouse = await get('', staff.warehouse.token)
    expect(warehouse.status).toBe(403)
    expect(warehouse.body.detail).toBe('Это недоступно для вашей роли.')
    expect((await t.json('admin/products/')).status).toBe(401)
  })

  it('lets content change the texts only: no new product, no prices, sales or fiscal codes', async () => {
    const onCreate = await call('POST', '', productBody(refs.brand.id, [], freshWord()), staff.content.token)
    expect(onCreate.status).toBe(403)
    const { product } = await create(staff.manager.token)
    expect(product.price).toBe(250_000)
    expect(product.stock).toBe(0)

    const refused = await patch(product.id, { price: 199_000, ikpu: '03303001001000000' }, staff.content.token)
    expect(refused.status).toBe(403)
    expect(refused.body.detail).toBe('Ваша роль меняет у товара только тексты, не это: price, ikpu.')
    expect(refused.body.errors.map((e: { field: string }) => e.field)).toEqual(['price', 'ikpu'])

    // The form sends every field back: an unchanged price is no change.
    const texts = await patch(
      product.id,
      { price: 250_000, description: { uz: 'Янги.', sr: 'Yangi.', ru: 'Новое.' } },
      staff.content.token,
    )
    expect(texts.status, JSON.stringify(texts.body)).toBe(200)
    expect(texts.body.description.ru).toBe('Новое.')
    const [row] = await t.database.db.select().from(products).where(eq(products.id, product.id))
    expect(row!.price).toBe(250_000)
    expect(row!.ikpu).toBeNull()

    const manager = await patch(product.id, { price: 199_000, sale_price: 150_000, ikpu: '03303001001000000' })
    expect(manager.status, JSON.stringify(manager.body)).toBe(200)
    expect([manager.body.price, manager.body.sale_price, manager.body.ikpu]).toEqual([
      199_000,
      150_000,
      '03303001001000000',
    ])
  })
})

describe('checks', () => {
  it('names each bad field in the staff member’s language', async () => {
    const body = {
      ...productBody(refs.brand.id, [], freshWord()),
      title: { uz: 'Атир', sr: 'Atir', ru: '' },
      ikpu: '123',
      country: 'France',
    }
    const r = await call('POST', '', body, staff.manager.token, 'sr')
    expect(r.status).toBe(400)
    const byField = Object.fromEntries(
      r.body.errors.map((e: { field: string; message: string }) => [e.field, e.message]),
    )
    expect(byField['title.ru']).toBe('Toʻldirish shart.')
    expect(byField.ikpu).toBe('MXIK — 17 ta raqam.')
    expect(byField.country).toBe('Mamlakat kodi — ikkita lotin harfi (FR, IT).')
  })

  it('refuses a sale price not below the price, a window ending before it starts, unknown brand or category', async () => {
    const { product } = await create(staff.manager.token)
    const sale = await patch(product.id, { sale_price: 250_000 })
    expect(sale.status).toBe(400)
    expect(sale.body.errors).toEqual([{ field: 'sale_price', message: 'Цена со скидкой должна быть меньше обычной.' }])
    const window = await patch(product.id, {
      sale_price: 200_000,
      sale_starts_at: '2026-12-10T00:00:00+05:00',
      sale_ends_at: '2026-12-01T00:00:00+05:00',
    })
    expect(window.body.errors).toEqual([
      { field: 'sale_ends_at', message: 'Конец скидки должен быть позже её начала.' },
    ])
    const unknown = await patch(product.id, { brand_id: 999_999, category_ids: [999_998] })
    expect(unknown.status).toBe(400)
    expect(unknown.body.errors.map((e: { field: string }) => e.field)).toEqual(['brand_id', 'category_ids'])
    const [row] = await t.database.db.select().from(products).where(eq(products.id, product.id))
    expect(row!.salePrice).toBeNull()
  })

  it('answers 409 for an SKU or a barcode another product has', async () => {
    const first = await create(staff.manager.token, { sku: 'ATR-1001', barcode: '4601234567890' })
    const second = await create(staff.manager.token)
    const sku = await patch(second.product.id, { sku: 'ATR-1001' })
    expect(sku.status).toBe(409)
    expect(sku.body.detail).toBe('Артикул ATR-1001 уже у другого товара.')
    const barcode = await patch(second.product.id, { barcode: '4601234567890' })
    expect(barcode.status).toBe(409)
    expect(barcode.body.errors[0].field).toBe('barcode')
    // Its own values are no conflict.
    expect((await patch(first.product.id, { sku: 'ATR-1001', barcode: '4601234567890' })).status).toBe(200)
  })

  it('answers 404 for a product that does not exist', async () => {
    expect((await patch(999_999, { is_hidden: true })).status).toBe(404)
    expect((await get('999999/')).status).toBe(404)
  })
})

describe('slugs and the audit log', () => {
  it('makes the slug from the Latin title and keeps the old one as a redirect', async () => {
    const { product, word } = await create(staff.manager.token)
    expect(product.slug).toBe(`${word.sr.toLowerCase()}-atir-suvi`)
    const twin = await create(staff.manager.token)
    const same = await patch(twin.product.id, { title: product.title }, staff.content.token)
    expect(same.body.slug).toBe(`${product.slug}-2`)

    const renamed = await patch(
      product.id,
      { title: { ...product.title, sr: `${word.sr} Gold atir suvi` } },
      staff.content.token,
    )
    expect(renamed.body.slug).toBe(`${word.sr.toLowerCase()}-gold-atir-suvi`)
    const redirects = await t.database.db
      .select()
      .from(slugRedirects)
      .where(and(eq(slugRedirects.kind, 'product'), eq(slugRedirects.targetId, product.id)))
    expect(redirects.map((r) => r.oldSlug)).toEqual([product.slug])
  })

  it('writes one audit row per save with the changed fields only', async () => {
    const { product } = await create(staff.manager.token)
    await patch(product.id, { price: 240_000, is_hidden: true, audience: 'women' })
    await patch(product.id, { price: 240_000 })
    const rows = await auditOf(product.id)
    expect(rows.map((r) => r.action)).toEqual(['product.create', 'product.update'])
    expect(rows[0]!.after).toMatchObject({ price: 250_000, audience: 'women' })
    expect(rows[0]!.after).not.toHaveProperty('stock')
    expect(rows[1]!.before).toEqual({ price: 250_000, is_hidden: false })
    expect(rows[1]!.after).toEqual({ price: 240_000, is_hidden: true })
    expect(rows[1]!.actor).toBe(`staff:${staff.manager.id}`)
  })
})

describe('duplicating a product', () => {
  it('makes a hidden copy with its own slug, no SKU, barcode, sale or pictures, stock 0, audited as a new product', async () => {
    const { product } = await create(staff.manager.token, {
      sku: `DUP-${Date.now()}`,
      barcode: `47${String(Date.now()).slice(-11)}`,
      sale_price: 200_000,
      ikpu: '03303001001000000',
      is_recommendation: true,
    })
    const copy = await call('POST', `${product.id}/duplicate/`, undefined, staff.manager.token)
    expect(copy.status, JSON.stringify(copy.body)).toBe(201)
    const c = copy.body as AdminProduct
    expect(c.id).not.toBe(product.id)
    expect(c.slug).not.toBe(product.slug)
    expect(c.slug.startsWith(product.slug)).toBe(true)
    expect({ title: c.title, description: c.description, brand: c.brand.id, price: c.price, volume: c.volume }).toEqual(
      {
        title: product.title,
        description: product.description,
        brand: product.brand.id,
        price: product.price,
        volume: product.volume,
      },
    )
    expect(c.categories.map((x) => x.id)).toEqual(product.categories.map((x: { id: number }) => x.id))
    expect([c.sku, c.barcode, c.sale_price, c.stock, c.is_hidden, c.is_recommendation]).toEqual([
      null,
      null,
      null,
      0,
      true,
      false,
    ])
    expect(c.ikpu).toBe('03303001001000000')
    expect(c.pictures).toEqual([])
    // Audited as a copy, naming the product it copies.
    expect(
      (await auditOf(c.id)).map((r) => [
        r.action,
        r.actor,
        (r.after as { duplicate_of?: number } | null)?.duplicate_of,
      ]),
    ).toEqual([['product.duplicate', `staff:${staff.manager.id}`, product.id]])
    // The original is as it was.
    expect((await get(`${product.id}/`)).body).toMatchObject({ slug: product.slug, sku: product.sku, is_hidden: false })
  })

  it('refuses a copy to content, and answers 404 for no such product', async () => {
    const { product } = await create(staff.manager.token, { ikpu: '03303001001000000' })
    const copy = await call('POST', `${product.id}/duplicate/`, undefined, staff.content.token)
    expect(copy.status, JSON.stringify(copy.body)).toBe(403)
    const none = await call('POST', '999999/duplicate/', undefined, staff.manager.token)
    expect(none.status).toBe(404)
    expect(none.body.detail).toBeTruthy()
    expect((await call('POST', `${product.id}/duplicate/`, undefined, staff.warehouse.token)).status).toBe(403)
  })
})

describe('what the shop sees', () => {
  it('finds a new product by its Cyrillic and its Latin name at once', async () => {
    const { product, word } = await create(staff.manager.token)
    for (const query of [word.uz.toLowerCase(), word.sr.toLowerCase(), word.sr.toUpperCase()]) {
      const r = await t.json(`products/?search=${encodeURIComponent(query)}`, { lang: 'sr' })
      expect(
        r.body.results.map((p: { id: number }) => p.id),
        query,
      ).toContain(product.id)
    }
  })

  it('shows a changed price and title on the next read of a cached page', async () => {
    const { product } = await create(staff.manager.token)
    await t.json(`products/${product.slug}/`)
    const cached = await t.request(`products/${product.slug}/`)
    expect(cached.headers.get('x-cache')).toBe('hit')
    await patch(product.id, { price: 230_000, aliases: ['zumradoy'] })
    const after = await t.request(`products/${product.slug}/`)
    expect(after.headers.get('x-cache')).toBe('miss')
    expect((await after.json()).price).toBe(230_000)
  })

  it('answers the suggestion in the other script and the transliteration endpoint', async () => {
    const { product } = await create(staff.manager.token, {
      title: { uz: 'Гулбаҳор ўғил', sr: '', ru: 'Гулбахор' },
      description: { uz: '', sr: 'Qizil gul, yoʻq', ru: '' },
    })
    expect(product.suggestions.title).toEqual({ sr: 'Gulbahor oʻgʻil' })
    expect(product.suggestions.description).toEqual({ uz: 'Қизил гул, йўқ' })
    const r = await call('POST', 'transliterate/', { text: 'Шаҳзода', to: 'sr' }, staff.content.token)
    expect(r.body).toEqual({ text: 'Shahzoda' })
  })
})

describe('the product doctor', () => {
  it('says why a product cannot be bought or found, in the staff member’s language', async () => {
    const { product } = await create(staff.manager.token, {
      category_ids: [],
      title: { uz: 'Ҳулкар', sr: '', ru: 'Хулкар' },
    })
    expect(product.doctor.map((r: { code: string; lang: string | null }) => [r.code, r.lang])).toEqual([
      ['out_of_stock', null],
      ['no_category', null],
      ['no_picture', null],
      ['missing_title', 'sr'],
    ])
    const outOfStock = product.doctor[0]
    expect(outOfStock).toEqual({
      code: 'out_of_stock',
      lang: null,
      blocks: true,
      message: 'Нет на складе: купить нельзя.',
    })
    expect(product.doctor[3].message).toBe('Нет названия на узбекском (латиница): магазин показывает русское.')

    await t.database.db.update(brands).set({ isHidden: true }).where(eq(brands.id, refs.brand.id))
    try {
      const hidden = await patch(product.id, {
        is_hidden: true,
        sale_price: 100_000,
        sale_ends_at: '2020-01-01T00:00:00+05:00',
      })
      const codes = hidden.body.doctor.map((r: { code: string }) => r.code)
      expect(codes).toEqual([
        'hidden',
        'out_of_stock',
        'brand_hidden',
        'no_category',
        'no_picture',
        'missing_title',
        'sale_ended',
      ])
      expect(hidden.body.doctor[0].blocks).toBe(true)
      const uz = await get(`${product.id}/`, staff.manager.token, 'uz')
      expect(uz.body.doctor.at(-1).message).toBe(
        'Чегирма 01.01.2020 00:00 да тугаган: харидорлар оддий нархни тўлайди.',
      )
    } finally {
      await t.database.db.update(brands).set({ isHidden: false }).where(eq(brands.id, refs.brand.id))
    }
  })
})

describe('GET admin/products/: search and filters', () => {
  const ids = async (query: string) => {
    const r = await get(`?size=100&${query}`)
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    return (r.body as AdminProductPage).results.map((p) => p.id)
  }

  it('finds by Cyrillic and Latin alike, hidden products included', async () => {
    const { product, word } = await create(staff.manager.token, { is_hidden: true })
    expect(await ids(`q=${encodeURIComponent(word.uz)}`)).toEqual([product.id])
    expect(await ids(`q=${encodeURIComponent(word.sr)}`)).toEqual([product.id])
    expect(await ids(`q=${encodeURIComponent(word.sr)}&hidden=false`)).toEqual([])
  })

  it('filters by stock state, picture, translation and brand', async () => {
    const { product } = await create(staff.manager.token, { title: { uz: '', sr: 'Dilorom', ru: 'Дилором' } })
    const out = await ids('stock=out')
    expect(out).toContain(product.id)
    expect(await ids('stock=in')).not.toContain(product.id)
    await t.database.db.update(products).set({ stock: 2 }).where(eq(products.id, product.id))
    expect(await ids('stock=low')).toContain(product.id)
    await t.database.db.update(products).set({ lowStockThreshold: 1 }).where(eq(products.id, product.id))
    expect(await ids('stock=in')).toContain(product.id)
    expect(await ids('no_picture=true')).toContain(product.id)
    expect(await ids('missing_translation=true')).toContain(product.id)
    expect(await ids(`brand=${refs.brand.id}&sort=-price`)).toContain(product.id)
    const row = (await get(`?q=dilorom`)).body.results.find((p: { id: number }) => p.id === product.id)
    expect(row).toMatchObject({ stock_state: 'in', missing_languages: ['uz'], picture: null, is_hidden: false })
  })
})

describe('pictures', () => {
  it('takes three at once in order, with alts the product page uses', async () => {
    const { product } = await create(staff.manager.token)
    const added = await upload(product.id, await pictureForm(['jpeg', 'png', 'webp']))
    expect(added.status, JSON.stringify(added.body)).toBe(201)
    expect(added.body.pictures).toHaveLength(3)
    expect(added.body.doctor.map((r: { code: string }) => r.code)).not.toContain('no_picture')
    const [first, second, third] = (added.body as AdminProduct).pictures
    expect(third!.image.small).toMatch(/\/products\/\d+\/\w+\.webp$/)
    const served = await t.request(third!.image.small.replace('/api/v1/', ''), { headers: { Accept: 'image/webp' } })
    expect(served.status).toBe(200)

    const ordered = await call(
      'PATCH',
      `${product.id}/pictures/order/`,
      { ids: [third!.id, first!.id, second!.id] },
      staff.content.token,
    )
    expect(ordered.body.pictures.map((p: { id: number }) => p.id)).toEqual([third!.id, first!.id, second!.id])
    const alt = await call(
      'PATCH',
      `${product.id}/pictures/${first!.id}/`,
      { alt: { uz: 'Шиша олдидан', sr: 'Shisha oldidan', ru: '' } },
      staff.content.token,
    )
    expect(alt.status).toBe(200)

    const shop = await t.json(`products/${product.slug}/`, { lang: 'sr' })
    expect(shop.body.images).toHaveLength(3)
    expect(shop.body.image_alts).toEqual([shop.body.title, 'Shisha oldidan', shop.body.title])
    expect((await t.json(`products/${product.slug}/`, { lang: 'ru' })).body.image_alts[1]).toBe(product.title.ru)

    const removed = await call('DELETE', `${product.id}/pictures/${second!.id}/`, undefined, staff.content.token)
    expect(removed.body.pictures.map((p: { id: number }) => p.id)).toEqual([third!.id, first!.id])
    expect((await t.json(`products/${product.slug}/`)).body.images).toHaveLength(2)
    const actions = (await auditOf(product.id)).map((r) => r.action)
    expect(actions).toEqual([
      'product.create',
      'product.pictures_add',
      'product.pictures_order',
      'product.picture_alt',
      'product.picture_delete',
    ])
  })

  it('names a bad file and saves none of the batch', async () => {
    const { product } = await create(staff.manager.token)
    const form = await pictureForm([
      'jpeg',
      { name: 'notes.gif', bytes: new TextEncoder().encode('GIF89a not a picture') },
    ])
    const r = await upload(product.id, form)
    expect(r.status).toBe(400)
    expect(r.body.errors).toEqual([
      { field: 'files.1', message: 'notes.gif: Загрузите изображение в правильном формате: JPG, PNG или WebP.' },
    ])
    expect(await t.database.db.$count(productImages, eq(productImages.productId, product.id))).toBe(0)
    const empty = await upload(product.id, new FormData())
    expect(empty.body.detail).toBe('Выберите одну или несколько картинок.')
  })

  it('keeps a product at ten pictures', async () => {
    const { product } = await create(staff.manager.token)
    expect((await upload(product.id, await pictureForm(Array(8).fill('png')))).status).toBe(201)
    const r = await upload(product.id, await pictureForm(['jpeg', 'jpeg', 'jpeg']))
    expect(r.status).toBe(400)
    expect(r.body.detail).toBe('У товара может быть не больше 10 картинок: уже 8, добавлено 3.')
    expect((await upload(product.id, await pictureForm(['jpeg', 'webp']))).status).toBe(201)
    expect(await t.database.db.$count(productImages, eq(productImages.productId, product.id))).toBe(10)
  })

  it('refuses an order that leaves out or repeats a picture, and the warehouse altogether', async () => {
    const { product } = await create(staff.manager.token)
    const added = await upload(product.id, await pictureForm(['jpeg', 'png']))
    const [a, b] = added.body.pictures.map((p: { id: number }) => p.id)
    for (const ids of [[a], [a, a], [a, b, 999]]) {
      const r = await call('PATCH', `${product.id}/pictures/order/`, { ids }, staff.content.token)
      expect(r.status).toBe(400)
      expect(r.body.detail).toBe('Перечислите каждую картинку товара ровно один раз.')
    }
    expect((await upload(product.id, await pictureForm(['jpeg']), staff.warehouse.token)).status).toBe(403)
  })
})
