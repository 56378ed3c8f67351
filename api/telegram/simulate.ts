import { parseArgs } from 'node:util'
import type { Config } from '../config.ts'
import type { WebhookReply } from './update-schema.ts'
import { webhookSecret } from './webhook-secret.ts'

export const simulateUsage = [
  'npm run telegram -- simulate --from <telegram user id> "<message>"   e.g. "/start <code>", /orders, /stop',
  'npm run telegram -- simulate --from <id> --press <button data> [--chat <chat id>] [--message <message id>]',
  '  posts the update to the running shop (--url, default http://127.0.0.1:PORT/api/v1/telegram/webhook/)',
  '  as Telegram would, with the webhook secret, and prints the reply; --lang uz|ru is the Telegram app language',
]

/** A Telegram user the simulation speaks as: a positive id, its app language (`uz` or `ru`). */
type SimulatedUser = { id: number; lang: string }

let counter = 0
/** An `update_id` and `message_id` of a simulated update: rising, like Telegram's. */
const nextId = () => Math.floor(Date.now() / 1000) * 100 + (counter++ % 100)

/** The Update Telegram would post for `text` sent by `user` in chat `chatId` (their private chat by default). */
export function messageUpdate(user: SimulatedUser, text: string, chatId = user.id) {
  return {
    update_id: nextId(),
    message: {
      message_id: nextId(),
      date: Math.floor(Date.now() / 1000),
      chat: chatId === user.id ? { id: chatId, type: 'private' } : { id: chatId, type: 'supergroup' },
      from: { id: user.id, is_bot: false, first_name: 'Simulated', language_code: user.lang },
      text,
    },
  }
}

/** The Update of `user` pressing the button carrying `data` under message `messageId` of chat `chatId`. */
export function pressUpdate(user: SimulatedUser, data: string, chatId: number, messageId: number) {
  return {
    update_id: nextId(),
    callback_query: {
      id: String(nextId()),
      from: { id: user.id, is_bot: false, first_name: 'Simulated', language_code: user.lang },
      chat_instance: 'simulated',
      message: { message_id: messageId, date: Math.floor(Date.now() / 1000), chat: { id: chatId, type: 'supergroup' } },
      data,
    },
  }
}

/** What the bot answered, as a person reads it. */
export function replyLines(reply: WebhookReply): string[] {
  if ('method' in reply && reply.method === 'sendMessage') return [`bot → ${reply.chat_id}:`, reply.text]
  if ('method' in reply && reply.method === 'answerCallbackQuery')
    return [`bot (pop-up${reply.show_alert ? '' : ', brief'}): ${reply.text || '(none)'}`]
  return ['bot: (no reply)']
}

/**
 * `npm run telegram -- simulate …`: stands in for Telegram on a shop that
 * has no bot (demo) or that cannot be reached from Telegram: posts one update
 * to the running shop's webhook with the secret it checks and prints the
 * reply. Messages the shop sends later (order news, reports) go to
 * DATA_DIR/telegram-outbox.jsonl without a bot token. Returns the exit code.
 */
export async function runSimulate(
  args: string[],
  options: { config: Config; print: (line: string) => void; fetch?: typeof fetch },
): Promise<number> {
  const { config, print } = options
  const usage = () => {
    for (const line of simulateUsage) print(line)
    return 1
  }
  let parsed: ReturnType<typeof parse>
  try {
    parsed = parse(args)
  } catch (error) {
    print((error as Error).message)
    return usage()
  }
  const { values, positionals } = parsed
  const from = Number(values.from)
  const text = positionals.join(' ').trim()
  if (!Number.isSafeInteger(from) || from <= 0 || (!values.press && !text)) return usage()
  const secret = webhookSecret(config)
  if (!secret) {
    print('The webhook is closed: a live shop without TELEGRAM_BOT_TOKEN hears no updates.')
    return 1
  }
  if (config.sessionSecretSource === 'new') {
    print(`The shop has no session secret yet (SESSION_SECRET unset, none in ${config.dataDir}): start it once first.`)
    return 1
  }
  // Telegram's app languages: its `uz` is Latin script (the bot reads it as `sr`).
  const user = { id: from, lang: values.lang === 'uz' ? 'uz' : 'ru' }
  // A press happens in the staff chat unless told otherwise; a message in the sender's private chat.
  const chat = Number(values.chat ?? (values.press ? (config.TELEGRAM_CHAT_ID ?? from) : from))
  if (!Number.isSafeInteger(chat) || chat === 0) return usage()
  const update = values.press
    ? pressUpdate(user, values.press, chat, Number(values.message ?? 1))
    : messageUpdate(user, text, chat)
  const url = values.url ?? `http://127.0.0.1:${config.PORT}/api/v1/telegram/webhook/`
  const response = await (options.fetch ?? fetch)(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Telegram-Bot-Api-Secret-Token': secret },
    body: JSON.stringify(update),
  })
  const body = (await response.json().catch(() => ({}))) as WebhookReply & { detail?: string }
  if (!response.ok) {
    print(`The shop answered ${response.status}: ${body.detail ?? response.statusText}`)
    return 1
  }
  for (const line of replyLines(body)) print(line)
  return 0
}

function parse(args: string[]) {
  return parseArgs({
    args,
    allowPositionals: true,
    options: {
      from: { type: 'string' },
      chat: { type: 'string' },
      message: { type: 'string' },
      press: { type: 'string' },
      lang: { type: 'string' },
      url: { type: 'string' },
    },
  })
}
