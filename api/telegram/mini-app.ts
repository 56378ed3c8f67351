import type { Config } from '../config.ts'

/** The storefront's path the bot's menu button and `/shop` open: it signs the shopper in from Telegram. */
export const MINI_APP_PATH = '/telegram'

/** The Mini App's address: TELEGRAM_WEBAPP_URL, else PUBLIC_URL's; null when the shop has neither. */
export function miniAppUrl(config: Pick<Config, 'TELEGRAM_WEBAPP_URL' | 'PUBLIC_URL'>): string | null {
  if (config.TELEGRAM_WEBAPP_URL) return config.TELEGRAM_WEBAPP_URL
  return config.PUBLIC_URL ? new URL(MINI_APP_PATH, config.PUBLIC_URL).toString() : null
}

/** Telegram opens Mini Apps over HTTPS only: a button to anything else would be refused with the whole message. */
export const telegramCanOpen = (url: string | null): url is string => Boolean(url?.startsWith('https://'))
