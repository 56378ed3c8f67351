import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { feedbackMessages } from '#api/db/schema/index.ts'
import { feedbackLimits } from '#api/feedback/routes.ts'
import { IMAGE_MAX_BYTES } from '#api/uploads/images.ts'
import { setupTestApi } from './support/api.ts'
import { registerCustomer } from './support/customer.ts'

const t = setupTestApi({ products: 0 })

let addressSerial = 0
/** A client address of its own per test, so the rate limit of one test does not touch another. */
const newAddress = () => `203.0.113.${++addressSerial}`

const feedback = (body: unknown, address: string, options: { lang?: string; token?: string } = {}) =>
  t.json('feedback/', {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'X-Forwarded-For': address },
    ...options,
  })

function bugReport(fields: Record<string, string | Blob>, address: string, lang = 'ru') {
  const form = new FormData()
  for (const [key, value] of Object.entries(fields))
    if (value instanceof Blob) form.set(key, value, key === 'screenshot' ? 'shot.png' : 'file')
    else form.set(key, value)
  return t.json('feedback/bug-report/', { method: 'POST', body: form, headers: { 'X-Forwarded-For': address }, lang })
}

const stored = () => t.database.db.select().from(feedbackMessages)
const screenshotFiles = () => {
  const dir = join(t.dataDir, 'uploads', 'bug-reports')
  return existsSync(dir) ? readdirSync(dir) : []
}
const png = () =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: '#f62559' } })
    .png()
    .toBuffer()

describe('POST feedback/', () => {
  it('stores the name and text with the sender, in the language asked', async () => {
    const customer = await registerCustomer(t)
    const sent = await feedback({ name: ' Aziza ', text: 'Rahmat!' }, newAddress(), {
      lang: 'sr',
      token: customer.access,
    })
    expect(sent.status).toBe(201)
    expect(sent.body).toEqual({ message: 'Yuborildi. Rahmat!' })
    const row = (await stored()).at(-1)!
    expect(row).toMatchObject({ kind: 'feedback', name: 'Aziza', text: 'Rahmat!', lang: 'sr' })
    expect(row.userId).toBeTypeOf('number')
    const anonymous = await feedback({ name: 'Guest', text: 'Hello' }, newAddress())
    expect(anonymous.status).toBe(201)
    expect((await stored()).at(-1)!.userId).toBeNull()
  })

  it('needs a name up to 99 characters and a text up to 2000, of the right types', async () => {
    const address = newAddress()
    const missing = await feedback({ text: '  ' }, address)
    expect(missing.status).toBe(400)
    expect(missing.body.errors).toEqual([
      { field: 'name', message: 'Обязательное поле.' },
      { field: 'text', message: 'Обязательное поле.' },
    ])
    const long = await feedback({ name: 'n'.repeat(100), text: 't'.repeat(2001) }, address, { lang: 'uz' })
    expect(long.status).toBe(400)
    expect(long.body.errors.map((e: { field: string }) => e.field)).toEqual(['name', 'text'])
    const types = await feedback({ name: 1, text: true }, address)
    expect(types.status).toBe(400)
    expect(types.body.errors[0].message).toBe('Неверный тип значения.')
    expect((await feedback({ name: 'n'.repeat(99), text: 't'.repeat(2000) }, address)).status).toBe(201)
  })

  it('takes an optional phone for an SMS reply, in any usual spelling; a wrong one is refused on the field', async () => {
    const address = newAddress()
    expect((await feedback({ name: 'Guest', text: 'Call me', phone: '(90) 123-45-67' }, address)).status).toBe(201)
    expect((await stored()).at(-1)).toMatchObject({ text: 'Call me', phone: '+998901234567', userId: null })
    expect((await feedback({ name: 'Guest', text: 'No phone', phone: '' }, address)).status).toBe(201)
    expect((await stored()).at(-1)).toMatchObject({ text: 'No phone', phone: null })
    const before = (await stored()).length
    for (const [phone, lang, text] of [
      ['12345', 'ru', 'Введите правильный номер телефона Узбекистана.'],
      ['+7 912 345 67 89', 'sr', 'Oʻzbekiston telefon raqamini toʻgʻri kiriting.'],
    ] as const) {
      const wrong = await feedback({ name: 'Guest', text: 'Wrong', phone }, address, { lang })
      expect(wrong.status).toBe(400)
      expect(wrong.body.errors).toEqual([{ field: 'phone', message: text }])
    }
    expect(await stored()).toHaveLength(before)
  })

  it('answers a filled honeypot like anyone else and keeps nothing', async () => {
    const before = (await stored()).length
    const bot = await feedback({ name: 'Bot', text: 'Buy now', website: 'http://spam.example' }, newAddress())
    expect(bot.status).toBe(201)
    expect(bot.body.message).toBe('Отправлено. Спасибо!')
    expect((await stored()).length).toBe(before)
  })

  it(`allows ${feedbackLimits.perWindow} messages per address in ten minutes, then 429`, async () => {
    const address = newAddress()
    for (let i = 0; i < feedbackLimits.perWindow; i++)
      expect((await feedback({ name: 'A', text: `message ${i}` }, address)).status).toBe(201)
    const limited = await feedback({ name: 'A', text: 'one more' }, address, { lang: 'uz' })
    expect(limited.status).toBe(429)
    expect(limited.body.detail).toBe('Хабарлар жуда кўп. 10 дақиқадан сўнг уриниб кўринг.')
    expect(limited.headers.get('retry-after')).toBe('600')
    // Another address is not affected; nor are bug reports from this one.
    expect((await feedback({ name: 'B', text: 'hi' }, newAddress())).status).toBe(201)
    expect((await bugReport({ text: 'broken', page: '/ru' }, address)).status).toBe(201)
  })
})

