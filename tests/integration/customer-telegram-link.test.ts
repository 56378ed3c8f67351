import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createApi } from '#api/app.ts'
import { sha256 } from '#api/auth/crypto.ts'
import type { Config } from '#api/config.ts'
import { customerTelegram, customerTelegramCodes } from '#api/db/schema/index.ts'
import { runTelegramCommand } from '#api/telegram/commands.ts'
import { webhookSecret } from '#api/telegram/webhook-secret.ts'
import { setupTestApi } from './support/api.ts'
import { type Customer, deleteAccount, registerCustomer } from './support/customer.ts'
import { releasedTogetherOnCustomerCode } from './support/lock-gate.ts'
import { orderMaker } from './support/orders.ts'
import { signedInStaff } from './support/staff.ts'
import { configureTestBot, messageFrom, postUpdate, testBot } from './support/telegram.ts'

// A customer links Telegram for their order news: a one-time deep link from
// the profile (account/telegram/link/), `/start <code>` in their private chat
// with the bot; `/orders` lists their open orders, `/stop` or the profile
// unlinks. Nothing of theirs is said to anyone else.

configureTestBot()
const t = setupTestApi({ products: 20 })
const orders = orderMaker(t)

let telegramIds = 900_000
const newTelegramId = () => ++telegramIds

async function linkCode(c: Customer, lang?: 'uz' | 'sr' | 'ru') {
  const res = await t.json('account/telegram/link/', {
    method: 'POST',
    token: c.access,
    lang: 'ru',
    ...(lang ? { body: JSON.stringify({ lang }) } : {}),
  })
  expect(res.status).toBe(201)
  return res.body as { url: string; code: string; expires_at: string }
}

const stateOf = async (c: Customer) => (await t.json('account/telegram/', { token: c.access })).body
const start = (telegramId: number, code: string) => postUpdate(t, messageFrom(telegramId, `/start ${code}`))
/** A message in a group the bot is in (the staff chat, say): not the sender's private chat. */
const inGroup = (from: number, text: string) => {
  const update = messageFrom(from, text)
  return { message: { ...update.message, chat: { id: -100_555, type: 'supergroup' } } }
}

/** A new customer whose Telegram is linked through the real flow. */
async function linkedCustomer(lang: 'uz' | 'sr' | 'ru' = 'ru') {
  const customer = await registerCustomer(t)
  const telegramId = newTelegramId()
  const reply = await start(telegramId, (await linkCode(customer, lang)).code)
  expect(reply.body.method).toBe('sendMessage')
  return { customer, telegramId }
}

const linkedDone = {
  ru: 'Готово: новости ваших заказов Atir будут приходить сюда вместо SMS. /orders — ваши текущие заказы, /stop — отключить.',
  uz: 'Тайёр: Atir буюртмаларингиз ҳақидаги хабарлар энди SMS ўрнига шу ерга келади. /orders — жорий буюртмаларингиз, /stop — ўчириш.',
}

