/**
 * The part of Telegram's Mini App interface the shop uses: `window.Telegram.WebApp`
 * as telegram-web-app.js defines it (core.telegram.org/bots/webapps#initializing-mini-apps).
 */
export type TelegramButton = {
  show(): void
  hide(): void
  onClick(handler: () => void): void
  offClick(handler: () => void): void
}

export type TelegramMainButton = TelegramButton & {
  setText(text: string): void
  enable(): void
  disable(): void
}

export type TelegramWebApp = {
  initData: string
  themeParams: Record<string, string | undefined>
  ready(): void
  expand(): void
  onEvent(event: 'themeChanged', handler: () => void): void
  offEvent(event: 'themeChanged', handler: () => void): void
  requestContact(callback?: (shared: boolean) => void): void
  BackButton: TelegramButton
  MainButton: TelegramMainButton
}

/** The Mini App of this window, when the page runs inside Telegram. */
export const telegramWebApp = (): TelegramWebApp | null =>
  (globalThis as { Telegram?: { WebApp?: TelegramWebApp } }).Telegram?.WebApp ?? null

/** Telegram's script: loaded only inside the Mini App (the root's `telegram` flag). */
export const telegramScript = 'https://telegram.org/js/telegram-web-app.js'

/** Marks the one control of a page Telegram's Main button stands for; its value, when set, is the button's text. */
export const mainButtonAttribute = 'data-telegram-main-button'
