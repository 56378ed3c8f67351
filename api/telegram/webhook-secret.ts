import { timingSafeEqual } from 'node:crypto'
import { deriveKey, sha256 } from '../auth/crypto.ts'
import type { Config } from '../config.ts'

/**
 * The `secret_token` given to Telegram's setWebhook, which Telegram sends
 * back in `X-Telegram-Bot-Api-Secret-Token` on every update: derived from
 * SESSION_SECRET and the bot token, so nothing more is configured and a new
 * token (or secret) means a new webhook secret. 43 characters of [A-Za-z0-9_-].
 */
export function webhookSecret(config: Pick<Config, 'sessionSecret' | 'TELEGRAM_BOT_TOKEN'>): string | null {
  if (!config.TELEGRAM_BOT_TOKEN) return null
  return deriveKey(config.sessionSecret, `telegram-webhook:${config.TELEGRAM_BOT_TOKEN}`).toString('base64url')
}

/** Whether `sent` is the webhook secret; compared as equal-length digests in constant time. */
export function isWebhookSecret(expected: string, sent: string | undefined): boolean {
  return timingSafeEqual(Buffer.from(sha256(sent ?? ''), 'hex'), Buffer.from(sha256(expected), 'hex'))
}
