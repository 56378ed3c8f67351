import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { logger } from '../../log.ts'
import type { TelegramSender } from './provider.ts'

/**
 * The offline default (no TELEGRAM_BOT_TOKEN): each message becomes one JSON
 * line `{"chat": "…", "text": "…", "buttons": […], "at": "ISO time"}` in
 * DATA_DIR/telegram-outbox.jsonl, like the SMS log, and a short line in the log.
 * A message's id is its line number in the file, so an edit names the line it replaces.
 */
export function logTelegramSender(options: { outbox: string; now?: () => Date }): TelegramSender {
  const now = options.now ?? (() => new Date())
  const write = (entry: Record<string, unknown>) => {
    const line = JSON.stringify({ ...entry, at: now().toISOString() })
    mkdirSync(dirname(options.outbox), { recursive: true })
    appendFileSync(options.outbox, `${line}\n`)
    // Staff messages name customers and phones: the log only says one was written.
    logger().info({ chat: entry.chat }, 'telegram: written to the outbox')
  }
  return {
    name: 'log',
    async send({ chatId, text, buttons }) {
      const messageId = lineCount(options.outbox) + 1
      write({ chat: chatId, id: messageId, text, ...(buttons?.length ? { buttons } : {}) })
      return { messageId }
    },
    // An edit is a line of its own, naming the message it replaces.
    async edit({ chatId, messageId, text, buttons }) {
      write({ chat: chatId, edit: messageId, text, ...(buttons?.length ? { buttons } : {}) })
    },
  }
}

const lineCount = (file: string) =>
  existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => line.length).length
    : 0
