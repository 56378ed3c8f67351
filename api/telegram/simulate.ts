import { existsSync, readFileSync } from 'node:fs'
import type { Arguments } from '../command-line.ts'
import type { Config } from '../config.ts'
import { telegramOutboxPath } from '../integrations/telegram/index.ts'
import { simulatedMiniAppUrl } from './simulate-webapp.ts'
import type { WebhookReply } from './update-schema.ts'
import { webhookSecret } from './webhook-secret.ts'

/** The made-up Telegram account a simulated update comes from, unless `--from` names another. */
export const SIMULATED_USER = 1000001

export const simulateUsage = [
  'npm run telegram -- simulate start <code> [--from <telegram user id>]',
  '  sends `/start <code>`: links the staff member or customer whose "Link Telegram" gave the code',
  'npm run telegram -- simulate say "<message>" [--from <telegram user id>]',
  "  sends a message to the bot in the user's private chat, e.g. /orders or /stop",
  'npm run telegram -- simulate press <button data> [--from <id>] [--chat <chat id>] [--message <message id>]',
  '  presses a button of an order message (its data, e.g. o:12:s:4:3), in the staff chat unless --chat',
  'npm run telegram -- simulate webapp [--from <telegram user id>] [--lang uz|uz-Cyrl|ru] [--url <shop address>]',
  "  prints the shop's Mini App address with initData signed for that user (valid a day, once): open it",
  'npm run telegram -- simulate contact <phone> [--from <telegram user id>]',
  '  shares the user\'s own phone with the bot, as the Mini App\'s "Share my number" does: links their account',
  'npm run telegram -- simulate buttons',
  '  the buttons of the last messages written to DATA_DIR/telegram-outbox.jsonl, with their data',
  "  --lang uz|ru: the Telegram app's language (default ru); --url: the webhook to call",
  '  (default http://127.0.0.1:PORT/api/v1/telegram/webhook/)',
]

/** The options of `simulate` (api/command-line.ts). */
export const simulateOptions = {
  from: { type: 'string' },
  chat: { type: 'string' },
  message: { type: 'string' },
  lang: { type: 'string' },
  url: { type: 'string' },
} as const

type SimulateArguments = Arguments<typeof simulateOptions>

/** Where `simulate` sends its update: the running shop's webhook, unless --url names another. */
export const simulatedWebhook = (values: SimulateArguments['values'], config: Pick<Config, 'PORT'>) =>
  values.url ?? `http://127.0.0.1:${config.PORT}/api/v1/telegram/webhook/`

type SimulateIo = {
  config: Config
  print: (line: string) => void
  /** The HTTP client; tests pass the API itself. */
  fetch?: (request: Request) => Promise<Response>
}

let counter = 0
/** An `update_id` and `message_id` of a simulated update: rising, like Telegram's. */
const nextId = () => Math.floor(Date.now() / 1000) * 100 + (counter++ % 100)

/**
 * `npm run telegram -- simulate …`: what Telegram would post to the webhook
 * for a message or a button press, sent to the running shop with the
 * webhook's secret header, and the shop's answer printed. A demo shop has a
 * webhook secret without any bot (webhook-secret.ts), so the bot can be tried
 * with no Telegram at all; the messages the shop sends later (order news,
 * edits of staff messages) are in DATA_DIR/telegram-outbox.jsonl. Returns the
 * exit code.
 */
