import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createApi } from '#api/app.ts'
import { auditLog, rateEvents, staff, telegramLinkCodes } from '#api/db/schema/index.ts'
import { createApiKey } from '#api/staff/keys.ts'
import { staffRoles } from '#api/staff/permissions.ts'
import { createLinkCode } from '#api/telegram/link.ts'
import { webhookSecret } from '#api/telegram/webhook-secret.ts'
import { oneRow } from '../../api/db/rows.ts'
import { setupTestApi } from './support/api.ts'
import { signedInStaff, testActor } from './support/staff.ts'
import { configureTestBot, messageFrom, postUpdate, pressFrom, testBot } from './support/telegram.ts'

// Linking a staff member's Telegram account: a one-time deep link from the
// back office, `/start <code>` through the webhook, unlinking; and the
// webhook's own door (secret header, rate limit, no bot in a live shop → 404).

configureTestBot()
const t = setupTestApi({ products: 5 })

let telegramIds = 500_000
const newTelegramId = () => ++telegramIds
const webhookSecretOf = () => webhookSecret(t.config) ?? ''

async function linkCode(token: string, body?: object) {
  const res = await t.json('admin/telegram/link/', {
    method: 'POST',
    token,
    lang: 'ru',
    ...(body ? { body: JSON.stringify(body) } : {}),
  })
  expect(res.status).toBe(201)
  return res.body as { url: string; code: string; expires_at: string }
}

const staffRow = async (id: number) => oneRow(await t.database.db.select().from(staff).where(eq(staff.id, id)))
const auditOf = (id: number, action: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'staff'), eq(auditLog.entityId, String(id)), eq(auditLog.action, action)))

