import { appendFileSync, mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { logger } from '../../log.ts'
import type { TelegramSender } from './provider.ts'

/**
 * The offline default (no TELEGRAM_BOT_TOKEN): each message becomes one JSON
 * line `{"chat": "…", "text": "…", "buttons": […], "at": "ISO time"}` in
 * DATA_DIR/telegram-outbox.jsonl, like the SMS log, and a short line in the log.
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
      write({ chat: chatId, text, ...(buttons?.length ? { buttons } : {}) })
    },
    // An edit is a line of its own, naming the message it replaces.
    async edit({ chatId, messageId, text, buttons }) {
      write({ chat: chatId, edit: messageId, text, ...(buttons?.length ? { buttons } : {}) })
    },
  }
}
