import { and, asc, eq, like } from 'drizzle-orm'
import sharp from 'sharp'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { auditLog, banners, pages } from '#api/db/schema/index.ts'
import type { StaffRole } from '#api/staff/permissions.ts'
import type { Json } from '#tests/support/json.ts'
import { setupTestApi } from './support/api.ts'
import { fillPath, loadOperations, tableChecksums } from './support/openapi.ts'
import { signedInStaff } from './support/staff.ts'

// The content desk's API: content.write only, validation with
// localised field errors, an audit row per change, banners and stories
// inside their windows, drafts that the shop shows only once published, and
// rich text cut to its subset whatever is sent.

const t = setupTestApi({ products: 20 })

type Staff = { id: number; token: string }
const staff = {} as Record<StaffRole, Staff>
beforeAll(async () => {
  for (const role of ['owner', 'manager', 'content', 'warehouse'] as const) staff[role] = await signedInStaff(t, role)
})

async function call(method: string, path: string, body?: unknown, token = staff.content.token) {
  const response = await t.request(`admin/content/${path}`, {
    method,
    token,
    lang: 'ru',
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  return { status: response.status, body: response.status === 204 ? null : await response.json() }
}

const png = (width = 1200, height = 450) =>
  sharp({ create: { width, height, channels: 3, background: '#f62559' } })
    .png()
    .toBuffer()

async function upload(token = staff.content.token) {
  const form = new FormData()
  form.set('image', new Blob([new Uint8Array(await png())], { type: 'image/png' }), 'banner.png')
  return t.json('admin/content/pictures/', { method: 'POST', body: form, token, lang: 'ru' })
}

const picture = async () => {
  const r = await upload()
  expect(r.status, JSON.stringify(r.body)).toBe(201)
  return r.body.path as string
}

const hour = 3600_000
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString()
const title = (ru: string) => ({ uz: `${ru} uz`, sr: `${ru} sr`, ru })

const shopBanners = async () => (await t.json('products/banner/', { lang: 'ru' })).body.results as Json[]
const auditOf = (entity: string, id: number | string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(id))))
    .orderBy(asc(auditLog.id))

describe('who may use the content desk', () => {
  it('every content operation: 401 without a token, 403 for manager and warehouse', async () => {
    const operations = (await loadOperations(t)).filter((op) => op.path.startsWith('admin/content/'))
    expect(operations.length).toBeGreaterThan(30)
    const before = await tableChecksums(t)
    for (const op of operations) {
      const path = fillPath(op.path, { id: '1' })
      const body = op.bodyType === 'application/json' ? '{}' : undefined
      const anonymous = await t.request(path, { method: op.method, body, lang: 'ru' })
      expect(anonymous.status, `${op.method} ${path}`).toBe(401)
      for (const role of ['manager', 'warehouse'] as const) {
        const r = await t.json(path, { method: op.method, body, token: staff[role].token, lang: 'ru' })
        expect(r.status, `${role} ${op.method} ${path}`).toBe(403)
        expect(r.body.detail).toBe('Это недоступно для вашей роли.')
      }
    }
    expect(await tableChecksums(t)).toEqual(before)
  })

  it('content and owner may', async () => {
    for (const role of ['content', 'owner'] as const) {
      expect((await call('GET', 'banners/', undefined, staff[role].token)).status).toBe(200)
      expect((await call('GET', 'pages/', undefined, staff[role].token)).status).toBe(200)
      expect((await upload(staff[role].token)).status).toBe(201)
    }
  })
})

describe('pictures', () => {
  it('refuses what is not a JPEG or PNG, with the field named', async () => {
    const form = new FormData()
    form.set('image', new Blob(['<svg onload="alert(1)"/>'], { type: 'image/png' }), 'x.png')
    const r = await t.json('admin/content/pictures/', {
      method: 'POST',
      body: form,
      token: staff.content.token,
      lang: 'ru',
    })
    expect(r.status).toBe(400)
    expect(r.body.errors[0].field).toBe('image')
  })
})