describe('linking a Telegram account', () => {
  it('gives a one-time deep link to the bot, stored only as a hash', async () => {
    const manager = await signedInStaff(t, 'manager')
    const before = Date.now()
    const link = await linkCode(manager.token)
    expect(link.url).toBe(`https://t.me/${testBot.username}?start=${link.code}`)
    expect(link.code).toMatch(/^[A-Za-z0-9_-]{32}$/)
    const expires = new Date(link.expires_at).getTime()
    expect(expires - before).toBeGreaterThan(9 * 60_000)
    expect(expires - before).toBeLessThanOrEqual(10 * 60_000 + 5_000)
    const rows = await t.database.db.select().from(telegramLinkCodes).where(eq(telegramLinkCodes.staffId, manager.id))
    expect(rows).toHaveLength(1)
    expect(rows[0]?.codeHash).not.toContain(link.code)
  })

  it('links the account that sends /start <code>, once, in the language chosen, audited via telegram', async () => {
    const manager = await signedInStaff(t, 'manager', { name: 'Dilnoza' })
    const link = await linkCode(manager.token, { lang: 'sr' })
    const telegramId = newTelegramId()

    const res = await postUpdate(t, messageFrom(telegramId, `/start ${link.code}`))
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      method: 'sendMessage',
      chat_id: telegramId,
      text: 'Tayyor, Dilnoza: Telegram ulandi. Buyurtma xabarlaridagi tugmalar endi sizning nomingizdan ishlaydi.',
    })
    const row = await staffRow(manager.id)
    expect(row.telegramUserId).toBe(telegramId)
    expect(row.lang).toBe('sr')
    const [entry] = await auditOf(manager.id, 'staff.telegram_link')
    expect(entry).toMatchObject({
      staffId: manager.id,
      actor: `staff:${manager.id}`,
      via: 'telegram',
      before: { telegram_user_id: null },
      after: { telegram_user_id: telegramId },
    })
    const [langChange] = await auditOf(manager.id, 'staff.update')
    expect(langChange).toMatchObject({ via: 'web', before: { lang: 'ru' }, after: { lang: 'sr' } })

    // The code is spent: a second /start (by anyone) links nothing.
    const again = await postUpdate(t, messageFrom(newTelegramId(), `/start ${link.code}`, 'ru'))
    expect(again.body.text).toBe('Ссылка для привязки неверна или устарела. Получите новую в бэк-офисе.')
    expect((await staffRow(manager.id))?.telegramUserId).toBe(telegramId)
  })

  it('refuses an expired code, an unknown one and an older code replaced by a newer one', async () => {
    const warehouse = await signedInStaff(t, 'warehouse')
    const expired = await createLinkCode(t.database.db, warehouse.id, {
      now: new Date(Date.now() - 11 * 60_000),
      lang: 'ru',
      actor: { staffId: warehouse.id, actor: `staff:${warehouse.id}`, via: 'web' },
    })
    const telegramId = newTelegramId()
    const invalid = 'Ссылка для привязки неверна или устарела. Получите новую в бэк-офисе.'
    expect((await postUpdate(t, messageFrom(telegramId, `/start ${expired.code}`))).body.text).toBe(invalid)
    expect((await postUpdate(t, messageFrom(telegramId, '/start not-a-code-at-all'))).body.text).toBe(invalid)

    const first = await linkCode(warehouse.token)
    const second = await linkCode(warehouse.token)
    expect((await postUpdate(t, messageFrom(telegramId, `/start ${first.code}`))).body.text).toBe(invalid)
    expect((await staffRow(warehouse.id))?.telegramUserId).toBeNull()
    const linked = await postUpdate(t, messageFrom(telegramId, `/start ${second.code}`))
    expect(linked.body.text).toMatch(/^Готово/)
    expect((await staffRow(warehouse.id))?.telegramUserId).toBe(telegramId)
  })

  it('refuses a Telegram account already linked to another staff member', async () => {
    const a = await signedInStaff(t, 'manager')
    const b = await signedInStaff(t, 'warehouse')
    const telegramId = newTelegramId()
    await postUpdate(t, messageFrom(telegramId, `/start ${(await linkCode(a.token)).code}`))
    const res = await postUpdate(t, messageFrom(telegramId, `/start ${(await linkCode(b.token)).code}`))
    expect(res.body.text).toBe('Этот Telegram уже привязан к другому сотруднику. Сначала отвяжите его там.')
    expect((await staffRow(a.id))?.telegramUserId).toBe(telegramId)
    expect((await staffRow(b.id))?.telegramUserId).toBeNull()
  })

  it('greets a plain /start in the Telegram language and ignores other messages', async () => {
    const hello = await postUpdate(t, messageFrom(newTelegramId(), '/start', 'uz'))
    expect(hello.body.text).toMatch(/^Bu Atir doʻkoni boti\. .+ Xodimlar: /)
    expect((await postUpdate(t, messageFrom(newTelegramId(), 'hello'))).body).toEqual({})
  })

  it('unlinks with DELETE, audited; the bot then treats the account as a stranger', async () => {
    const manager = await signedInStaff(t, 'manager')
    // "My account" says whether the bot acts as this member.
    const linked = async () => (await t.json('admin/me/', { token: manager.token })).body.telegram_linked
    expect(await linked()).toBe(false)
    const telegramId = newTelegramId()
    await postUpdate(t, messageFrom(telegramId, `/start ${(await linkCode(manager.token)).code}`))
    expect(await linked()).toBe(true)
    const res = await t.request('admin/telegram/link/', { method: 'DELETE', token: manager.token })
    expect(res.status).toBe(204)
    expect(await linked()).toBe(false)
    expect((await staffRow(manager.id))?.telegramUserId).toBeNull()
    const [entry] = await auditOf(manager.id, 'staff.telegram_unlink')
    expect(entry).toMatchObject({
      actor: `staff:${manager.id}`,
      via: 'web',
      before: { telegram_user_id: telegramId },
      after: { telegram_user_id: null },
    })
    const press = await postUpdate(t, pressFrom(telegramId, 'o:1:cash:3'))
    expect(press.body).toMatchObject({
      method: 'answerCallbackQuery',
      text: 'Ваш Telegram не привязан к сотруднику магазина: ничего не изменено. Привяжите его в бэк-офисе.',
      show_alert: true,
    })
    // Nothing linked any more: a second DELETE is still 204 and writes no audit row.
    expect((await t.request('admin/telegram/link/', { method: 'DELETE', token: manager.token })).status).toBe(204)
    expect(await auditOf(manager.id, 'staff.telegram_unlink')).toHaveLength(1)
  })

  it('is open to every role for its own account, not to an integration key', async () => {
    for (const role of staffRoles) {
      const member = await signedInStaff(t, role)
      expect((await t.json('admin/telegram/link/', { method: 'POST', token: member.token })).status, role).toBe(201)
      expect((await t.request('admin/telegram/link/', { method: 'DELETE', token: member.token })).status, role).toBe(
        204,
      )
    }
    const key = await createApiKey(t.database.db, { name: '1C', role: 'owner' }, testActor, new Date())
    const res = await t.json('admin/telegram/link/', { method: 'POST', token: key.token, lang: 'ru' })
    expect(res.status).toBe(403)
    expect(res.body.detail).toBe('Привязать Telegram может только сотрудник, не ключ интеграции.')
  })

  it('needs a signed-in staff member and a configured bot', async () => {
    expect((await t.json('admin/telegram/link/', { method: 'POST' })).status).toBe(401)
    const owner = await signedInStaff(t, 'owner')
    const unconfigured = createApi({
      database: t.database,
      config: { ...t.config, TELEGRAM_BOT_USERNAME: undefined },
    })
    const res = await unconfigured.fetch(
      new Request('http://shop.test/api/v1/admin/telegram/link/', {
        method: 'POST',
        headers: { Authorization: `Bearer ${owner.token}`, 'Accept-Language': 'ru' },
      }),
    )
    expect(res.status).toBe(409)
    expect((await res.json()).detail).toMatch(/не настроен/)
  })
})

