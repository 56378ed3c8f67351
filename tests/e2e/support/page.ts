import { expect, type Page, test } from '@playwright/test'

// What every browser spec reads the same way: the project, the page's main
// landmark and toast region, a visit that waits for hydration, logged errors.

export const withJs = () => test.info().project.name === 'chromium-js'
export const main = (page: Page) => page.getByRole('main')
export const toasts = (page: Page) => page.getByRole('region', { name: 'Уведомления' })

let pointer = 0

/**
 * With JavaScript, what a shopper does first: the mouse moves over the page. A shop page loads its scripts
 * at that first sign of presence, not on its own (docs/decisions/007-javascript-budget.md).
 */
export async function wake(page: Page) {
  if (!withJs()) return
  pointer = (pointer % 50) + 1
  await page.mouse.move(pointer, pointer)
}

/** With JavaScript, wakes the page and waits until React Router has taken it over and the network is quiet. */
export async function hydrated(page: Page) {
  if (!withJs()) return
  await wake(page)
  await page.waitForFunction(() => '__reactRouterDataRouter' in window)
  await page.waitForLoadState('networkidle')
}

/** Opens `path`; with JavaScript, waits until the page is hydrated and quiet. */
export async function visit(page: Page, path: string) {
  await page.goto(path)
  await hydrated(page)
}

/** Errors the page logs (hydration mismatches, uncaught exceptions); a test ends expecting none. */
export function watchErrors(page: Page) {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

/** Signs in on the login page and waits for the welcome toast. */
export async function signIn(page: Page, who: { phone: string; password: string }) {
  await visit(page, '/ru/login')
  await main(page).getByRole('textbox', { name: 'Номер телефона' }).fill(who.phone)
  await main(page).getByLabel('Пароль', { exact: true }).fill(who.password)
  await main(page).getByRole('button', { name: 'Войти' }).click()
  await expect(toasts(page).getByText('Вы успешно вошли в аккаунт')).toBeVisible()
}

/**
 * Puts the product `slug` in the basket from its page (unless an earlier step left it there: the page then
 * says "in the basket") and opens the checkout from the basket; returns the product's title.
 */
export async function basketToCheckout(page: Page, slug: string) {
  await visit(page, `/ru/products/${slug}`)
  const title = (await page.getByRole('heading', { level: 1 }).textContent())?.trim() ?? ''
  const add = main(page).getByRole('button', { name: `В корзину: ${title}`, exact: true })
  const inBasket = main(page).getByRole('link', { name: 'В корзине', exact: true })
  await expect(add.or(inBasket)).toBeVisible()
  if (await add.isVisible()) {
    await add.click()
    await expect(toasts(page).getByText('Товар добавлен в корзину')).toBeVisible()
  }
  await visit(page, '/ru/basket')
  await page.getByRole('region', { name: 'Итого' }).getByRole('link', { name: 'Оформить заказ' }).click()
  await expect(page).toHaveURL(/\/ru\/checkout$/)
  if (withJs()) await page.waitForLoadState('networkidle')
  return title
}

/** A test of what only scripts do: the no-JavaScript project leaves it out (playwright.config.ts, grepInvert). */
export const jsOnly = { tag: '@js-only' }