describe('banners', () => {
  it('validates links, dates, texts and pictures; writes nothing when refused', async () => {
    const image = await picture()
    const valid = { title: title('Скидки'), image, link: '/brands', starts_at: at(-hour), ends_at: at(hour) }
    const before = await tableChecksums(t)
    const refusals: [Record<string, unknown>, string][] = [
      [{ link: 'javascript:alert(1)' }, 'link'],
      [{ link: 'http://example.com/' }, 'link'],
      [{ link: '//evil.example/' }, 'link'],
      [{ link: 'https://exa mple.com' }, 'link'],
      [{ title: { uz: 'a', sr: 'b', ru: '' } }, 'title.ru'],
      [{ ends_at: at(-2 * hour) }, 'ends_at'],
      [{ starts_at: 'tomorrow' }, 'starts_at'],
      [{ image: 'content/nothere.png' }, 'image'],
      [{ image: '../../etc/passwd' }, 'image'],
      [{ image_phone: 'products/x.jpg' }, 'image_phone'],
    ]
    for (const [change, field] of refusals) {
      const r = await call('POST', 'banners/', { ...valid, ...change })
      expect(r.status, JSON.stringify(change)).toBe(400)
      expect(
        r.body.errors.map((e: { field: string }) => e.field),
        JSON.stringify(r.body),
      ).toContain(field)
      expect(r.body.errors[0].message).toMatch(/[а-я]/i)
    }
    expect((await call('POST', 'banners/', { ...valid, link: 'javascript:x' })).body.errors[0].message).toBe(
      'Ссылка должна начинаться с / (страница магазина) или с https://.',
    )
    expect(await tableChecksums(t)).toEqual(before)
  })

  it('the home shows a banner only inside its window, with its phone picture', async () => {
    const [image, phone] = [await picture(), await picture()]
    const create = (name: string, window: { starts_at?: string | null; ends_at?: string | null }) =>
      call('POST', 'banners/', { title: title(name), image, image_phone: phone, link: '/brands', ...window })
    const now = await create('Сейчас', { starts_at: at(-hour), ends_at: at(hour) })
    const tomorrow = await create('Завтра', { starts_at: at(24 * hour), ends_at: at(48 * hour) })
    const over = await create('Прошёл', { starts_at: at(-48 * hour), ends_at: at(-24 * hour) })
    const open = await create('Без дат', { starts_at: null, ends_at: null })
    for (const r of [now, tomorrow, over, open]) expect(r.status, JSON.stringify(r.body)).toBe(201)
    expect([now, tomorrow, over, open].map((r) => r.body.shown)).toEqual([true, false, false, true])

    const shown = await shopBanners()
    const titles = shown.map((b) => b.title)
    expect(titles).toContain('Сейчас')
    expect(titles).toContain('Без дат')
    expect(titles).not.toContain('Завтра')
    expect(titles).not.toContain('Прошёл')
    const current = shown.find((b) => b.title === 'Сейчас')
    expect(current.image.large).toContain(image)
    expect(current.image_phone.medium).toContain(phone)

    // Moved into its window: the next request shows it (the catalogue cache is dropped).
    const moved = await call('PATCH', `banners/${tomorrow.body.id}/`, { starts_at: at(-hour) })
    expect(moved.status).toBe(200)
    expect((await shopBanners()).map((b) => b.title)).toContain('Завтра')
    // Switched off: gone on the next request.
    await call('PATCH', `banners/${now.body.id}/`, { is_active: false })
    expect((await shopBanners()).map((b) => b.title)).not.toContain('Сейчас')
  })

  it('a scheduled banner appears and goes at its window edges, whatever the shop has cached', async () => {
    const image = await picture()
    // Far enough ahead for the cached "before" answer to be read under load; checked below.
    const starts = Date.now() + 6000
    const ends = starts + 4000
    const made = await call('POST', 'banners/', {
      title: title('По часам'),
      image,
      starts_at: new Date(starts).toISOString(),
      ends_at: new Date(ends).toISOString(),
    })
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    const read = async () => {
      const r = await t.json('products/banner/', { lang: 'ru' })
      return {
        cache: r.headers.get('x-cache'),
        shown: r.body.results.some((b: { title: unknown }) => b.title === 'По часам'),
      }
    }
    const passed = (moment: number) =>
      vi.waitFor(() => expect(Date.now()).toBeGreaterThan(moment + 20), { timeout: 15_000, interval: 50 })

    expect(await read()).toEqual({ cache: 'miss', shown: false })
    expect(await read()).toEqual({ cache: 'hit', shown: false })
    expect(Date.now()).toBeLessThan(starts)
    await passed(starts)
    // The first request after the start, no write in between: the cached answer has expired.
    expect(await read()).toEqual({ cache: 'miss', shown: true })
    expect(await read()).toEqual({ cache: 'hit', shown: true })
    expect(Date.now()).toBeLessThan(ends)
    await passed(ends)
    expect(await read()).toEqual({ cache: 'miss', shown: false })
  })

  it('audits creation, each change (the changed fields only) and removal', async () => {
    const image = await picture()
    const created = await call('POST', 'banners/', { title: title('Аудит'), image, link: 'https://atir.uz/x' })
    const id = created.body.id
    await call('PATCH', `banners/${id}/`, { link: '/products', position: 3 })
    await call('PATCH', `banners/${id}/`, { link: '/products' })
    expect((await call('DELETE', `banners/${id}/`)).status).toBe(204)
    expect((await call('GET', `banners/${id}/`)).status).toBe(404)
    const rows = await auditOf('banner', id)
    expect(rows.map((r) => r.action)).toEqual(['banner.create', 'banner.update', 'banner.delete'])
    expect(rows.every((r) => r.actor === `staff:${staff.content.id}` && r.via === 'web')).toBe(true)
    expect(rows[1]!.before).toEqual({ link: 'https://atir.uz/x', position: 0 })
    expect(rows[1]!.after).toEqual({ link: '/products', position: 3 })
    expect(await t.database.db.select().from(banners).where(eq(banners.id, id))).toEqual([])
  })
})

