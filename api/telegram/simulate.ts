import { existsSync, readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import type { Config } from '../config.ts'
import { telegramOutboxPath } from '../integrations/telegram/index.ts'
import { webhookSecret } from './webhook-secret.ts'

/** The made-up Telegram account a simulated update comes from, unless `--from` names another. */
export const SIMULATED_USER = 1000001

export const simulateUsage = [
  'npm run telegram -- simulate start <code> [--from <telegram user id>]',
  '  sends `/start <code>` as a Telegram user: links the account whose "Link Telegram" gave the code',
  'npm run telegram -- simulate press <button data> [--from <telegram user id>]',
  '  presses a button of an order message (its data, e.g. o:12:s:4:3) as that user',
  'npm run telegram -- simulate buttons',
  '  the buttons of the last messages written to DATA_DIR/telegram-outbox.jsonl, with their data',
  '  --url the webhook to call (default http://127.0.0.1:PORT/api/v1/telegram/webhook/)',
]

type SimulateIo = {
  config: Config
  print: (line: string) => void
  /** The HTTP client; tests pass the API itself. */
  fetch?: (request: Request) => Promise<Response>
}

/**
 * `npm run telegram -- simulate …`: what Telegram would post to the webhook
 * for a `/start` or a button press, sent to the running shop with the
 * webhook's secret header, and the shop's answer printed. A demo shop has a
 * webhook secret without any bot (webhook-secret.ts), so its buttons can be
 * tried with no Telegram at all; the messages themselves (and their edits)
 * are in DATA_DIR/telegram-outbox.jsonl. Returns the exit code.
 */
export async function runSimulate(args: string[], io: SimulateIo): Promise<number> {
  const { config, print } = io
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: { from: { type: 'string' }, url: { type: 'string' } },
  })
  const [kind, value] = positionals
  if (kind === 'buttons') return listButtons(config, print)
  const from = Number(values.from ?? SIMULATED_USER)
  if ((kind !== 'start' && kind !== 'press') || !value || !Number.isSafeInteger(from) || from < 1) {
    for (const line of simulateUsage) print(line)
    return 2
  }
  const secret = webhookSecret(config)
  if (!secret) {
    print('No webhook here: set TELEGRAM_BOT_TOKEN, or run the shop in demo mode (SHOP_MODE=demo).')
    return 1
  }
  const url = values.url ?? `http://127.0.0.1:${config.PORT}/api/v1/telegram/webhook/`
  const user = { id: from, is_bot: false, first_name: 'Simulated', language_code: 'ru' }
  const updateId = Math.floor(Date.now() / 1000)
  const update =
    kind === 'start'
      ? {
          update_id: updateId,
          message: {
            message_id: updateId,
            date: updateId,
            chat: { id: from, type: 'private' },
            from: user,
            text: `/start ${value}`,
          },
        }
      : {
          update_id: updateId,
          callback_query: {
            id: `simulated-${updateId}`,
            from: user,
            chat_instance: 'simulated',
            // The staff chat's message the button was under (the outbox's `chat`; no Telegram message id here).
            message: {
              message_id: 1,
              date: updateId,
              chat: { id: Number(config.TELEGRAM_CHAT_ID) || -1, type: 'supergroup' },
            },
            data: value,
          },
        }
  const send = io.fetch ?? fetch
  const response = await send(
    new Request(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Telegram-Bot-Api-Secret-Token': secret },
      body: JSON.stringify(update),
    }),
  )
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>
  if (!response.ok) {
    print(`The shop answered ${response.status}: ${String(body.detail ?? '')}`)
    return 1
  }
  if (body.method === 'sendMessage') print(`The bot replies: ${String(body.text)}`)
  else if (body.method === 'answerCallbackQuery') print(`The bot's pop-up: ${String(body.text) || '(none)'}`)
  else print('The bot does not reply.')
  if (kind === 'press') print(`An edited message, if any, is in ${telegramOutboxPath(config)}.`)
  return 0
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