describe("linking a customer's Telegram", () => {
  it('gives a one-time deep link; /start in the private chat links it, in the language asked, once', async () => {
    const customer = await registerCustomer(t)
    expect(await stateOf(customer)).toEqual({
      available: true,
      linked: false,
      lang: null,
      linked_at: null,
      bot_url: `https://t.me/${testBot.username}`,
    })
    const before = Date.now()
    const link = await linkCode(customer, 'uz')
    expect(link.url).toBe(`https://t.me/${testBot.username}?start=${link.code}`)
    expect(link.code).toMatch(/^[A-Za-z0-9_-]{32}$/)
    const expires = new Date(link.expires_at).getTime()
    expect(expires - before).toBeGreaterThan(9 * 60_000)
    expect(expires - before).toBeLessThanOrEqual(10 * 60_000 + 5_000)
    const [stored] = await t.database.db
      .select()
      .from(customerTelegramCodes)
      .where(eq(customerTelegramCodes.lang, 'uz'))
    expect(stored?.codeHash).not.toContain(link.code)

    const telegramId = newTelegramId()
    const res = await start(telegramId, link.code)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ method: 'sendMessage', chat_id: telegramId, text: linkedDone.uz })
    expect(await stateOf(customer)).toMatchObject({ available: true, linked: true, lang: 'uz' })

    // Spent: opened again (by anyone) it links nothing, and says where to get a new one.
    const again = await start(newTelegramId(), link.code)
    expect(again.body.text).toBe('Улаш ҳаволаси нотўғри ёки эскирган. Atir сайтидаги профилингизда янгисини олинг.')
    const rows = await t.database.db
      .select()
      .from(customerTelegram)
      .where(eq(customerTelegram.telegramUserId, telegramId))
    expect(rows).toHaveLength(1)
  })

  it('a newer link replaces the older one; linking again moves the news to the new Telegram account', async () => {
    const customer = await registerCustomer(t)
    const first = await linkCode(customer)
    const second = await linkCode(customer)
    const telegramId = newTelegramId()
    expect((await start(telegramId, first.code)).body.text).toMatch(/^Ссылка для привязки неверна или устарела/)
    expect((await start(telegramId, second.code)).body.text).toBe(linkedDone.ru)
    const phone = newTelegramId()
    expect((await start(phone, (await linkCode(customer)).code)).body.text).toBe(linkedDone.ru)
    const rows = await t.database.db.select().from(customerTelegram)
    expect(rows.filter((r) => r.telegramUserId === telegramId)).toEqual([])
    expect(rows.filter((r) => r.telegramUserId === phone)).toHaveLength(1)
  })

  it("refuses a Telegram account getting another customer's news; after /stop the same link works", async () => {
    const { telegramId } = await linkedCustomer()
    const other = await registerCustomer(t)
    const link = await linkCode(other)
    const refused = await start(telegramId, link.code)
    expect(refused.body.text).toBe(
      'Этот Telegram уже получает новости заказов другого аккаунта. Отправьте /stop, затем откройте ссылку ещё раз.',
    )
    expect((await stateOf(other)).linked).toBe(false)
    await postUpdate(t, messageFrom(telegramId, '/stop'))
    expect((await start(telegramId, link.code)).body.text).toBe(linkedDone.ru)
    expect((await stateOf(other)).linked).toBe(true)
  })

  it('links nothing from a group chat: there the bot is the staff bot', async () => {
    const customer = await registerCustomer(t)
    const link = await linkCode(customer)
    const res = await postUpdate(t, inGroup(newTelegramId(), `/start ${link.code}`))
    expect(res.body.text).toBe('Ссылка для привязки неверна или устарела. Получите новую в бэк-офисе.')
    expect((await stateOf(customer)).linked).toBe(false)
  })

  it('unlinks in the profile (DELETE) and with /stop; news then go by SMS again', async () => {
    const { customer, telegramId } = await linkedCustomer('ru')
    const removed = await t.request('account/telegram/link/', { method: 'DELETE', token: customer.access })
    expect(removed.status).toBe(204)
    expect((await stateOf(customer)).linked).toBe(false)
    expect((await t.request('account/telegram/link/', { method: 'DELETE', token: customer.access })).status).toBe(204)

    await start(telegramId, (await linkCode(customer)).code)
    const stopped = await postUpdate(t, messageFrom(telegramId, '/stop'))
    expect(stopped.body.text).toBe(
      'Готово: Telegram отвязан, новости заказов снова будут приходить по SMS. Привязать его снова можно в профиле на сайте.',
    )
    expect((await stateOf(customer)).linked).toBe(false)
    const again = await postUpdate(t, messageFrom(telegramId, '/stop', 'uz'))
    expect(again.body.text).toBe(
      'Bu Telegram Atir xaridori akkauntiga ulanmagan. Uni saytdagi profilingizda, «Telegram» boʻlimida ulang.',
    )
  })

  it('a deleted account is unlinked with everything personal', async () => {
    const { customer, telegramId } = await linkedCustomer()
    expect((await deleteAccount(t, customer)).status).toBe(200)
    const rows = await t.database.db
      .select()
      .from(customerTelegram)
      .where(eq(customerTelegram.telegramUserId, telegramId))
    expect(rows).toEqual([])
    expect((await postUpdate(t, messageFrom(telegramId, '/orders'))).body.text).toMatch(/^Этот Telegram не привязан/)
  })

  it('needs a signed-in customer, and a shop with a bot (a demo shop without a token has the simulated one)', async () => {
    expect((await t.json('account/telegram/')).status).toBe(401)
    expect((await t.json('account/telegram/link/', { method: 'POST' })).status).toBe(401)
    const customer = await registerCustomer(t)
    const call = (config: Config, method = 'GET', path = 'account/telegram/') =>
      createApi({ database: t.database, config }).fetch(
        new Request(`http://shop.test/api/v1/${path}`, {
          method,
          headers: { Authorization: `Bearer ${customer.access}`, 'Accept-Language': 'sr' },
        }),
      )
    const live: Config = { ...t.config, SHOP_MODE: 'live', TELEGRAM_BOT_TOKEN: undefined }
    expect(await (await call(live)).json()).toMatchObject({ available: false, bot_url: null })
    const refused = await call(live, 'POST', 'account/telegram/link/')
    expect(refused.status).toBe(409)
    expect((await refused.json()).detail).toBe(
      'Bu doʻkonda buyurtma xabarlarini Telegramda olish hozircha mumkin emas.',
    )
    const noName: Config = { ...t.config, TELEGRAM_BOT_USERNAME: undefined }
    expect((await call(noName, 'POST', 'account/telegram/link/')).status).toBe(409)
    const demo: Config = { ...t.config, SHOP_MODE: 'demo', TELEGRAM_BOT_TOKEN: undefined }
    expect(await (await call(demo)).json()).toMatchObject({ available: true })
    expect((await call(demo, 'POST', 'account/telegram/link/')).status).toBe(201)
  })

  it('is in the OpenAPI document for the apps', async () => {
    const { body } = await t.json('openapi.json')
    expect(Object.keys(body.paths['/api/v1/account/telegram/'])).toEqual(['get'])
    expect(Object.keys(body.paths['/api/v1/account/telegram/link/'])).toEqual(['post', 'delete'])
    expect(body.paths['/api/v1/account/telegram/link/'].post.security).toEqual([{ bearerAuth: [] }])
    expect(body.components.schemas.CustomerTelegram.required).toEqual(
      expect.arrayContaining(['available', 'linked', 'lang', 'linked_at', 'bot_url']),
    )
  })
})

