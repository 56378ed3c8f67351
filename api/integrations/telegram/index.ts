import { join } from 'node:path'
import type { Config } from '../../config.ts'
import { telegramBotSender } from './bot.ts'
import { logTelegramSender } from './log.ts'
import type { TelegramSender } from './provider.ts'

export { telegramBotSender } from './bot.ts'
export { logTelegramSender } from './log.ts'
export {
  inlineKeyboard,
  type TelegramButton,
  type TelegramMessage,
  TelegramRefusal,
  type TelegramSender,
} from './provider.ts'

/** Where the offline sender writes: one JSON line per message. */
export const telegramOutboxPath = (config: Pick<Config, 'dataDir'>) => join(config.dataDir, 'telegram-outbox.jsonl')

/** The bot when TELEGRAM_BOT_TOKEN is set, else the outbox file. */
export function createTelegramSender(config: Config, now: () => Date = () => new Date()): TelegramSender {
  if (config.TELEGRAM_BOT_TOKEN)
    return telegramBotSender({ token: config.TELEGRAM_BOT_TOKEN, timeoutMs: config.SMS_TIMEOUT_MS })
  return logTelegramSender({ outbox: telegramOutboxPath(config), now })
}
