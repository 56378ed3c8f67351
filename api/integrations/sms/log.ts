import { appendFileSync, mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { logger } from '../../log.ts'
import type { SmsProvider } from './provider.ts'

/**
 * The offline default: each message becomes one JSON line
 * `{"to": "+998…", "text": "…", "at": "ISO time"}` in the outbox file
 * (DATA_DIR/sms-outbox.jsonl), where developers and end-to-end tests read the
 * codes. The log only says a message was written, to a masked number: the
 * text carries the code, which no log line ever has.
 *
 * The line is written synchronously, before `send` returns its promise, so a
 * caller that does not await still leaves the message in the outbox.
 */
export function logSmsProvider(options: { outbox: string; now?: () => Date }): SmsProvider {
  const now = options.now ?? (() => new Date())
  return {
    name: 'log',
    async send({ to, text }) {
      const line = JSON.stringify({ to, text, at: now().toISOString() })
      mkdirSync(dirname(options.outbox), { recursive: true })
      appendFileSync(options.outbox, `${line}\n`)
      logger().info({ to }, 'sms: written to the outbox')
    },
  }
}