describe('/orders', () => {
  it("lists the customer's open orders with their status in their language, and nothing else", async () => {
    const { customer, telegramId } = await linkedCustomer('sr')
    const cash = await orders.place({ as: customer, method: 'cash', price: 250_000, delivery: 'courier' })
    const online = await orders.place({ as: customer, method: 'payme', price: 99_000 })
    const cancelled = await orders.place({ as: customer, method: 'cash' })
    await t.json(`orders/${cancelled.order.id}/cancel/`, { method: 'POST', token: customer.access })
    const manager = await signedInStaff(t, 'manager')
    await t.json(`admin/orders/${cash.order.id}/status/`, {
      method: 'POST',
      token: manager.token,
      body: JSON.stringify({ status: 4, expected_status: 3 }),
    })
    // Another customer's order is never in this list.
    const stranger = await registerCustomer(t)
    await orders.place({ as: stranger, method: 'cash' })

    const day = (iso: string) => {
      const local = new Date(new Date(iso).getTime() + 5 * 3_600_000).toISOString().slice(0, 10).split('-')
      return `${local[2]}.${local[1]}.${local[0]}`
    }
    const cashView = (await t.json(`orders/${cash.order.id}/`, { token: customer.access, lang: 'sr' })).body
    const sum = (n: number) => n.toLocaleString('ru-RU').replace(/\u00a0/g, ' ')
    const res = await postUpdate(t, messageFrom(telegramId, '/orders'))
    expect(res.body).toEqual({
      method: 'sendMessage',
      chat_id: telegramId,
      text: [
        'Joriy buyurtmalaringiz:',
        `№${online.order.number}, ${day(online.order.created_at)} — Toʻlov kutilmoqda, ${sum(online.order.total)} soʻm`,
        `№${cash.order.number}, ${day(cash.order.created_at)} — ${cashView.status_label}, ${sum(cash.order.total)} soʻm`,
      ].join('\n'),
    })
    expect(res.body.text).not.toContain(customer.phone)
  })

  it('says "none" without open orders, tells a stranger only how to link, and says nothing in a group', async () => {
    const { telegramId } = await linkedCustomer('ru')
    expect((await postUpdate(t, messageFrom(telegramId, '/orders'))).body.text).toBe('Текущих заказов нет.')
    const stranger = await postUpdate(t, messageFrom(newTelegramId(), '/orders'))
    expect(stranger.body.text).toBe(
      'Этот Telegram не привязан к аккаунту покупателя Atir. Привяжите его в профиле на сайте, раздел «Telegram».',
    )
    expect((await postUpdate(t, inGroup(telegramId, '/orders'))).body).toEqual({})
    expect((await postUpdate(t, inGroup(telegramId, '/stop'))).body).toEqual({})
    expect((await stateOfTelegram(telegramId)).length).toBe(1)
  })

  it("names at most 10 orders and counts the rest (the site's list has them all)", async () => {
    const { customer, telegramId } = await linkedCustomer('ru')
    for (let i = 0; i < 11; i++) await orders.place({ as: customer, method: 'cash', price: 10_000 })
    const lines = (await postUpdate(t, messageFrom(telegramId, '/orders'))).body.text.split('\n')
    expect(lines).toHaveLength(12)
    expect(lines.at(-1)).toBe('…и ещё 1: все они в разделе «Мои заказы» на сайте.')
  })
})

