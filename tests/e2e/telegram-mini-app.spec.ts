import { expect, type Page, test } from '@playwright/test'
import { main, toasts, visit, watchErrors, withJs } from './support/page.ts'
import { insideTelegram, simulateTelegram, telegramBar } from './support/telegram-web-app.ts'

// The shop as a Telegram Mini App: the bot's menu button opens it (its address
// from `npm run telegram -- simulate webapp`, as docs/telegram.md tells a demo
// shop), the shopper shares their phone once and is signed in, Telegram's
// colours, its Back button through the shop's history, and the checkout
// finished with its Main button. Outside Telegram nothing of it is there.

const product = 'dior-sauvage-eau-de-parfum-100-ml'

/** A Telegram user new to the shop, and the Mini App address signed for them. */
async function newTelegramUser() {
  const from = (withJs() ? 3 : 4) * 100_000_000 + (Date.now() % 100_000_000)
  const output = await simulateTelegram(['webapp', '--from', String(from)])
  const url = output.split('\n').find((line) => line.startsWith('http://')) ?? ''
  expect(url).toMatch(/\/telegram#tgWebAppData=/)
  const phone = `+99890${String(Date.now() % 10_000_000).padStart(7, '0')}`
  return { from, url, phone }
}

const pageAlive = (page: Page) => page.waitForFunction(() => '__reactRouterDataRouter' in window)

test('inside Telegram the shopper shares their phone once, is signed in and checks out with the Main button', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const errors = watchErrors(page)
  const user = await newTelegramUser()
  const telegram = await insideTelegram(page, user)
  await telegram.open(user.url)

  if (!withJs()) {
    // Telegram's apps always run JavaScript: without it the page only says where it belongs, and signs no one in.
    await expect(main(page).getByText('Эта страница открывает магазин внутри Telegram')).toBeVisible()
    await visit(page, '/ru/profile')
    await expect(page).toHaveURL(/\/ru\/login\?redirectTo=/)
    return
  }

  // Unknown to the bot: it asks for the phone, once; then the same launch signs the shopper in.
  await expect(main(page).getByRole('heading', { level: 1, name: 'Вход через Telegram' })).toBeVisible()
  await pageAlive(page)
  await main(page).getByRole('button', { name: 'Поделиться номером' }).click()
  // Telegram sends the contact to the bot (here the simulate command, a process of its own), then the page asks.
  await expect(toasts(page).getByText('Вы вошли через Telegram')).toBeVisible({ timeout: 60_000 })
  await expect(page).toHaveURL(/\/ru\/$/)

  // Telegram's colours, only here; no Back button at home.
  await pageAlive(page)
  expect(await page.evaluate(() => document.documentElement.hasAttribute('data-telegram'))).toBe(true)
  const back = telegramBar(page).getByRole('button', { name: 'Назад (Telegram)' })
  await expect(back).toBeHidden()

  const brand = () => getComputedStyle(document.documentElement).getPropertyValue('--brand').trim()
  expect(await page.evaluate(brand)).toBe('#2481cc')

  await page.goto(`/ru/products/${product}`)
  await pageAlive(page)
  const title = (await page.getByRole('heading', { level: 1 }).textContent())?.trim() ?? ''
  await main(page)
    .getByRole('button', { name: `В корзину: ${title}`, exact: true })
    .click()
  await expect(toasts(page).getByText('Товар добавлен в корзину')).toBeVisible()

  // The basket: Telegram's Main button stands for "checkout"; its Back button goes back through the shop.
  await page.goto('/ru/basket')
  await pageAlive(page)
  const mainButton = telegramBar(page).getByRole('button', { name: 'Оформить заказ' })
  await mainButton.click()
  await expect(page).toHaveURL(/\/ru\/checkout$/)
  await back.click()
  await expect(page).toHaveURL(/\/ru\/basket$/)
  await mainButton.click()
  await expect(page).toHaveURL(/\/ru\/checkout$/)

  await main(page)
    .getByRole('group', { name: 'Как получить заказ' })
    .getByRole('radio', { name: /Самовывоз/ })
    .check()
  await main(page).getByRole('group', { name: 'Пункт самовывоза' }).getByRole('radio').first().check()
  await main(page).getByRole('button', { name: 'Далее' }).click()
  await expect(page).toHaveURL(/\/ru\/checkout\/contact$/)
  await main(page).getByRole('button', { name: 'Далее' }).click()
  await expect(page).toHaveURL(/\/ru\/checkout\/payment$/)
  // Cash: the Main button places the order.
  await telegramBar(page).getByRole('button', { name: 'Оформить заказ' }).click()
  await expect(main(page).getByRole('heading', { level: 1, name: /^Заказ № \d+$/ })).toBeVisible()
  await expect(main(page).getByText(title)).toBeVisible()
  // The order page has no Main button.
  await expect(telegramBar(page).getByRole('button', { name: 'Оформить заказ' })).toBeHidden()

  // The same launch again (a copy of it, say): refused, nobody else signed in with it.
  await page.context().clearCookies()
  await telegram.open(user.url)
  await expect(main(page).getByRole('alert')).toHaveText(
    'Вход через Telegram не подтверждён: откройте магазин из бота заново.',
  )
  expect(errors).toEqual([])
})

test('outside Telegram the shop is what it was: no Telegram script, colours or buttons', async ({ page }) => {
  const errors = watchErrors(page)
  const telegramScripts: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('telegram.org')) telegramScripts.push(request.url())
  })
  await visit(page, `/ru/products/${product}`)
  await visit(page, '/ru/basket')
  expect(await page.evaluate(() => document.documentElement.hasAttribute('data-telegram'))).toBe(false)
  const brand = () => getComputedStyle(document.documentElement).getPropertyValue('--brand').trim()
  expect(await page.evaluate(brand)).toBe('#e0194f')
  expect(await page.locator('script[src*="telegram.org"]').count()).toBe(0)
  expect(telegramScripts).toEqual([])
  expect(errors).toEqual([])
})
