import { createHash, createHmac } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createApi } from '#api/app.ts'
import { parseConfig } from '#api/config.ts'
import { customerTelegram, users } from '#api/db/schema/index.ts'
import { signInitData } from '#api/telegram/simulate-webapp.ts'
import { setupTestApi } from './support/api.ts'
import { newPhone, registerCustomer } from './support/customer.ts'
import { configureTestBot, postUpdate, testBot } from './support/telegram.ts'

// Signing in from Telegram: the Mini App's initData (valid, forged, stale,
// replayed, another bot's), the account linked by the shopper's own contact
// shared with the bot (a new one made for a new number), `/shop`'s button,
// and the Login Widget behind its setting.

configureTestBot()
process.env.TELEGRAM_LOGIN_WIDGET = 'on'
process.env.PUBLIC_URL = 'https://atir.example'
const t = setupTestApi({ products: 5 })

let telegramIds = 4_000_000
const newTelegramUser = (language_code = 'ru') => ({ id: ++telegramIds, first_name: 'Дилноза', language_code })
const nowSeconds = () => Math.floor(Date.now() / 1000)

const signIn = (initData: string, fingerprint?: string) =>
  t.json('auth/telegram/webapp/', { method: 'POST', body: JSON.stringify({ init_data: initData }), fingerprint })

/** The contact a user shares from Telegram: their own (`user_id` theirs) unless told otherwise. */
const shareContact = (from: { id: number; language_code?: string }, phone: string, owner: number | 'none' = from.id) =>
  postUpdate(t, {
    message: {
      message_id: 1,
      date: nowSeconds(),
      chat: { id: from.id, type: 'private' },
      from: { ...from, is_bot: false, first_name: 'Дилноза' },
      contact: {
        phone_number: phone.replace('+', ''),
        first_name: 'Дилноза',
        ...(owner === 'none' ? {} : { user_id: owner }),
      },
    },
  })

const accountOf = async (access: string) => (await t.json('account/', { token: access })).body as { phone: string }

describe('Mini App sign-in (initData)', () => {
  it('a new shopper shares their number once: an account is made and the same initData signs them in, once', async () => {
    const user = newTelegramUser()
    const initData = signInitData(user, testBot.token, nowSeconds())

    // Not linked: no session, and the data is not spent.
    const first = await signIn(initData)
    expect(first.status).toBe(200)
    expect(first.body).toEqual({ token: null, lang: 'ru' })

    const phone = newPhone()
    const reply = await shareContact(user, phone)
    expect(reply.body).toMatchObject({ method: 'sendMessage', chat_id: user.id })
    expect(reply.body.text).toContain(`по номеру ${phone} создан аккаунт Atir`)
    const [made] = await t.database.db.select().from(users).where(eq(users.phone, phone))
    expect(made).toMatchObject({ fullName: 'Дилноза', passwordHash: null })

    const second = await signIn(initData)
    expect(second.status).toBe(200)
    expect(second.body.lang).toBe('ru')
    expect(await accountOf(second.body.token.access)).toMatchObject({ phone })
    // The same link carries the order news.
    const [link] = await t.database.db.select().from(customerTelegram).where(eq(customerTelegram.userId, made!.id))
    expect(link).toMatchObject({ telegramUserId: user.id, lang: 'ru' })

    // Replayed: refused.
    const replay = await signIn(initData)
    expect(replay.status).toBe(401)
    expect(replay.body.detail).toBe('Вход через Telegram не подтверждён: откройте магазин из бота заново.')
  })

  it('an existing customer is linked by their number, without an SMS, and keeps their account', async () => {
    const customer = await registerCustomer(t)
    const user = newTelegramUser('uz')
    expect((await shareContact(user, customer.phone)).body.text).toContain('raqami tasdiqlandi')
    const answer = await signIn(signInitData(user, testBot.token, nowSeconds()))
    expect(answer.status).toBe(200)
    // Telegram's Uzbek is the Latin script.
    expect(answer.body.lang).toBe('sr')
    expect(await accountOf(answer.body.token.access)).toMatchObject({ phone: customer.phone })
    const accounts = await t.database.db.select().from(users).where(eq(users.phone, customer.phone))
    expect(accounts).toHaveLength(1)
  })

  it('trusts only the sender’s own contact, and only Uzbek numbers', async () => {
    const user = newTelegramUser()
    const someoneElse = await registerCustomer(t)
    const forwarded = await shareContact(user, someoneElse.phone, user.id + 1)
    expect(forwarded.body.text).toContain('Нужен ваш собственный номер')
    const withoutOwner = await shareContact(user, someoneElse.phone, 'none')
    expect(withoutOwner.body.text).toContain('Нужен ваш собственный номер')
    const foreign = await shareContact(user, '+79161234567')
    expect(foreign.body.text).toContain('номерами Узбекистана')
    expect(
      await t.database.db.select().from(customerTelegram).where(eq(customerTelegram.telegramUserId, user.id)),
    ).toEqual([])
    expect((await signIn(signInitData(user, testBot.token, nowSeconds()))).body.token).toBeNull()
  })

  it('refuses forged, stale and another bot’s initData with 401', async () => {
    const customer = await registerCustomer(t)
    const user = newTelegramUser()
    await shareContact(user, customer.phone)
    const valid = signInitData(user, testBot.token, nowSeconds())

    // The user changed after signing (someone else's id), or the hash itself changed.
    const forged = new URLSearchParams(valid)
    forged.set('user', JSON.stringify({ ...user, id: user.id + 7 }))
    expect((await signIn(forged.toString())).status).toBe(401)
    const wrongHash = new URLSearchParams(valid)
    wrongHash.set('hash', 'f'.repeat(64))
    expect((await signIn(wrongHash.toString())).status).toBe(401)
    expect((await signIn('user=%7B%22id%22%3A1%7D')).status).toBe(401)

    // Older than a day; a day less a minute is still fine.
    expect((await signIn(signInitData(user, testBot.token, nowSeconds() - 24 * 3600 - 60))).status).toBe(401)
    // Another bot's (its token signed it): not ours.
    expect((await signIn(signInitData(user, '654321:ANOTHER-bot-token', nowSeconds()))).status).toBe(401)
    const recent = await signIn(signInitData(user, testBot.token, nowSeconds() - 24 * 3600 + 60))
    expect(recent.status).toBe(200)
    expect(recent.body.token).not.toBeNull()
  })

  it('the same initData sent twice at once opens one session', async () => {
    const customer = await registerCustomer(t)
    const user = newTelegramUser()
    await shareContact(user, customer.phone)
    const initData = signInitData(user, testBot.token, nowSeconds())
    const answers = await Promise.all([signIn(initData), signIn(initData), signIn(initData)])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401, 401])
  })

  it('the same new number shared twice at once makes one account', async () => {
    const user = newTelegramUser()
    const phone = newPhone()
    const replies = await Promise.all([shareContact(user, phone), shareContact(user, phone)])
    expect(replies.map((r) => r.status)).toEqual([200, 200])
    expect(await t.database.db.select().from(users).where(eq(users.phone, phone))).toHaveLength(1)
  })

  it('a Telegram account moves to the account of the number it shares; a blocked account is told so', async () => {
    const first = await registerCustomer(t)
    const second = await registerCustomer(t)
    const user = newTelegramUser()
    await shareContact(user, first.phone)
    await shareContact(user, second.phone)
    const answer = await signIn(signInitData(user, testBot.token, nowSeconds()))
    expect(await accountOf(answer.body.token.access)).toMatchObject({ phone: second.phone })

    await t.database.db.update(users).set({ blockedAt: new Date() }).where(eq(users.phone, second.phone))
    const blocked = await signIn(signInitData(user, testBot.token, nowSeconds()))
    expect(blocked.status).toBe(403)
  })
})