const stateOfTelegram = (telegramId: number) =>
  t.database.db.select().from(customerTelegram).where(eq(customerTelegram.telegramUserId, telegramId))

describe('the same rate limits', () => {
  it("an address that sent 10 wrong secrets waits, /orders too, and learns nothing of anyone's orders", async () => {
    const { customer, telegramId } = await linkedCustomer('ru')
    await orders.place({ as: customer, method: 'cash' })
    const address = '198.51.100.77'
    for (let i = 0; i < 10; i++)
      expect((await postUpdate(t, messageFrom(telegramId, '/orders'), { secret: `wrong-${i}`, address })).status).toBe(
        401,
      )
    const blocked = await postUpdate(t, messageFrom(telegramId, '/orders'), { address })
    expect(blocked.status).toBe(429)
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(JSON.stringify(blocked.body)).not.toMatch(/№/)
  })
})

describe('once on N processes', () => {
  it('the same /start twice at once (Telegram retrying on two processes) links once', async () => {
    const customer = await registerCustomer(t)
    const link = await linkCode(customer)
    const [row] = await t.database.db
      .select({ id: customerTelegramCodes.id })
      .from(customerTelegramCodes)
      .where(eq(customerTelegramCodes.codeHash, sha256(link.code)))
    const a = newTelegramId()
    const b = newTelegramId()
    const replies = await releasedTogetherOnCustomerCode(t, row!.id, () => [start(a, link.code), start(b, link.code)])
    const texts: string[] = replies.map((r) => r.body.text)
    expect(texts.filter((text) => text === linkedDone.ru)).toHaveLength(1)
    expect(texts.find((text) => text !== linkedDone.ru)).toMatch(/^Ссылка для привязки неверна или устарела/)
    expect((await stateOf(customer)).linked).toBe(true)
    expect([...(await stateOfTelegram(a)), ...(await stateOfTelegram(b))]).toHaveLength(1)
  })

  it("two customers' links opened by one Telegram account at once: one is linked, the other told it is taken", async () => {
    const first = await registerCustomer(t)
    const second = await registerCustomer(t)
    const [one, two] = [await linkCode(first), await linkCode(second)]
    const telegramId = newTelegramId()
    const replies = await Promise.all([start(telegramId, one.code), start(telegramId, two.code)])
    const texts: string[] = replies.map((r) => r.body.text)
    expect(texts.filter((text) => text === linkedDone.ru)).toHaveLength(1)
    expect(texts.find((text) => text !== linkedDone.ru)).toMatch(/^Этот Telegram уже получает новости заказов/)
    expect(await stateOfTelegram(telegramId)).toHaveLength(1)
  })
})

