import { readFileSync } from 'node:fs'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createApi } from '#api/app.ts'
import type { Config } from '#api/config.ts'
import { orders, staff } from '#api/db/schema/index.ts'
import { logSmsProvider, smsOutboxPath } from '#api/integrations/sms/index.ts'
import { logTelegramSender, telegramOutboxPath } from '#api/integrations/telegram/index.ts'
import { dispatchNotifications } from '#api/notifications/dispatch.ts'
import { runTelegramCommand } from '#api/telegram/commands.ts'
import { setupTestApi } from './support/api.ts'
import { orderMaker } from './support/orders.ts'
import { signedInStaff } from './support/staff.ts'

// The bot without Telegram: a demo shop with no bot token still takes
// updates at its webhook (with a secret of its own), so `npm run telegram --
// simulate` links a staff member and presses an order's buttons locally; a
// live shop without a bot has no webhook.

const t = setupTestApi({ products: 10 })
const make = orderMaker(t)

const demo = (): Config => ({
  ...t.config,
  SHOP_MODE: 'demo',
  TELEGRAM_BOT_TOKEN: undefined,
  TELEGRAM_BOT_USERNAME: undefined,
  TELEGRAM_CHAT_ID: undefined,
})

/** The shop with `config` and the outbox file as its "bot"; the command's HTTP calls go to it. */
function shop(config: Config) {
  const api = createApi({
    database: t.database,
    config,
    telegram: logTelegramSender({ outbox: telegramOutboxPath(config) }),
  })
  const run = async (...args: string[]) => {
    const lines: string[] = []
    const code = await runTelegramCommand(args, {
      config,
      print: (line) => lines.push(line),
      fetch: (request) => api.fetch(request),
    })
    return { code, output: lines.join('\n') }
  }
  return { api, run }
}

describe('npm run telegram -- simulate, in demo mode without a bot', () => {
  it('links a staff member with the code the back office gave, then presses an order message’s buttons as them', async () => {
    const { api, run } = shop(demo())
    const manager = await signedInStaff(t, 'manager', { name: 'Malika' })
    const linked = await api.fetch(
      new Request('http://shop.test/api/v1/admin/telegram/link/', {
        method: 'POST',
        headers: { Authorization: `Bearer ${manager.token}`, 'Accept-Language': 'ru' },
      }),
    )
    expect(linked.status).toBe(201)
    const link = await linked.json()
    // No bot to open a link to: the code alone.
    expect(link.url).toBeNull()

    const start = await run('simulate', 'start', link.code, '--from', '4242')
    expect(start).toEqual({ code: 0, output: expect.stringMatching(/^The bot replies: .*Malika/) })
    const [row] = await t.database.db.select().from(staff).where(eq(staff.id, manager.id))
    expect(row?.telegramUserId).toBe(4242)

    // A cash order's message, as the jobs write it to the outbox file, lists its buttons with their data.
    const { order } = await make.place({ method: 'cash' })
    await dispatchNotifications({
      db: t.database.db,
      config: demo(),
      now: () => new Date(),
      sms: logSmsProvider({ outbox: smsOutboxPath(demo()) }),
      telegram: logTelegramSender({ outbox: telegramOutboxPath(demo()) }),
    })
    const buttons = await run('simulate', 'buttons')
    expect(buttons.code).toBe(0)
    expect(buttons.output).toContain(`npm run telegram -- simulate press o:${order.id}:s:4:3`)

    const press = await run('simulate', 'press', `o:${order.id}:s:4:3`, '--from', '4242')
    expect(press.code).toBe(0)
    expect(press.output).toMatch(/^The bot's pop-up: Готово\./)
    const [moved] = await t.database.db.select().from(orders).where(eq(orders.id, order.id))
    expect(moved?.status).toBe(4)
    // The message is edited in the outbox file as Telegram would edit it: the new state and who.
    const edits = readFileSync(telegramOutboxPath(demo()), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line))
      .filter((m) => m.edit)
    expect(edits.at(-1).text).toContain('Собран — Malika')

    // Someone who never linked is told so, and nothing changes.
    const stranger = await run('simulate', 'press', `o:${order.id}:s:5:4`, '--from', '777')
    expect(stranger.output).toMatch(/^The bot's pop-up: .+/)
    expect((await t.database.db.select().from(orders).where(eq(orders.id, order.id)))[0]?.status).toBe(4)
  })

  it('is refused with a wrong secret, and a live shop without a bot has no webhook', async () => {
    const { api } = shop(demo())
    const wrong = await api.fetch(
      new Request('http://shop.test/api/v1/telegram/webhook/', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Telegram-Bot-Api-Secret-Token': 'x'.repeat(43) },
        body: JSON.stringify({ update_id: 1 }),
      }),
    )
    expect(wrong.status).toBe(401)

    const live = shop({ ...demo(), SHOP_MODE: 'live' })
    const gone = await live.api.fetch(
      new Request('http://shop.test/api/v1/telegram/webhook/', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ update_id: 1 }),
      }),
    )
    expect(gone.status).toBe(404)
    expect(await live.run('simulate', 'press', 'o:1:cash')).toEqual({
      code: 1,
      output: 'No webhook here: set TELEGRAM_BOT_TOKEN, or run the shop in demo mode (SHOP_MODE=demo).',
    })
    expect((await live.run('simulate', 'wave')).code).toBe(2)
  })

  it('`simulate webapp` gives a Mini App address the demo shop signs in with, once the contact is shared', async () => {
    const { api, run } = shop(demo())
    const signIn = async (initData: string) => {
      const res = await api.fetch(
        new Request('http://localhost/api/v1/auth/telegram/webapp/', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ init_data: initData }),
        }),
      )
      return { status: res.status, body: (await res.json()) as { token: unknown; lang: string } }
    }
    const printed = await run('simulate', 'webapp', '--from', '8800001', '--lang', 'uz-Cyrl')
    expect(printed.code).toBe(0)
    const url = new URL(printed.output.split('\n')[0] ?? '')
    expect(`${url.origin}${url.pathname}`).toBe(`http://127.0.0.1:${t.config.PORT}/telegram`)
    const initData = new URLSearchParams(url.hash.slice(1)).get('tgWebAppData') ?? ''
    expect(await signIn(initData)).toEqual({ status: 200, body: { token: null, lang: 'uz' } })

    const shared = await run('simulate', 'contact', '+998901112233', '--from', '8800001')
    expect(shared.output).toContain('+998901112233')
    const answer = await signIn(initData)
    expect(answer.status).toBe(200)
    expect(answer.body.token).toEqual({ access: expect.any(String), refresh: expect.any(String) })
    // Once.
    expect((await signIn(initData)).status).toBe(401)

    // A live shop without a bot has no Mini App to sign in to.
    const live = shop({ ...demo(), SHOP_MODE: 'live' })
    expect((await live.run('simulate', 'webapp')).code).toBe(1)
  })
})
