import { timingSafeEqual } from 'node:crypto'
import { deriveKey, sha256 } from '../auth/crypto.ts'
import type { Config } from '../config.ts'

/**
 * The `secret_token` given to Telegram's setWebhook, which Telegram sends
 * back in `X-Telegram-Bot-Api-Secret-Token` on every update: derived from
 * SESSION_SECRET and the bot token, so nothing more is configured and a new
 * token (or secret) means a new webhook secret. 43 characters of [A-Za-z0-9_-].
 *
 * A demo shop without a bot has one too (from SESSION_SECRET alone), so its
 * buttons can be pressed locally (`npm run telegram -- simulate`); a live shop
 * without a bot has none, and its webhook answers 404.
 */
export function webhookSecret(
  config: Pick<Config, 'sessionSecret' | 'TELEGRAM_BOT_TOKEN' | 'SHOP_MODE'>,
): string | null {
  const purpose = config.TELEGRAM_BOT_TOKEN
    ? `telegram-webhook:${config.TELEGRAM_BOT_TOKEN}`
    : config.SHOP_MODE === 'demo'
      ? 'telegram-webhook-demo'
      : null
  return purpose && deriveKey(config.sessionSecret, purpose).toString('base64url')
}

/** Whether customers can link Telegram: the bot's @username for the deep link and a webhook to hear `/start`. */
export const customerTelegramReady = (
  config: Pick<Config, 'sessionSecret' | 'TELEGRAM_BOT_TOKEN' | 'TELEGRAM_BOT_USERNAME' | 'SHOP_MODE'>,
) => Boolean(config.TELEGRAM_BOT_USERNAME && webhookSecret(config))

/** Whether `sent` is the webhook secret; compared as equal-length digests in constant time. */
export function isWebhookSecret(expected: string, sent: string | undefined): boolean {
  return timingSafeEqual(Buffer.from(sha256(sent ?? ''), 'hex'), Buffer.from(sha256(expected), 'hex'))
}
