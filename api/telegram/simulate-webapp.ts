import { createHmac, randomBytes } from 'node:crypto'
import { signInBotToken } from '../auth/telegram-webapp.ts'
import type { Config } from '../config.ts'
import { MINI_APP_PATH } from './mini-app.ts'

/** The Telegram user of a simulated Mini App: what Telegram puts in `initData`'s `user`. */
export type SimulatedUser = { id: number; first_name: string; last_name?: string; language_code: string }

/**
 * `initData` as Telegram signs it for `botToken`
 * (core.telegram.org/bots/webapps#validating-data-received-via-the-mini-app):
 * the fields, then `hash` = HMAC-SHA-256 of their sorted `key=value` lines
 * under HMAC-SHA-256("WebAppData", token). `authDate` in seconds.
 */
export function signInitData(user: SimulatedUser, botToken: string, authDate: number): string {
  const fields = new URLSearchParams({
    query_id: `AA${randomBytes(12).toString('base64url')}`,
    user: JSON.stringify(user),
    auth_date: String(authDate),
  })
  const check = [...fields]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([key, value]) => `${key}=${value}`)
    .join('\n')
  const key = createHmac('sha256', 'WebAppData').update(botToken).digest()
  fields.set('hash', createHmac('sha256', key).update(check).digest('hex'))
  return fields.toString()
}

/** Telegram's day theme (themeParams), so the simulated Mini App looks as it does in the app. */
const simulatedTheme = {
  bg_color: '#ffffff',
  text_color: '#000000',
  hint_color: '#999999',
  link_color: '#2481cc',
  button_color: '#2481cc',
  button_text_color: '#ffffff',
  secondary_bg_color: '#efeff3',
}

/**
 * The address Telegram opens for the bot's menu button, on the running shop:
 * the Mini App's path with its launch parameters in the hash (`tgWebAppData`
 * the signed initData, the version, platform and theme), as Telegram's apps
 * pass them to telegram-web-app.js. Signed with the demo bot's token (or the
 * real bot's, when the shop has one), valid for a day and once.
 */
export function simulatedMiniAppUrl(
  config: Pick<Config, 'PORT' | 'TELEGRAM_BOT_TOKEN' | 'SHOP_MODE' | 'sessionSecret'>,
  user: SimulatedUser,
  now: Date,
  base = `http://127.0.0.1:${config.PORT}`,
): string | null {
  const token = signInBotToken(config)
  if (!token) return null
  const launch = new URLSearchParams({
    tgWebAppData: signInitData(user, token, Math.floor(now.getTime() / 1000)),
    tgWebAppVersion: '8.0',
    tgWebAppPlatform: 'tdesktop',
    tgWebAppThemeParams: JSON.stringify(simulatedTheme),
  })
  return `${new URL(MINI_APP_PATH, base)}#${launch}`
}