describe('the bot opens the shop', () => {
  it('`/shop` answers with a button that opens the Mini App, in the user’s language', async () => {
    const user = newTelegramUser('uz')
    const reply = await postUpdate(t, {
      message: {
        message_id: 5,
        date: nowSeconds(),
        chat: { id: user.id, type: 'private' },
        from: { ...user, is_bot: false },
        text: '/shop',
      },
    })
    expect(reply.body).toEqual({
      method: 'sendMessage',
      chat_id: user.id,
      text: 'Telegramdagi Atir doʻkoni: Oʻzbekiston boʻylab yetkazib beriladigan atir va kosmetika.',
      reply_markup: {
        inline_keyboard: [[{ text: 'Doʻkonni ochish', web_app: { url: 'https://atir.example/telegram' } }]],
      },
    })
  })
})

/** The Login Widget's fields for `id`, signed as Telegram does: HMAC-SHA-256 keyed with SHA-256(token). */
function widgetFields(id: number, token: string, authDate: number) {
  const fields: Record<string, string> = { id: String(id), first_name: 'Дилноза', auth_date: String(authDate) }
  const check = Object.keys(fields)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n')
  const key = createHash('sha256').update(token).digest()
  return { ...fields, hash: createHmac('sha256', key).update(check).digest('hex') }
}

describe('Login Widget', () => {
  const widget = (fields: Record<string, string>) =>
    t.json('auth/telegram/widget/', { method: 'POST', body: JSON.stringify(fields) })

  it('signs in a linked Telegram account once; unlinked gets no session; forged, stale and Mini App keys 401', async () => {
    const customer = await registerCustomer(t)
    const user = newTelegramUser()
    const unlinked = await widget(widgetFields(user.id, testBot.token, nowSeconds()))
    expect(unlinked.body).toEqual({ token: null, lang: 'ru' })

    await shareContact(user, customer.phone)
    const fields = widgetFields(user.id, testBot.token, nowSeconds())
    const answer = await widget(fields)
    expect(answer.status).toBe(200)
    expect(await accountOf(answer.body.token.access)).toMatchObject({ phone: customer.phone })
    expect((await widget(fields)).status).toBe(401)

    expect(
      (await widget({ ...widgetFields(user.id, testBot.token, nowSeconds()), id: String(user.id + 1) })).status,
    ).toBe(401)
    expect((await widget(widgetFields(user.id, testBot.token, nowSeconds() - 2 * 24 * 3600))).status).toBe(401)
    // Signed the Mini App's way (a different key): not a widget answer.
    const initData = new URLSearchParams(signInitData(user, testBot.token, nowSeconds()))
    expect(
      (await widget({ id: String(user.id), auth_date: initData.get('auth_date')!, hash: initData.get('hash')! }))
        .status,
    ).toBe(401)
  })

  it('is off unless TELEGRAM_LOGIN_WIDGET=on', async () => {
    const api = createApi({
      database: t.database,
      config: parseConfig({
        ...process.env,
        TELEGRAM_LOGIN_WIDGET: '',
        SESSION_SECRET: 'x'.repeat(40),
        DATA_DIR: t.dataDir,
      }),
    })
    const res = await api.fetch(
      new Request('http://localhost/api/v1/auth/telegram/widget/', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(widgetFields(1, testBot.token, nowSeconds())),
      }),
    )
    expect(res.status).toBe(404)
  })
})