describe('npm run telegram -- simulate', () => {
  /** The shop as a demo without a bot token: the webhook takes the simulated updates. */
  const demoShop = (): Config => ({ ...t.config, SHOP_MODE: 'demo', TELEGRAM_BOT_TOKEN: undefined })

  async function simulate(args: string[], config = demoShop()) {
    const api = createApi({ database: t.database, config })
    const lines: string[] = []
    const code = await runTelegramCommand(['simulate', ...args], {
      config,
      print: (line) => lines.push(line),
      fetch: (async (url: string | URL | Request, init?: RequestInit) =>
        api.fetch(new Request(url, init))) as typeof fetch,
    })
    return { code, lines }
  }

  it('stands in for Telegram on a demo shop: links a customer, lists their orders, stops', async () => {
    expect(webhookSecret(demoShop())).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(webhookSecret(demoShop())).not.toBe(webhookSecret(t.config))
    const customer = await registerCustomer(t)
    const link = await linkCode(customer, 'ru')
    const telegramId = String(newTelegramId())
    expect(await simulate(['start', link.code, '--from', telegramId])).toEqual({
      code: 0,
      lines: [`The bot replies: ${linkedDone.ru}`],
    })
    expect(await simulate(['say', '/orders', '--from', telegramId])).toEqual({
      code: 0,
      lines: ['The bot replies: Текущих заказов нет.'],
    })
    const hello = await simulate(['say', '/start', '--from', telegramId, '--lang', 'uz'])
    expect(hello.lines[0]).toMatch(/^The bot replies: Bu Atir doʻkoni boti\./)
    expect((await simulate(['say', 'hello', '--from', telegramId])).lines).toEqual(['The bot does not reply.'])
    expect((await simulate(['say', '/stop', '--from', telegramId])).lines[0]).toMatch(
      /^The bot replies: Готово: Telegram отвязан/,
    )
  })

  it('presses a button as a linked staff member would', async () => {
    const { code, lines } = await simulate(['press', 'o:1:me', '--from', String(newTelegramId())])
    expect(code).toBe(0)
    expect(lines[0]).toMatch(/^The bot's pop-up: Ваш Telegram не привязан к сотруднику/)
  })

  it('refuses a live shop without a bot, a missing sender, and reports a refused secret', async () => {
    const live = await simulate(['say', '/orders', '--from', '5'], { ...demoShop(), SHOP_MODE: 'live' })
    expect(live).toEqual({
      code: 1,
      lines: ['No webhook here: set TELEGRAM_BOT_TOKEN, or run the shop in demo mode (SHOP_MODE=demo).'],
    })
    expect((await simulate(['/orders'])).code).toBe(2)
    // The shop runs with a bot token, the command without: its secret is not the shop's.
    const api = createApi({ database: t.database, config: t.config })
    const lines: string[] = []
    const code = await runTelegramCommand(['simulate', 'say', '/orders', '--from', '5'], {
      config: demoShop(),
      print: (line) => lines.push(line),
      fetch: (async (url: string | URL | Request, init?: RequestInit) =>
        api.fetch(
          new Request(url, { ...init, headers: { ...init?.headers, 'X-Real-IP': '198.51.100.90' } }),
        )) as typeof fetch,
    })
    expect({ code, lines }).toEqual({ code: 1, lines: ['The shop answered 401: Неверный секрет вебхука Telegram.'] })
  })
})
