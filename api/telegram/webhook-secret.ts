import { timingSafeEqual } from 'node:crypto'
import { deriveKey, sha256 } from '../auth/crypto.ts'
import type { Config } from '../config.ts'

/**
 * The `secret_token` given to Telegram's setWebhook, which Telegram sends
 * back in `X-Telegram-Bot-Api-Secret-Token` on every update: derived from
 * SESSION_SECRET and the bot token, so nothing more is configured and a new
 * token (or secret) means a new webhook secret. 43 characters of [A-Za-z0-9_-].
 * A demo shop without a bot has one of its own for `npm run telegram --
 * simulate`, which stands in for Telegram (simulate.ts); a live shop without
 * a bot has none (the webhook is then 404).
 */
export function webhookSecret(
  config: Pick<Config, 'sessionSecret' | 'TELEGRAM_BOT_TOKEN' | 'SHOP_MODE'>,
): string | null {
  if (config.TELEGRAM_BOT_TOKEN)
    return deriveKey(config.sessionSecret, `telegram-webhook:${config.TELEGRAM_BOT_TOKEN}`).toString('base64url')
  if (config.SHOP_MODE === 'demo')
    return deriveKey(config.sessionSecret, 'telegram-webhook:simulated').toString('base64url')
  return null
}

/** Whether customers can link Telegram: the bot's @username for the deep link and a webhook to hear `/start`. */
export const customerTelegramReady = (
  config: Pick<Config, 'sessionSecret' | 'TELEGRAM_BOT_TOKEN' | 'TELEGRAM_BOT_USERNAME' | 'SHOP_MODE'>,
) => Boolean(config.TELEGRAM_BOT_USERNAME && webhookSecret(config))

/** Whether `sent` is the webhook secret; compared as equal-length digests in constant time. */
export function isWebhookSecret(expected: string, sent: string | undefined): boolean {
  return timingSafeEqual(Buffer.from(sha256(sent ?? ''), 'hex'), Buffer.from(sha256(expected), 'hex'))
}