describe('stories', () => {
  it('keeps to their window and counts their readers per item and per story', async () => {
    const cover = await picture()
    const story = await call('POST', 'stories/', { title: title('Новинки'), cover, starts_at: at(-hour) })
    expect(story.status, JSON.stringify(story.body)).toBe(201)
    const first = await call('POST', `stories/${story.body.id}/items/`, { title: title('Один'), image: cover })
    const second = await call('POST', `stories/${story.body.id}/items/`, {
      title: title('Два'),
      image: cover,
      link: '/brands',
      position: 1,
    })
    expect(first.status).toBe(201)
    const later = await call('POST', 'stories/', { title: title('Потом'), cover, starts_at: at(hour) })
    const shopStories = (await t.json('common/story/', { lang: 'ru' })).body.results.map(
      (s: { title: unknown }) => s.title,
    )
    expect(shopStories).toContain('Новинки')
    expect(shopStories).not.toContain('Потом')

    for (const [reader, items] of [
      ['visitor_a_0123456789abcdef', [first, second]],
      ['visitor_b_0123456789abcdef', [first]],
    ] as const)
      for (const item of items)
        await t.json(`common/story-item/${item.body.id}/read/`, { lang: 'ru', fingerprint: reader })
    const read = await call('GET', `stories/${story.body.id}/`)
    expect(read.body.reads).toBe(2)
    expect(read.body.items.map((i: { reads: unknown }) => i.reads)).toEqual([2, 1])
    expect((await call('GET', `stories/${later.body.id}/`)).body.reads).toBe(0)
    expect((await auditOf('story_item', second.body.id)).map((r) => r.action)).toEqual(['story_item.create'])
  })

  it('an item changes only in the fields sent; a story leaves with its items, each step audited', async () => {
    const cover = await picture()
    const story = await call('POST', 'stories/', { title: title('Правки'), cover })
    const item = await call('POST', `stories/${story.body.id}/items/`, { title: title('Было'), image: cover })
    expect(item.body).toMatchObject({ link: null, position: 0 })
    const changed = await call('PATCH', `story-items/${item.body.id}/`, { link: '/brands' })
    expect(changed.status, JSON.stringify(changed.body)).toBe(200)
    expect(changed.body).toMatchObject({ title: title('Было'), link: '/brands', position: 0 })
    const renamed = await call('PATCH', `stories/${story.body.id}/`, { title: title('Стало') })
    expect(renamed.body).toMatchObject({ title: title('Стало'), is_active: true })
    expect((await call('DELETE', `stories/${story.body.id}/`)).status).toBe(204)
    expect((await call('PATCH', `story-items/${item.body.id}/`, { link: '/' })).status).toBe(404)
    const itemAudit = await auditOf('story_item', item.body.id)
    expect(itemAudit.map((r) => [r.action, r.after])).toEqual([
      ['story_item.create', expect.anything()],
      ['story_item.update', { link: '/brands' }],
    ])
    expect((await auditOf('story', story.body.id)).map((r) => r.action)).toEqual([
      'story.create',
      'story.update',
      'story.delete',
    ])
  })
})

