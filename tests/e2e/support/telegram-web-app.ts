import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import type { Page } from '@playwright/test'

// Telegram's app around the shop, for specs: telegram.org cannot be reached
// here, so its telegram-web-app.js is answered with this stand-in, which
// keeps window.Telegram.WebApp's documented interface
// (core.telegram.org/bots/webapps#initializing-mini-apps): the launch
// parameters from the URL's hash (kept for the window's later pages, as
// Telegram's does), the theme, and the Back and Main buttons drawn as a
// toolbar named "Telegram" that a test presses like the shopper would.
// requestContact sends the user's own contact to the bot, as Telegram does.

const root = fileURLToPath(new URL('../../..', import.meta.url))

/** `npm run telegram -- simulate …` against the e2e shop; its output. */
export async function simulateTelegram(args: string[]) {
  const { stdout } = await promisify(execFile)(process.execPath, ['api/telegram/cli.ts', 'simulate', ...args], {
    cwd: root,
    env: { ...process.env, PORT: process.env.E2E_PORT, DATA_DIR: `tests/.tmp/e2e-data-${process.env.E2E_PORT}` },
  })
  return stdout
}

const webAppScript = `(() => {
  const stored = JSON.parse(sessionStorage.getItem('simulated-telegram') || '{}')
  const launch = new URLSearchParams(location.hash.slice(1))
  const params = launch.get('tgWebAppData') ? Object.fromEntries(launch) : stored
  sessionStorage.setItem('simulated-telegram', JSON.stringify(params))
  const themeParams = JSON.parse(params.tgWebAppThemeParams || '{}')
  for (const [name, value] of Object.entries(themeParams))
    document.documentElement.style.setProperty('--tg-theme-' + name.replaceAll('_', '-'), value)

  const toolbar = document.createElement('div')
  toolbar.setAttribute('role', 'toolbar')
  toolbar.setAttribute('aria-label', 'Telegram')
  const button = (label) => {
    const element = document.createElement('button')
    element.type = 'button'
    element.hidden = true
    element.textContent = label
    toolbar.append(element)
    const handlers = new Set()
    element.addEventListener('click', () => handlers.forEach((handler) => handler()))
    return {
      element,
      show() { element.hidden = false },
      hide() { element.hidden = true },
      onClick(handler) { handlers.add(handler) },
      offClick(handler) { handlers.delete(handler) },
    }
  }
  const BackButton = button('Назад (Telegram)')
  const main = button('')
  const MainButton = Object.assign(main, {
    setText(text) { main.element.textContent = text },
    enable() { main.element.disabled = false },
    disable() { main.element.disabled = true },
  })
  addEventListener('DOMContentLoaded', () => document.body.append(toolbar))
  window.Telegram = {
    WebApp: {
      initData: params.tgWebAppData || '',
      themeParams,
      ready() { document.documentElement.dataset.telegramReady = '' },
      expand() {},
      onEvent() {},
      offEvent() {},
      requestContact(callback) {
        window.simulatedTelegramShareContact().then(() => callback(true))
      },
      BackButton,
      MainButton,
    },
  }
})()`

/**
 * The page as Telegram's app: its script answered with the stand-in, and
 * sharing the contact sends `phone` to the bot as Telegram user `from`.
 * `open(url)` opens the Mini App's address from `simulate webapp` as the
 * menu button would.
 */
export async function insideTelegram(page: Page, contact: { from: number; phone: string }) {
  await page.route('https://telegram.org/js/telegram-web-app.js', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: webAppScript }),
  )
  await page.exposeFunction('simulatedTelegramShareContact', () =>
    simulateTelegram(['contact', contact.phone, '--from', String(contact.from)]),
  )
  return {
    // The address names the shop as the command saw it; the browser reaches the same shop through baseURL.
    open: async (url: string) => {
      const address = new URL(url)
      await page.goto(`${address.pathname}${address.hash}`)
    },
  }
}

/** The toolbar the stand-in draws for Telegram's own buttons. */
export const telegramBar = (page: Page) => page.getByRole('toolbar', { name: 'Telegram' })
