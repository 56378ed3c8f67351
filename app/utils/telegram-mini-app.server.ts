import { createCookie } from 'react-router'
import { getConfig, loginWidgetBot } from '#api/config.ts'
import { secureCookies } from './cookie-session.server.ts'

/** The Mini App's address, as the bot's button opens it (api/telegram/mini-app.ts). */
export const MINI_APP_PATH = '/telegram'

/**
 * The mark of a page opened inside Telegram (the Mini App): set when the
 * bot's button opened the shop's Mini App path (app/routes/telegram.tsx), for
 * as long as that window lives. Only with it does a page load Telegram's
 * script and take Telegram's colours and buttons; a browser never gets it.
 */
/** The cookie a Mini App's pages carry (the page cache renders those pages for the request: they load Telegram's script). */
export const MINI_APP_COOKIE = 'atir_tg'
const miniAppCookie = createCookie(MINI_APP_COOKIE, { path: '/', sameSite: 'lax', httpOnly: true })

export async function isMiniApp(request: Request): Promise<boolean> {
  return (await miniAppCookie.parse(request.headers.get('cookie'))) === 1
}

/** The Set-Cookie header that marks this window as the Mini App. */
export const markMiniApp = (request: Request) => miniAppCookie.serialize(1, { secure: secureCookies(request) })

/** The bot whose Login Widget the sign-in page shows (TELEGRAM_LOGIN_WIDGET), or null. */
export const loginWidgetBotName = () => loginWidgetBot(getConfig())?.username ?? null