// The usual payloads (OWASP XSS filter evasion cheat sheet) and what must be left of them.
const payloads: [string, RegExp][] = [
  ['<p>a<script>alert(1)</script>b</p>', /<script|alert/i],
  ['<p><img src=x onerror=alert(1)>c</p>', /<img|onerror/i],
  ['<p><a href="javascript:alert(1)">d</a></p>', /javascript/i],
  ['<svg onload=alert(1)><p>e</p></svg>', /<svg|onload/i],
  ['<p><iframe src="https://evil.example/"></iframe>f</p>', /<iframe|evil/i],
  ['<p style="background:url(javascript:alert(1))">g</p>', /style|javascript/i],
  ['<p><a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">h</a></p>', /data:/i],
  [
    '<p><a href="jav&#x09;ascript&#58;alert(1)">i</a><a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">j</a></p>',
    /alert|ascript/i,
  ],
  ['<p onclick="alert(1)" onmouseover="alert(1)">k</p>', /onclick|onmouseover/i],
  ['<p><a href="https://atir.uz/" target="_blank" rel="opener">l</a></p>', /target|rel="opener"/],
]

describe('pages: draft, preview, publish, rich text', () => {
  it('a new page is not in the shop until published; edits stay drafts until then', async () => {
    const created = await call('POST', 'pages/', {
      slug: 'gift-wrapping',
      kind: 'page',
      title: title('Упаковка'),
      body: { uz: '', sr: '', ru: 'Первая версия' },
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const id = created.body.id
    expect(created.body.published.body.ru).toBe('<p>Первая версия</p>')
    expect((await t.json('pages/gift-wrapping/', { lang: 'ru' })).status).toBe(404)
    expect(
      (await call('POST', 'pages/', { ...created.body.published, slug: 'gift-wrapping', kind: 'page' })).status,
    ).toBe(409)

    expect((await call('POST', `pages/${id}/publish/`)).status).toBe(200)
    expect((await t.json('pages/gift-wrapping/', { lang: 'ru' })).body.body).toBe('<p>Первая версия</p>')

    const draft = await call('PUT', `pages/${id}/draft/`, {
      title: title('Упаковка подарков'),
      body: {
        uz: '',
        sr: '',
        ru: '<h2>Как</h2><p>Мы <strong>бесплатно</strong> упакуем <a href="/ru/brands">любой</a> заказ.</p>',
      },
    })
    expect(draft.status).toBe(200)
    // The shop still shows the published text; the preview shows the draft as the shop would.
    expect((await t.json('pages/gift-wrapping/', { lang: 'ru' })).body.title).toBe('Упаковка')
    const preview = await call('GET', `pages/${id}/preview/`)
    expect(preview.body.title).toBe('Упаковка подарков')
    expect(preview.body.body).toBe(
      '<h2>Как</h2><p>Мы <strong>бесплатно</strong> упакуем <a href="/ru/brands" rel="noopener">любой</a> заказ.</p>',
    )
    // An empty translation falls back to Russian, as the shop does.
    expect((await call('GET', `pages/${id}/preview/`, undefined)).body.body).toContain('бесплатно')

    await call('POST', `pages/${id}/publish/`)
    const shop = await t.json('pages/gift-wrapping/', { lang: 'uz' })
    expect(shop.body.title).toBe('Упаковка подарков uz')
    expect(shop.body.body).toContain('<strong>бесплатно</strong>')
    expect((await auditOf('page', id)).map((r) => r.action)).toEqual([
      'page.create',
      'page.publish',
      'page.draft',
      'page.publish',
    ])
  })

  it('strips the usual XSS payloads on write, in drafts and in the shop', async () => {
    const [page] = await t.database.db.select().from(pages).where(eq(pages.slug, 'privacy'))
    const body = payloads.map(([payload]) => payload).join('')
    const saved = await call('PUT', `pages/${page!.id}/draft/`, {
      title: title('Политика'),
      body: { uz: body, sr: body, ru: body },
    })
    expect(saved.status).toBe(200)
    const stored = saved.body.draft.body.ru as string
    for (const [payload, forbidden] of payloads) expect(stored, payload).not.toMatch(forbidden)
    expect(stored).toContain('<a href="https://atir.uz/" rel="noopener">l</a>')
    for (const letter of 'bcdefghijk') expect(stored).toContain(letter)
    await call('POST', `pages/${page!.id}/publish/`)
    const shop = (await t.json('pages/privacy/', { lang: 'sr' })).body.body as string
    for (const [payload, forbidden] of payloads) expect(shop, payload).not.toMatch(forbidden)
    // Stored another way (a script, an old import): still cut on the way out.
    await t.database.db
      .update(pages)
      .set({ body: { uz: payloads[1]![0], sr: payloads[1]![0], ru: payloads[1]![0] } })
      .where(eq(pages.id, page!.id))
    const raw = await t.json('pages/privacy/', { lang: 'ru' })
    expect(raw.body.body).toBe('<p>c</p>')
  })

  it('plain-text bodies from before the editor come out as escaped paragraphs', async () => {
    await t.database.db
      .update(pages)
      .set({ body: { uz: '', sr: '', ru: 'Первый абзац.\n\nВторой, a < b & c\nс переносом.' } })
      .where(eq(pages.slug, 'offer'))
    const r = await t.json('pages/offer/', { lang: 'ru' })
    expect(r.body.body).toBe('<p>Первый абзац.</p><p>Второй, a &lt; b &amp; c<br />с переносом.</p>')
  })
})

describe('posts', () => {
  it('is shown once published, when its date has come', async () => {
    const image = await picture()
    const made = await call('POST', 'posts/', {
      title: title('Осенняя коллекция'),
      body: { uz: '', sr: '', ru: '<p>Текст <em>статьи</em>.</p><script>x</script>' },
      image,
    })
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    const titles = async () =>
      (await t.json('posts/?size=50', { lang: 'ru' })).body.results.map((p: { title: unknown }) => p.title)
    expect(await titles()).not.toContain('Осенняя коллекция')
    await call('POST', `posts/${made.body.id}/publish/`)
    expect(await titles()).toContain('Осенняя коллекция')
    const shown = await t.json(`posts/${made.body.id}/`, { lang: 'ru' })
    expect(shown.body.body).toBe('<p>Текст <em>статьи</em>.</p>')
    const list = (await t.json('posts/?size=50', { lang: 'ru' })).body.results
    expect(list.find((p: { id: unknown }) => p.id === made.body.id).excerpt).toBe('Текст статьи.')

    await call('PATCH', `posts/${made.body.id}/`, { published_at: at(24 * hour) })
    expect(await titles()).not.toContain('Осенняя коллекция')
  })

  it('keeps edits as a draft until published again, and leaves the shop when removed', async () => {
    const made = await call('POST', 'posts/', { title: title('Черновик'), body: title('<p>Первый</p>') })
    const id = made.body.id
    await call('POST', `posts/${id}/publish/`)
    const draft = await call('PUT', `posts/${id}/draft/`, { title: title('Новый'), body: title('<p>Второй</p>') })
    expect(draft.status, JSON.stringify(draft.body)).toBe(200)
    expect((await t.json(`posts/${id}/`, { lang: 'ru' })).body.title).toBe('Черновик')
    expect((await call('GET', `posts/${id}/preview/`)).body.title).toBe('Новый')
    const published = await call('POST', `posts/${id}/publish/`)
    expect(published.body).toMatchObject({ draft: null, published: { title: title('Новый') } })
    expect((await t.json(`posts/${id}/`, { lang: 'ru' })).body.title).toBe('Новый')
    expect((await call('DELETE', `posts/${id}/`)).status).toBe(204)
    expect((await t.json(`posts/${id}/`, { lang: 'ru' })).status).toBe(404)
    expect((await auditOf('post', id)).map((r) => r.action)).toEqual([
      'post.create',
      'post.publish',
      'post.draft',
      'post.publish',
      'post.delete',
    ])
  })
})

describe('an edit that sends no field', () => {
  it('answers the page, post or story item unchanged, and audits nothing', async () => {
    const cover = await picture()
    const page = await call('POST', 'pages/', {
      slug: 'empty-edit',
      kind: 'page',
      title: title('Пусто'),
      body: title('x'),
    })
    const post = await call('POST', 'posts/', { title: title('Пусто'), body: title('<p>x</p>') })
    const story = await call('POST', 'stories/', { title: title('Пусто'), cover })
    const item = await call('POST', `stories/${story.body.id}/items/`, { title: title('Пусто'), image: cover })
    for (const [entity, path, before] of [
      ['page', `pages/${page.body.id}/`, page.body],
      ['post', `posts/${post.body.id}/`, post.body],
      ['story_item', `story-items/${item.body.id}/`, item.body],
    ] as const) {
      const edited = await call('PATCH', path, {})
      expect(edited.status, `${path} ${JSON.stringify(edited.body)}`).toBe(200)
      expect(edited.body, path).toEqual(before)
      expect(
        (await auditOf(entity, before.id)).map((r) => r.action),
        path,
      ).toEqual([`${entity}.create`])
    }
  })
})

describe('footer, contacts and store links', () => {
  it('are replaced, audited and read by the shop', async () => {
    const links = {
      results: [
        { title: title('Оферта'), slug: 'offer' },
        { title: title('О нас'), slug: 'about' },
      ],
    }
    expect((await call('PUT', 'footer/', links)).status).toBe(200)
    expect(
      (await t.json('common/footer/', { lang: 'ru' })).body.results.map((l: { title: unknown }) => l.title),
    ).toEqual(['Оферта', 'О нас'])

    const contacts = {
      phone: '+998 71 200-00-00',
      phone2: '',
      latitude: 41.31,
      longitude: 69.28,
      address: { uz: 'Тошкент', sr: 'Toshkent', ru: 'Ташкент, ул. Навои, 1' },
      facebook: '',
      instagram: 'https://instagram.com/atir',
      telegram: 'https://t.me/atir',
      email: 'shop@atir.uz',
    }
    const bad = await call('PUT', 'contacts/', { ...contacts, instagram: 'javascript:alert(1)', latitude: 100 })
    expect(bad.status).toBe(400)
    expect(bad.body.errors.map((e: { field: unknown }) => e.field).sort()).toEqual(['instagram', 'latitude'])
    expect((await call('PUT', 'contacts/', contacts)).status).toBe(200)
    const shop = (await t.json('settings/contacts/', { lang: 'sr' })).body
    expect(shop).toMatchObject({ phone: '+998 71 200-00-00', address: 'Toshkent', email: 'shop@atir.uz' })
    // Saved without pickup points: pickup is not offered.
    expect(shop.pickup_points).toEqual([])

    expect((await call('PUT', 'apps/', { ios: 'https://apps.apple.com/app/id1', android: null })).status).toBe(200)
    expect((await t.json('settings/apps/')).body).toEqual({ ios: 'https://apps.apple.com/app/id1', android: null })
    expect((await call('PUT', 'apps/', { ios: 'http://x', android: null })).status).toBe(400)

    const audited = await t.database.db
      .select({ action: auditLog.action, entityId: auditLog.entityId })
      .from(auditLog)
      .where(like(auditLog.action, 'settings.%'))
    expect(audited.map((r) => r.entityId).sort()).toEqual(['apps', 'contacts'])
  })
})

describe('pickup points', () => {
  const point = (name: string, extra: object = {}) => ({
    name: { uz: `${name} uz`, sr: `${name} sr`, ru: `${name} ru` },
    address: { uz: 'Тошкент, Навоий 1', sr: 'Toshkent, Navoiy 1', ru: 'Ташкент, Навои, 1' },
    hours: '10:00–21:00',
    latitude: 41.3,
    longitude: 69.25,
    ...extra,
  })
  const contacts = {
    phone: '+998 71 200-00-00',
    latitude: 41.31,
    longitude: 69.28,
    address: { uz: 'Тошкент', sr: 'Toshkent', ru: 'Ташкент' },
  }

  it('belong to the contacts: several, in three languages, ids kept across edits, read by the shop', async () => {
    const saved = await call('PUT', 'contacts/', {
      ...contacts,
      pickup_points: [point('Chilonzor'), point('Yunusobod')],
    })
    expect(saved.status).toBe(200)
    const ids = saved.body.pickup_points.map((p: { id: string }) => p.id)
    expect(ids).toHaveLength(2)
    expect(new Set(ids).size).toBe(2)
    const shop = (await t.json('settings/contacts/', { lang: 'sr' })).body
    expect(shop.pickup_points).toEqual([
      {
        id: ids[0],
        name: 'Chilonzor sr',
        address: 'Toshkent, Navoiy 1',
        hours: '10:00–21:00',
        latitude: 41.3,
        longitude: 69.25,
      },
      expect.objectContaining({ id: ids[1], name: 'Yunusobod sr' }),
    ])

    // The back office sends the ids back: an edited point keeps its id (orders name the point by it).
    const admin = (await call('GET', 'contacts/')).body
    const edited = admin.pickup_points.map((p: object, i: number) => (i === 0 ? { ...p, hours: '09:00–18:00' } : p))
    const again = await call('PUT', 'contacts/', { ...contacts, pickup_points: edited })
    expect(again.body.pickup_points.map((p: { id: string }) => p.id)).toEqual(ids)
    expect(again.body.pickup_points[0].hours).toBe('09:00–18:00')
  })

  it('refuses a point without its Russian name, hours or a valid point, and more than the limit', async () => {
    const bad = await call('PUT', 'contacts/', {
      ...contacts,
      pickup_points: [point('A', { name: { uz: 'A', sr: 'A', ru: '' }, hours: '', latitude: 91 })],
    })
    expect(bad.status).toBe(400)
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'pickup_points.0.hours',
      'pickup_points.0.latitude',
      'pickup_points.0.name.ru',
    ])
    const many = await call('PUT', 'contacts/', {
      ...contacts,
      pickup_points: Array.from({ length: 11 }, () => point('P')),
    })
    expect(many.status).toBe(400)
  })
})
