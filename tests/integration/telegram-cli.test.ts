import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { parseConfig } from '#api/config.ts'
import { runTelegramCommand } from '#api/telegram/commands.ts'
import { webhookSecret } from '#api/telegram/webhook-secret.ts'
import { externalServices } from './support/msw.ts'

// `npm run telegram -- webhook`: setWebhook with the secret the webhook checks, through an msw double of the Bot API.

const token = '123456:TEST-cli-token'
const bot = `https://api.telegram.org/bot${token}`
const server = externalServices()

const config = (env: Record<string, string> = {}) =>
  parseConfig({ SESSION_SECRET: 's'.repeat(40), TELEGRAM_BOT_TOKEN: token, DATA_DIR: '/tmp/atir-cli-test', ...env })

async function run(args: string[], env?: Record<string, string>) {
  const lines: string[] = []
  const code = await runTelegramCommand(args, { config: config(env), print: (line) => lines.push(line) })
  return { code, lines }
}

describe('npm run telegram', () => {
  it('sets the webhook at PUBLIC_URL with the derived secret and the updates the bot reads, and the Mini App menu button', async () => {
    const calls: Record<string, unknown>[] = []
    const menu: Record<string, unknown>[] = []
    server.use(
      http.post(`${bot}/setWebhook`, async ({ request }) => {
        calls.push((await request.json()) as Record<string, unknown>)
        return HttpResponse.json({ ok: true, result: true })
      }),
      http.post(`${bot}/setChatMenuButton`, async ({ request }) => {
        menu.push((await request.json()) as Record<string, unknown>)
        return HttpResponse.json({ ok: true, result: true })
      }),
    )
    const { code, lines } = await run(['webhook'], { PUBLIC_URL: 'https://atir.example' })
    expect(code).toBe(0)
    expect(calls).toEqual([
      {
        url: 'https://atir.example/api/v1/telegram/webhook/',
        secret_token: webhookSecret(config()),
        allowed_updates: ['message', 'callback_query'],
      },
    ])
    expect(menu).toEqual([
      { menu_button: { type: 'web_app', text: 'Магазин', web_app: { url: 'https://atir.example/telegram' } } },
    ])
    expect(lines).toEqual([
      'webhook set: https://atir.example/api/v1/telegram/webhook/',
      'menu button "Магазин" opens https://atir.example/telegram',
    ])

    // TELEGRAM_WEBAPP_URL names another address for the Mini App.
    menu.length = 0
    await run(['webhook'], {
      PUBLIC_URL: 'https://atir.example',
      TELEGRAM_WEBAPP_URL: 'https://m.atir.example/telegram',
    })
    expect(menu).toEqual([
      { menu_button: { type: 'web_app', text: 'Магазин', web_app: { url: 'https://m.atir.example/telegram' } } },
    ])
  })

  it('refuses without a token or an https address, and reports Telegram refusing', async () => {
    expect((await run(['webhook'], { TELEGRAM_BOT_TOKEN: '' })).code).toBe(1)
    const plain = await run(['webhook'], { PUBLIC_URL: 'http://localhost:3000' })
    expect(plain.code).toBe(1)
    expect(plain.lines[0]).toMatch(/https/)
    server.use(
      http.post(`${bot}/setWebhook`, () =>
        HttpResponse.json({ ok: false, error_code: 400, description: 'Bad Request: bad webhook' }, { status: 400 }),
      ),
    )
    await expect(run(['webhook', '--url', 'https://x.example/api/v1/telegram/webhook/'])).rejects.toThrow(/bad webhook/)
  })

  it('prints the bot username and the webhook state', async () => {
    server.use(
      http.post(`${bot}/getMe`, () =>
        HttpResponse.json({ ok: true, result: { id: 1, is_bot: true, first_name: 'Atir', username: 'atir_bot' } }),
      ),
      http.post(`${bot}/getWebhookInfo`, () =>
        HttpResponse.json({
          ok: true,
          result: {
            url: 'https://atir.example/api/v1/telegram/webhook/',
            pending_update_count: 2,
            has_custom_certificate: false,
          },
        }),
      ),
    )
    const { code, lines } = await run(['info'])
    expect(code).toBe(0)
    expect(lines).toEqual([
      'bot: @atir_bot (TELEGRAM_BOT_USERNAME=atir_bot)',
      'webhook: https://atir.example/api/v1/telegram/webhook/; pending updates: 2',
    ])
  })

  it('refuses to set the webhook before the shop has a session secret, and makes none', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'atir-telegram-cli-'))
    try {
      const lines: string[] = []
      const config = parseConfig({ TELEGRAM_BOT_TOKEN: token, DATA_DIR: folder, PUBLIC_URL: 'https://atir.example' })
      expect(await runTelegramCommand(['webhook'], { config, print: (line) => lines.push(line) })).toBe(1)
      expect(lines).toEqual([
        `The shop has no session secret yet (SESSION_SECRET is not set and ${folder} holds none): set SESSION_SECRET, or start the shop once first.`,
      ])
      expect(readdirSync(folder)).toEqual([])
    } finally {
      rmSync(folder, { recursive: true, force: true })
    }
  })
})