export async function runSimulate({ positionals, values }: SimulateArguments, io: SimulateIo): Promise<number> {
  const { config, print } = io
  const usage = () => {
    for (const line of simulateUsage) print(line)
    return 2
  }
  const [kind, ...rest] = positionals
  if (kind === 'buttons') return listButtons(config, print)
  const value = rest.join(' ').trim()
  const from = Number(values.from ?? SIMULATED_USER)
  if (!Number.isSafeInteger(from) || from < 1) return usage()
  const languageCode = ['uz', 'uz-Cyrl'].includes(values.lang ?? '') ? (values.lang as string) : 'ru'
  if (kind === 'webapp') return printMiniAppUrl(config, print, { id: from, languageCode, url: values.url })
  if (!['start', 'say', 'press', 'contact'].includes(kind ?? '') || !value) return usage()
  const secret = webhookSecret(config)
  if (!secret) {
    print('No webhook here: set TELEGRAM_BOT_TOKEN, or run the shop in demo mode (SHOP_MODE=demo).')
    return 1
  }
  if (config.sessionSecretSource === 'new') {
    print(`The shop has no session secret yet (SESSION_SECRET unset, none in ${config.dataDir}): start it once first.`)
    return 1
  }
  // Telegram's app languages: its `uz` is Latin script (the bot reads it as `sr`).
  const user = { id: from, is_bot: false, first_name: 'Simulated', language_code: languageCode }
  const now = Math.floor(Date.now() / 1000)
  let update: object
  if (kind === 'press') {
    // Under a message of the staff chat unless told otherwise (the outbox has no Telegram message ids).
    const chat = Number(values.chat ?? (config.TELEGRAM_CHAT_ID || -1))
    if (!Number.isSafeInteger(chat) || chat === 0) return usage()
    update = {
      update_id: nextId(),
      callback_query: {
        id: `simulated-${nextId()}`,
        from: user,
        chat_instance: 'simulated',
        message: {
          message_id: Number(values.message ?? 1),
          date: now,
          chat: { id: chat, type: chat === from ? 'private' : 'supergroup' },
        },
        data: value,
      },
    }
  } else if (kind === 'contact') {
    // The user's own contact, as Telegram sends it after requestContact: `user_id` is the sender.
    const contact = { phone_number: value.replace(/^\+/, ''), first_name: user.first_name, user_id: from }
    update = {
      update_id: nextId(),
      message: { message_id: nextId(), date: now, chat: { id: from, type: 'private' }, from: user, contact },
    }
  } else {
    const text = kind === 'start' ? `/start ${value}` : value
    update = {
      update_id: nextId(),
      message: { message_id: nextId(), date: now, chat: { id: from, type: 'private' }, from: user, text },
    }
  }
  const url = simulatedWebhook(values, config)
  const response = await (io.fetch ?? fetch)(
    new Request(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Telegram-Bot-Api-Secret-Token': secret },
      body: JSON.stringify(update),
    }),
  )
  const body = (await response.json().catch(() => ({}))) as WebhookReply & { detail?: string }
  if (!response.ok) {
    print(`The shop answered ${response.status}: ${body.detail ?? response.statusText}`)
    return 1
  }
  print(replyLine(body))
  if (kind === 'press') print(`An edited message, if any, is in ${telegramOutboxPath(config)}.`)
  return 0
}

/** What the bot answered, as a person reads it. */
function replyLine(reply: WebhookReply): string {
  if ('method' in reply && reply.method === 'sendMessage') return `The bot replies: ${reply.text}`
  if ('method' in reply && reply.method === 'answerCallbackQuery') return `The bot's pop-up: ${reply.text || '(none)'}`
  return 'The bot does not reply.'
}

type OutboxLine = { chat?: string; text?: string; edit?: number; buttons?: { text: string; data?: string }[][] }

/** The buttons of the last few messages in the offline outbox (demo: no bot token), newest last. */
function listButtons(config: Config, print: (line: string) => void): number {
  const file = telegramOutboxPath(config)
  const lines = existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : []
  const messages = lines
    .map((line) => JSON.parse(line) as OutboxLine)
    .filter((m) => m.buttons?.some((row) => row.some((b) => b.data)))
    .slice(-5)
  if (!messages.length) {
    print(`No message with buttons in ${file} yet: place an order (cash, or pay it in the sandbox).`)
    return 1
  }
  for (const m of messages) {
    print(`${m.edit ? '(edited) ' : ''}${(m.text ?? '').split('\n')[0]}`)
    for (const b of m.buttons!.flat()) if (b.data) print(`  ${b.text}  →  npm run telegram -- simulate press ${b.data}`)
  }
  return 0
}

/** `simulate webapp`: the Mini App's local address with a fresh signed initData, as the menu button opens it. */
function printMiniAppUrl(
  config: Config,
  print: (line: string) => void,
  who: { id: number; languageCode: string; url?: string },
): number {
  if (config.sessionSecretSource === 'new') {
    print(`The shop has no session secret yet (SESSION_SECRET unset, none in ${config.dataDir}): start it once first.`)
    return 1
  }
  const user = { id: who.id, first_name: 'Simulated', last_name: 'Shopper', language_code: who.languageCode }
  const url = simulatedMiniAppUrl(config, user, new Date(), who.url)
  if (!url) {
    print('No Mini App here: set TELEGRAM_BOT_TOKEN, or run the shop in demo mode (SHOP_MODE=demo).')
    return 1
  }
  print(url)
  print(
    `Open it in a browser while the shop runs: Telegram user ${who.id} signs in (once; run the command again for a new one).`,
  )
  print(`Not linked yet? npm run telegram -- simulate contact +998901234567 --from ${who.id}, then open it again.`)
  return 0
}
