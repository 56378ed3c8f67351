import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { users } from '#api/db/schema/index.ts'
import { IMAGE_MAX_BYTES } from '#api/uploads/images.ts'
import { oneRow } from '../../api/db/rows.ts'
import { setupTestApi } from './support/api.ts'
import { deleteAccount, registerCustomer } from './support/customer.ts'

const t = setupTestApi({ products: 0 })

const png = (width = 600, height = 400) =>
  sharp({ create: { width, height, channels: 3, background: '#f62559' } })
    .png()
    .toBuffer()
const jpeg = (width = 500, height = 800) =>
  sharp({ create: { width, height, channels: 3, background: '#2255aa' } })
    .jpeg()
    .toBuffer()

function upload(token: string, file: Blob | string | null, name = 'photo.png', lang = 'ru') {
  const form = new FormData()
  if (file instanceof Blob) form.set('avatar', file, name)
  else if (file !== null) form.set('avatar', file)
  return t.json('account/avatar/', { method: 'POST', body: form, token, lang })
}
const blob = (bytes: Uint8Array | string, type = 'image/png') => new Blob([bytes as BlobPart], { type })

const patch = (token: string | undefined, body: unknown, lang = 'ru') =>
  t.json('account/', { method: 'PATCH', body: JSON.stringify(body), token, lang })

const avatarDir = () => join(t.dataDir, 'uploads', 'avatars')
const avatarFilesOnDisk = () => (existsSync(avatarDir()) ? readdirSync(avatarDir()).sort() : [])

describe('PATCH account/', () => {
  it('changes the name and extra phone, and GET account/ shows them', async () => {
    const customer = await registerCustomer(t)
    const changed = await patch(customer.access, { full_name: '  Aziza Karimova ', extra_phone: '(90) 123-45-67' })
    expect(changed.status).toBe(200)
    expect(changed.body).toMatchObject({ full_name: 'Aziza Karimova', extra_phone: '+998901234567' })
    const me = await t.json('account/', { token: customer.access })
    expect(me.body).toMatchObject({ full_name: 'Aziza Karimova', extra_phone: '+998901234567' })

    // Only the fields sent change; an empty optional field clears.
    const cleared = await patch(customer.access, { extra_phone: '' })
    expect(cleared.body).toMatchObject({ full_name: 'Aziza Karimova', extra_phone: null })
  })

  it('keeps one model of a name: name and surname in `full_name`, as registration asks; no `surname`', async () => {
    const customer = await registerCustomer(t)
    const me = await t.json('account/', { token: customer.access })
    expect(me.body).not.toHaveProperty('surname')
    // A `surname` is not a field any more: it changes nothing (unknown fields are ignored).
    const changed = await patch(customer.access, { full_name: 'Aziza Karimova', surname: 'Other' })
    expect(changed.status).toBe(200)
    expect(changed.body).not.toHaveProperty('surname')
    expect(changed.body.full_name).toBe('Aziza Karimova')
  })

  it('refuses a blank name, texts over 99 characters, a wrong phone and wrong types, in the language asked', async () => {
    const customer = await registerCustomer(t)
    const blank = await patch(customer.access, { full_name: '   ' })
    expect(blank.status).toBe(400)
    expect(blank.body.errors).toEqual([{ field: 'full_name', message: 'Обязательное поле.' }])

    const long = await patch(customer.access, { full_name: 'a'.repeat(100) }, 'sr')
    expect(long.status).toBe(400)
    expect(long.body.errors.map((e: { field: string }) => e.field)).toEqual(['full_name'])
    expect(long.body.errors[0].message).toMatch(/99/)
    expect((await patch(customer.access, { full_name: 'a'.repeat(99) })).status).toBe(200)

    const phone = await patch(customer.access, { extra_phone: '12345' }, 'uz')
    expect(phone.status).toBe(400)
    expect(phone.body.errors[0].field).toBe('extra_phone')

    const types = await patch(customer.access, { full_name: 5, extra_phone: ['x'] })
    expect(types.status).toBe(400)
    expect(types.body.errors.map((e: { message: string }) => e.message)).toEqual([
      'Неверный тип значения.',
      'Неверный тип значения.',
    ])
    const me = await t.json('account/', { token: customer.access })
    expect(me.body.full_name).toBe('a'.repeat(99))
  })

  it('needs a signed-in customer and only ever changes their own row', async () => {
    expect((await patch(undefined, { full_name: 'X' })).status).toBe(401)
    const one = await registerCustomer(t)
    const other = await registerCustomer(t)
    // An id in the body is not a way to reach another account.
    await patch(one.access, { full_name: 'Mine', id: (await t.json('account/', { token: other.access })).body.id })
    expect((await t.json('account/', { token: other.access })).body.full_name).toBe('Dilnoza Karimova')
    expect((await t.json('account/', { token: one.access })).body.full_name).toBe('Mine')
  })
})