describe('POST feedback/bug-report/', () => {
  it('stores the text, the page and a PNG screenshot checked by content', async () => {
    const sent = await bugReport(
      { text: 'The basket button does nothing', page: '/ru/basket', screenshot: new Blob([await png()]) },
      newAddress(),
    )
    expect(sent.status).toBe(201)
    const row = (await stored()).at(-1)!
    expect(row).toMatchObject({ kind: 'bug', text: 'The basket button does nothing', page: '/ru/basket' })
    expect(row.screenshot).toMatch(/^bug-reports\/\w+\.png$/)
    const meta = await sharp(join(t.dataDir, 'uploads', row.screenshot!)).metadata()
    expect(meta.format).toBe('png')
    // Without a screenshot (an empty file input sends an empty part) and without a page.
    const plain = await bugReport({ text: 'Typo', screenshot: new Blob([]) }, newAddress())
    expect(plain.status).toBe(201)
    expect((await stored()).at(-1)).toMatchObject({ text: 'Typo', page: null, screenshot: null })
  })

  it('refuses a spoofed or oversized screenshot and keeps nothing', async () => {
    const before = (await stored()).length
    const files = screenshotFiles()
    const address = newAddress()
    const text = await bugReport({ text: 'x', screenshot: new Blob(['<svg></svg>'], { type: 'image/png' }) }, address)
    expect(text.status).toBe(400)
    expect(text.body.errors).toEqual([
      { field: 'screenshot', message: 'Загрузите изображение в правильном формате: JPG или PNG.' },
    ])
    const huge = new Uint8Array(IMAGE_MAX_BYTES + 1)
    huge.set(await png(), 0)
    const big = await bugReport({ text: 'x', screenshot: new Blob([huge]) }, address, 'sr')
    expect(big.status).toBe(413)
    expect(big.body.detail).toMatch(/5 MB/)
    expect((await stored()).length).toBe(before)
    expect(screenshotFiles()).toEqual(files)
  })

  it('needs a text; a page up to 500 characters; a filled honeypot keeps nothing', async () => {
    const address = newAddress()
    const missing = await bugReport({ page: '/ru' }, address)
    expect(missing.status).toBe(400)
    expect(missing.body.errors).toEqual([{ field: 'text', message: 'Обязательное поле.' }])
    const long = await bugReport({ text: 'x', page: `/${'p'.repeat(500)}` }, address)
    expect(long.status).toBe(400)
    expect(long.body.errors[0].field).toBe('page')
    const before = (await stored()).length
    const bot = await bugReport({ text: 'spam', website: 'filled', screenshot: new Blob([await png()]) }, address)
    expect(bot.status).toBe(201)
    expect((await stored()).length).toBe(before)
  })

  it(`allows ${feedbackLimits.perWindow} reports per address in ten minutes, then 429`, async () => {
    const address = newAddress()
    for (let i = 0; i < feedbackLimits.perWindow; i++)
      expect((await bugReport({ text: `bug ${i}` }, address)).status).toBe(201)
    const limited = await bugReport({ text: 'one more' }, address)
    expect(limited.status).toBe(429)
    expect(limited.body.detail).toBe('Слишком много сообщений. Попробуйте через 10 мин.')
  })

  it('is documented in the OpenAPI description', async () => {
    const doc = await t.json('openapi.json')
    expect(doc.body.paths['/api/v1/feedback/'].post).toBeDefined()
    expect(doc.body.paths['/api/v1/feedback/bug-report/'].post.requestBody.content).toHaveProperty(
      'multipart/form-data',
    )
  })
})