describe('the webhook', () => {
  const linkUpdate = messageFrom(1, '/start')

  it('answers 401 without the secret header or with a wrong one, 200 with it', async () => {
    expect((await postUpdate(t, linkUpdate, { secret: null, address: '198.51.100.1' })).status).toBe(401)
    const wrong = await postUpdate(t, linkUpdate, { secret: 'x'.repeat(43), address: '198.51.100.1' })
    expect(wrong.status).toBe(401)
    expect(wrong.body.detail).toBe('Неверный секрет вебхука Telegram.')
    expect((await postUpdate(t, linkUpdate, { address: '198.51.100.1' })).status).toBe(200)
  })

  it('makes an address that sent 10 wrong secrets wait, even with the right one', async () => {
    const address = '198.51.100.2'
    for (let i = 0; i < 10; i++)
      expect((await postUpdate(t, linkUpdate, { secret: `wrong-${i}`, address })).status).toBe(401)
    const blocked = await postUpdate(t, linkUpdate, { address })
    expect(blocked.status).toBe(429)
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0)
    // Another address is not affected, and right calls leave no count behind.
    expect((await postUpdate(t, linkUpdate, { address: '198.51.100.3' })).status).toBe(200)
    const counted = await t.database.db.select().from(rateEvents).where(eq(rateEvents.bucket, 'telegram:198.51.100.3'))
    expect(counted).toHaveLength(0)
  })

  it('answers 404 while a live shop has no bot (a demo shop takes simulated updates: telegram-simulate.test.ts)', async () => {
    const unconfigured = createApi({
      database: t.database,
      config: { ...t.config, TELEGRAM_BOT_TOKEN: undefined, SHOP_MODE: 'live' },
    })
    const res = await unconfigured.fetch(
      new Request('http://shop.test/api/v1/telegram/webhook/', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ update_id: 1 }),
      }),
    )
    expect(res.status).toBe(404)
  })

  it('answers 400 to a body that is not an Update', async () => {
    const res = await t.json('telegram/webhook/', {
      method: 'POST',
      headers: { 'X-Telegram-Bot-Api-Secret-Token': webhookSecretOf() },
      body: JSON.stringify({ hello: 'world' }),
    })
    expect(res.status).toBe(400)
  })

  it('is in the OpenAPI document with the link routes', async () => {
    const { body } = await t.json('openapi.json')
    expect(Object.keys(body.paths)).toEqual(
      expect.arrayContaining(['/api/v1/telegram/webhook/', '/api/v1/admin/telegram/link/']),
    )
    expect(body.paths['/api/v1/telegram/webhook/'].post.security).toBeUndefined()
    expect(Object.keys(body.paths['/api/v1/admin/telegram/link/'])).toEqual(['post', 'delete'])
  })
})