describe('POST and DELETE account/avatar/', () => {
  it('keeps a PNG and a 256 px square made on upload, both served by the media route', async () => {
    const customer = await registerCustomer(t)
    const answer = await upload(customer.access, blob(await png(1600, 900)))
    expect(answer.status).toBe(200)
    const src = answer.body.avatar_src as { small: string; original: string }
    expect(src.small).toMatch(/^\/api\/v1\/media\/small\/[\w-]{12}\/avatars\/\d+\.[\w-]+\.[\w-]+\.small\.png$/)
    expect(src.original).toMatch(/^\/api\/v1\/media\/large\/[\w-]{12}\/avatars\/\d+\.[\w-]+\.[\w-]+\.png$/)
    expect((await t.json('account/', { token: customer.access })).body.avatar_src).toEqual(src)

    const path = src.original.replace(/^.*\/media\/large\/[\w-]+\//, '')
    const small = await sharp(join(t.dataDir, 'uploads', path.replace('.png', '.small.png'))).metadata()
    expect([small.format, small.width, small.height]).toEqual(['png', 256, 256])
    const original = await sharp(join(t.dataDir, 'uploads', path)).metadata()
    expect([original.width, original.height]).toEqual([1024, 576])

    // The URLs carry the current content version: served at once, no redirect.
    for (const url of [src.small, src.original]) {
      const served = await t.api.fetch(new Request(`http://shop.test${url}`, { headers: { Accept: 'image/webp' } }))
      expect(served.status).toBe(200)
      expect(served.headers.get('content-type')).toBe('image/webp')
    }
  })

  it('takes a JPEG named .txt and declared as text: the content decides', async () => {
    const customer = await registerCustomer(t)
    const answer = await upload(customer.access, blob(await jpeg(), 'text/plain'), 'notes.txt')
    expect(answer.status).toBe(200)
    expect(answer.body.avatar_src.original).toMatch(/\.jpg$/)
  })

  it('refuses a text file named .png, a GIF, a truncated PNG and a missing file with the format message', async () => {
    const customer = await registerCustomer(t)
    const before = avatarFilesOnDisk()
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer()
    const truncated = (await png()).subarray(0, 60)
    for (const [file, name] of [
      [blob('just some text, honestly'), 'photo.png'],
      [blob(gif, 'image/png'), 'photo.png'],
      [blob(truncated), 'photo.png'],
      ['not a file', 'x'],
    ] as const) {
      const answer = await upload(customer.access, file, name)
      expect(answer.status).toBe(400)
      expect(answer.body.errors).toEqual([
        { field: 'avatar', message: 'Загрузите изображение в правильном формате: JPG или PNG.' },
      ])
    }
    const uz = await upload(customer.access, blob('text'), 'a.png', 'uz')
    expect(uz.body.detail).toBe('Расмни тўғри форматда юкланг: JPG ёки PNG.')
    const none = await upload(customer.access, null)
    expect(none.status).toBe(400)
    expect(none.body.errors[0]).toEqual({ field: 'avatar', message: 'Обязательное поле.' })
    // JSON instead of a form: the file is missing, not a crash.
    const json = await t.json('account/avatar/', { method: 'POST', body: '{}', token: customer.access })
    expect(json.status).toBe(400)
    expect(avatarFilesOnDisk()).toEqual(before)
    expect((await t.json('account/', { token: customer.access })).body.avatar_src).toBeNull()
  })

  it('refuses a file over the limit with 413, localised, keeping the previous photo', async () => {
    const customer = await registerCustomer(t)
    const first = await upload(customer.access, blob(await png()))
    const files = avatarFilesOnDisk()
    const huge = new Uint8Array(IMAGE_MAX_BYTES + 10)
    huge.set(await png(), 0)
    const answer = await upload(customer.access, blob(huge), 'big.png', 'sr')
    expect(answer.status).toBe(413)
    expect(answer.body.detail).toBe('Fayl juda katta: 5 MB dan oshmasligi kerak.')
    expect(answer.body.errors[0].field).toBe('avatar')
    expect(avatarFilesOnDisk()).toEqual(files)
    expect((await t.json('account/', { token: customer.access })).body.avatar_src).toEqual(first.body.avatar_src)
  })

  it('replaces the previous photo and removes its files; DELETE removes the photo', async () => {
    const customer = await registerCustomer(t)
    const first = await upload(customer.access, blob(await png(300, 300)))
    const id = first.body.id
    const mine = () => avatarFilesOnDisk().filter((f) => f.startsWith(`${id}.`))
    expect(mine()).toHaveLength(2)
    const firstFiles = mine()
    const second = await upload(customer.access, blob(await jpeg(300, 300)))
    expect(second.body.avatar_src).not.toEqual(first.body.avatar_src)
    expect(mine()).toHaveLength(2)
    expect(mine()).not.toEqual(firstFiles)
    // The same picture again changes nothing.
    const again = await upload(customer.access, blob(await jpeg(300, 300)))
    expect(again.body.avatar_src).toEqual(second.body.avatar_src)
    expect(mine()).toHaveLength(2)

    const removed = await t.json('account/avatar/', { method: 'DELETE', token: customer.access })
    expect(removed.status).toBe(200)
    expect(removed.body.avatar_src).toBeNull()
    expect(mine()).toEqual([])
    expect((await t.json('account/avatar/', { method: 'DELETE', token: customer.access })).status).toBe(200)
  })

  it('needs a signed-in customer; one customer cannot touch another one’s photo', async () => {
    expect((await upload('', blob(await png()))).status).toBe(401)
    expect((await t.json('account/avatar/', { method: 'DELETE' })).status).toBe(401)
    const one = await registerCustomer(t)
    const other = await registerCustomer(t)
    const theirs = await upload(other.access, blob(await png(200, 200)))
    await t.json('account/avatar/', { method: 'DELETE', token: one.access })
    expect((await t.json('account/', { token: other.access })).body.avatar_src).toEqual(theirs.body.avatar_src)
  })

  it('deleting the account removes the photo files too', async () => {
    const customer = await registerCustomer(t)
    const { body } = await upload(customer.access, blob(await png(200, 200)))
    const mine = () => avatarFilesOnDisk().filter((f) => f.startsWith(`${body.id}.`))
    expect(mine()).toHaveLength(2)
    expect((await deleteAccount(t, customer)).status).toBe(200)
    expect(mine()).toEqual([])
    const row = oneRow(await t.database.db.select().from(users).where(eq(users.id, body.id)))
    expect(row.avatar).toBeNull()
  })

  it('deleting the account removes the resized copies of the photo as well', async () => {
    const customer = await registerCustomer(t)
    const { body } = await upload(customer.access, blob(await png(200, 200)))
    const urls = [body.avatar_src.small, body.avatar_src.original] as string[]
    // …/media/<size>/<version>/<path>: copies in the cache are named by the version.
    const versions = urls.map((url) => url.split('/')[5])
    const cacheDir = join(t.dataDir, 'cache', 'media')
    const copies = () =>
      (existsSync(cacheDir) ? readdirSync(cacheDir, { recursive: true, withFileTypes: true }) : [])
        .filter((e) => e.isFile() && versions.some((v) => e.name.startsWith(`${v}.`)))
        .map((e) => e.name)
    // Showing the photo makes a copy of each file, kept in the cache.
    for (const url of urls) expect((await t.request(url.replace('/api/v1/', ''))).status).toBe(200)
    expect(copies()).toHaveLength(2)

    expect((await deleteAccount(t, customer)).status).toBe(200)
    expect(copies()).toEqual([])
    for (const url of urls) expect((await t.request(url.replace('/api/v1/', ''))).status).toBe(404)
  })

  it('documents the endpoints in the OpenAPI description', async () => {
    const doc = await t.json('openapi.json')
    expect(Object.keys(doc.body.paths['/api/v1/account/'])).toEqual(expect.arrayContaining(['get', 'patch']))
    expect(Object.keys(doc.body.paths['/api/v1/account/avatar/']).sort()).toEqual(['delete', 'post'])
  })
})
