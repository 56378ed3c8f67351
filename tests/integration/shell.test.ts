import { describe, expect, test } from 'vitest'
import { setupTestApi } from './support/api.ts'

const t = setupTestApi({ products: 60 })
const fingerprint = 'visitor_0123456789abcdef'

describe('GET common/header-menu/', () => {
  test('lists the header categories in order, localised', async () => {
    const ru = await t.json('common/header-menu/')
    expect(ru.status).toBe(200)
    expect(ru.body.results.length).toBeGreaterThan(3)
    for (const item of ru.body.results)
      expect(item).toEqual({ id: expect.any(Number), title: expect.any(String), slug: expect.any(String) })
    const sr = await t.json('common/header-menu/', { lang: 'sr' })
    const uz = await t.json('common/header-menu/', { lang: 'uz' })
    expect(sr.body.results.map((i: { slug: unknown }) => i.slug)).toEqual(
      ru.body.results.map((i: { slug: unknown }) => i.slug),
    )
    expect(sr.body.results[0].title).not.toBe(ru.body.results[0].title)
    expect(uz.body.results[0].title).toMatch(/[\u0400-\u04FF]/)
    expect(sr.body.results[0].title).not.toMatch(/[\u0400-\u04FF]/)
  })

  test('the path without a trailing slash is the same resource (SPEC §7 spells it so)', async () => {
    const withSlash = await t.json('common/header-menu/')
    const without = await t.json('common/header-menu')
    expect(without.status).toBe(200)
    expect(without.body).toEqual(withSlash.body)
  })
})

describe('GET common/footer/', () => {
  test('returns footer links with title and slug', async () => {
    const { status, body } = await t.json('common/footer/', { lang: 'uz' })
    expect(status).toBe(200)
    expect(body.results.length).toBeGreaterThan(2)
    expect(body.results[0]).toEqual({ id: expect.any(Number), title: expect.any(String), slug: expect.any(String) })
  })
})

describe('GET settings/contacts/', () => {
  test('has every field of SPEC §3 Contacts, the address in the asked language', async () => {
    const ru = await t.json('settings/contacts/', { lang: 'ru' })
    expect(ru.status).toBe(200)
    expect(Object.keys(ru.body).sort()).toEqual(
      [
        'address',
        'email',
        'facebook',
        'instagram',
        'latitude',
        'longitude',
        'phone',
        'phone2',
        'pickup_points',
        'telegram',
      ].sort(),
    )
    expect(ru.body.phone).toMatch(/^\+998/)
    expect(ru.body.latitude).toBeGreaterThan(41)
    expect(ru.body.longitude).toBeGreaterThan(69)
    const sr = await t.json('settings/contacts/', { lang: 'sr' })
    expect(sr.body.address).not.toBe(ru.body.address)
    // The shop itself is the seed's pickup point, in the asked language.
    expect(ru.body.pickup_points).toEqual([
      expect.objectContaining({ id: 'amir-temur', name: 'Магазин Atir на Амира Темура', hours: '10:00–21:00' }),
    ])
    expect(sr.body.pickup_points[0].name).not.toBe(ru.body.pickup_points[0].name)
  })
})

describe('GET common/badges/', () => {
  test('counts are zero for a new visitor and without a fingerprint', async () => {
    expect((await t.json('common/badges/', { fingerprint })).body).toEqual({
      orders_total: 0,
      cart_total: 0,
      favourites_total: 0,
    })
    expect((await t.json('common/badges/')).body).toEqual({ orders_total: 0, cart_total: 0, favourites_total: 0 })
  })
})

describe('headers', () => {
  test('Accept-Language picks the language; unknown ones fall back to ru', async () => {
    const ru = await t.json('common/header-menu/', { lang: 'ru' })
    for (const lang of ['en', 'de-DE,fr;q=0.8', '*', 'xx;q=abc', '']) {
      expect((await t.json('common/header-menu/', { lang })).body).toEqual(ru.body)
    }
    const uzCyrl = await t.json('common/header-menu/', { lang: 'uz-Cyrl' })
    const uz = await t.json('common/header-menu/', { lang: 'uz' })
    expect(uzCyrl.body).toEqual(uz.body)
    const uzLatn = await t.json('common/header-menu/', { lang: 'uz-Latn-UZ' })
    const sr = await t.json('common/header-menu/', { lang: 'sr' })
    expect(uzLatn.body).toEqual(sr.body)
  })

  test('a malformed Fingerprint is a 400 with a localised detail', async () => {
    for (const bad of ['short', 'x'.repeat(300), 'has spaces in it ok', 'кириллица-кириллица-1']) {
      const { status, body } = await t.json('common/badges/', {
        headers: { Fingerprint: encodeURIComponent(bad) },
        lang: 'sr',
      })
      expect(status).toBe(400)
      expect(body.detail).toBe('Fingerprint sarlavhasi notoʻgʻri.')
    }
  })

  test('responses vary by language and identity', async () => {
    const { headers } = await t.json('common/footer/')
    expect(headers.get('vary')).toMatch(/Accept-Language/)
  })
})

describe('errors', () => {
  test('an unknown path is a localised 404 {detail}', async () => {
    const { status, body } = await t.json('no/such/thing/', { lang: 'uz' })
    expect(status).toBe(404)
    expect(body).toEqual({ detail: 'Топилмади.' })
  })

  test('text the database cannot store (a NUL byte) is a 400, not a 500', async () => {
    for (const path of ['pages/a%00b/', 'products/a%00b/']) {
      const { status, body } = await t.json(path, { lang: 'ru' })
      expect(status).toBe(400)
      expect(body).toEqual({ detail: 'Проверьте введённые данные.' })
    }
  })

  test('the OpenAPI description lists the shell endpoints', async () => {
    const { status, body } = await t.json('openapi.json')
    expect(status).toBe(200)
    expect(body.openapi).toMatch(/^3\./)
    for (const path of [
      '/api/v1/common/header-menu/',
      '/api/v1/common/footer/',
      '/api/v1/settings/contacts/',
      '/api/v1/common/badges/',
    ]) {
      expect(body.paths).toHaveProperty([path])
    }
  })
})
