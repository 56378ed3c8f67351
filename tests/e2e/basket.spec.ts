import { expect, type Page, test } from '@playwright/test'
import { registerCustomer } from './support/customer.ts'
import { jsOnly, toasts, wake, watchErrors, withJs } from './support/page.ts'

// The basket and favourites, with and without JavaScript. Every test
// starts as a fresh visitor (a new browser context: a new visitorId cookie).

const product = 'dior-sauvage-eau-de-parfum-100-ml'

const header = (page: Page) => page.getByRole('banner')
const basketBadge = (page: Page, count: number) => header(page).getByRole('link', { name: `Корзина: ${count}` })
const savedBadge = (page: Page, count: number) => header(page).getByRole('link', { name: `Избранное: ${count}` })

/** Opens a page; with JavaScript, waits until it has hydrated (the search box becomes a combobox). */
async function visit(page: Page, path: string) {
  await page.goto(path)
  await wake(page)
  if (withJs()) await expect(page.getByRole('combobox', { name: 'Поиск товаров' })).toBeVisible()
}

/** The first in-stock product card of the list, by the title its basket button names. */
async function firstCardTitle(page: Page) {
  const button = page
    .getByRole('main')
    .getByRole('button', { name: /^В корзину: / })
    .first()
  // The button's text is the short visible word and the full name for screen readers.
  const text = (await button.textContent()) ?? ''
  return text.slice(text.indexOf('В корзину: ') + 'В корзину: '.length).trim()
}

test('add from a card and from the product page, change the quantity, remove and clear', async ({ page }) => {
  const errors = watchErrors(page)
  await visit(page, '/ru/products?ordering=popularity')
  await expect(basketBadge(page, 0)).toBeVisible()

  // From a card of the list.
  const cardTitle = await firstCardTitle(page)
  expect(cardTitle.length).toBeGreaterThan(3)
  await page.getByRole('button', { name: `В корзину: ${cardTitle}`, exact: true }).click()
  await expect(basketBadge(page, 1)).toBeVisible()
  await expect(toasts(page).getByText('Товар добавлен в корзину')).toBeVisible()
  // Without JavaScript the form came back to the same list, at the card (basket-buttons.spec.ts).
  await expect(page).toHaveURL(/\/ru\/products\?ordering=popularity(#product-\d+)?$/)

  // From the product page.
  await visit(page, `/ru/products/${product}`)
  const title = (await page.getByRole('heading', { level: 1 }).textContent())?.trim() ?? ''
  await page
    .getByRole('main')
    .getByRole('button', { name: `В корзину: ${title}`, exact: true })
    .click()
  await expect(basketBadge(page, 2)).toBeVisible()
  await expect(toasts(page).getByText('Товар добавлен в корзину')).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/ru/products/${product}(#product-\\d+)?$`))

  // The basket: both lines, then + on one of them.
  await header(page).getByRole('link', { name: 'Корзина: 2' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Корзина' })).toBeVisible()
  const lines = page.getByRole('list', { name: 'Товары в корзине' })
  await expect(lines.getByRole('listitem')).toHaveCount(2)
  await expect(lines.getByRole('link', { name: title })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Итого' }).getByText('2 шт.')).toBeVisible()

  await page.getByRole('button', { name: `Увеличить количество: ${title}` }).click()
  await expect(basketBadge(page, 3)).toBeVisible()
  await expect(page.getByRole('spinbutton', { name: `Количество: ${title}` })).toHaveValue('2')
  await expect(page.getByRole('region', { name: 'Итого' }).getByText('3 шт.')).toBeVisible()

  // − back to one.
  await page.getByRole('button', { name: `Уменьшить количество: ${title}` }).click()
  await expect(basketBadge(page, 2)).toBeVisible()
  await expect(page.getByRole('spinbutton', { name: `Количество: ${title}` })).toHaveValue('1')
  await expect(page.getByRole('region', { name: 'Итого' }).getByText('2 шт.')).toBeVisible()

  // A typed number and "update" (with JavaScript, Enter: the button is only for pages without it).
  const typeQuantity = async (value: string) => {
    const box = page.getByRole('spinbutton', { name: `Количество: ${title}` })
    const update = page.getByRole('button', { name: `Обновить количество: ${title}` })
    await box.fill(value)
    if (!withJs()) return update.click()
    await expect(update).toHaveCount(0)
    await box.press('Enter')
  }
  await typeQuantity('4')
  await expect(basketBadge(page, 5)).toBeVisible()
  await expect(page.getByRole('region', { name: 'Итого' }).getByText('5 шт.')).toBeVisible()

  // More than the stock: the API's own message, nothing changes.
  await typeQuantity('999')
  await expect(toasts(page).getByText(/В наличии/)).toBeVisible()
  await expect(basketBadge(page, 5)).toBeVisible()
  await expect(page.getByRole('spinbutton', { name: `Количество: ${title}` })).toHaveValue('4')

  // Remove the card's product.
  await page.getByRole('button', { name: `Удалить из корзины: ${cardTitle}` }).click()
  await expect(basketBadge(page, 4)).toBeVisible()
  await expect(toasts(page).getByText('Товар удалён из корзины')).toBeVisible()
  await expect(lines.getByRole('listitem')).toHaveCount(1)

  // Totals, the way to checkout (signed out: the sign-in first).
  const summary = page.getByRole('region', { name: 'Итого' })
  await expect(summary.getByText('К оплате')).toBeVisible()
  // No promo code: no "discount 0" row.
  await expect(summary.getByText('Скидка')).toHaveCount(0)
  const checkout = summary.getByRole('link', { name: 'Оформить заказ' })
  await expect(checkout).toHaveAttribute('href', '/ru/login?redirectTo=%2Fru%2Fcheckout')
  if (withJs()) {
    await checkout.click()
    await expect(page.getByRole('dialog')).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toBeHidden()
  }

  // Clear: the empty state.
  await page.getByRole('button', { name: 'Очистить корзину' }).click()
  await expect(page.getByText('В корзине пока пусто')).toBeVisible()
  await expect(basketBadge(page, 0)).toBeVisible()
  expect(errors).toEqual([])
})

test('favourite and un-favourite from a card, the product page and the saved page', async ({ page }) => {
  const errors = watchErrors(page)
  await visit(page, '/ru/products?ordering=popularity')
  await expect(savedBadge(page, 0)).toBeVisible()
  const cardTitle = await firstCardTitle(page)
  const heart = page.getByRole('button', { name: `В избранное: ${cardTitle}`, exact: true })
  await expect(heart).toHaveAttribute('aria-pressed', 'false')
  await heart.click()
  await expect(savedBadge(page, 1)).toBeVisible()
  await expect(toasts(page).getByText('Добавлено в избранное')).toBeVisible()
  await expect(heart).toHaveAttribute('aria-pressed', 'true')
  // The pressed state comes from the server too.
  await visit(page, '/ru/products?ordering=popularity')
  await expect(heart).toHaveAttribute('aria-pressed', 'true')

  // The product page.
  await visit(page, `/ru/products/${product}`)
  const title = (await page.getByRole('heading', { level: 1 }).textContent())?.trim() ?? ''
  const pageHeart = page.getByRole('main').getByRole('button', { name: `В избранное: ${title}`, exact: true })
  await expect(pageHeart).toHaveAttribute('aria-pressed', 'false')
  await pageHeart.click()
  await expect(savedBadge(page, 2)).toBeVisible()
  await expect(pageHeart).toHaveAttribute('aria-pressed', 'true')
  await pageHeart.click()
  await expect(savedBadge(page, 1)).toBeVisible()
  await expect(toasts(page).getByText('Удалено из избранного')).toBeVisible()
  await expect(pageHeart).toHaveAttribute('aria-pressed', 'false')

  // The saved page: the favourite with add-to-basket and its toggle.
  await header(page).getByRole('link', { name: 'Избранное: 1' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Избранное' })).toBeVisible()
  const saved = page.getByRole('list', { name: 'Избранное' })
  await expect(saved.getByRole('article')).toHaveCount(1)
  await saved.getByRole('button', { name: `В корзину: ${cardTitle}` }).click()
  await expect(basketBadge(page, 1)).toBeVisible()
  await expect(page).toHaveURL(/\/ru\/saved(#product-\d+)?$/)
  await saved.getByRole('button', { name: `В избранное: ${cardTitle}` }).click()
  await expect(savedBadge(page, 0)).toBeVisible()
  await expect(page.getByText('В избранном пока ничего нет')).toBeVisible()
  expect(errors).toEqual([])
})

// Without JavaScript the page sends one form at a time.
test(
  "a new visitor's first two presses at once are one visitor: the basket and the favourite both stay",
  jsOnly,
  async ({ page }) => {
    const errors = watchErrors(page)
    await visit(page, `/ru/products/${product}`)
    const title = (await page.getByRole('heading', { level: 1 }).textContent())?.trim() ?? ''
    // The first post is held back until both buttons have been pressed, as on a slow network; each post's
    // cookies are noted as it goes.
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    const sent: string[] = []
    await page.route(/\/ru\/(basket|saved)\.data/, async (route) => {
      if (route.request().method() !== 'POST') return route.continue()
      sent.push((await route.request().allHeaders()).cookie ?? '')
      if (sent.length === 1) await held
      await route.continue()
    })
    const answered = (path: string) =>
      page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === path)
    const both = Promise.all([answered('/ru/basket.data'), answered('/ru/saved.data')])
    const like = page.getByRole('main').getByRole('button', { name: `В избранное: ${title}`, exact: true })
    await page
      .getByRole('main')
      .getByRole('button', { name: `В корзину: ${title}`, exact: true })
      .click()
    await like.click()
    // Pressed, as far as the page shows; the frame after it, the heart's request has gone if it was going to.
    await expect(like).toHaveAttribute('aria-pressed', 'true')
    await page.evaluate(() => new Promise(requestAnimationFrame))
    release()
    await both

    // The second post went with the id the first was given: the basket and the favourite are one visitor's.
    expect(sent).toHaveLength(2)
    expect(sent[0]).not.toContain('visitorId=')
    expect(sent[1]).toMatch(/(^|; )visitorId=[\w-]+/)
    await page.unrouteAll({ behavior: 'ignoreErrors' })
    await visit(page, '/ru/basket')
    await expect(page.getByRole('list', { name: 'Товары в корзине' }).getByRole('link', { name: title })).toBeVisible()
    await visit(page, '/ru/saved')
    await expect(page.getByRole('list', { name: 'Избранное' }).getByRole('article')).toHaveCount(1)
    expect(errors).toEqual([])
  },
)

test('the basket follows the visitor into the account; logout reloads basket and favourites', async ({
  page,
  request,
}) => {
  const errors = watchErrors(page)
  const phone = await registerCustomer(request, 'basket-pass-1', 'Дилноза')

  await visit(page, `/ru/products/${product}`)
  const title = (await page.getByRole('heading', { level: 1 }).textContent())?.trim() ?? ''
  await page
    .getByRole('main')
    .getByRole('button', { name: `В корзину: ${title}`, exact: true })
    .click()
  await expect(basketBadge(page, 1)).toBeVisible()
  await page
    .getByRole('main')
    .getByRole('button', { name: `В избранное: ${title}`, exact: true })
    .click()
  await expect(savedBadge(page, 1)).toBeVisible()

  // Sign in on the login page (the same with and without JavaScript), back to the basket.
  await visit(page, '/ru/login?redirectTo=%2Fru%2Fbasket')
  const main = page.getByRole('main')
  await main.getByRole('textbox', { name: 'Номер телефона' }).fill(phone)
  await main.getByLabel('Пароль', { exact: true }).fill('basket-pass-1')
  await main.getByRole('button', { name: 'Войти' }).click()
  await expect(toasts(page).getByText('Вы успешно вошли в аккаунт')).toBeVisible()
  await expect(page).toHaveURL(/\/ru\/basket$/)
  await expect(basketBadge(page, 1)).toBeVisible()
  await expect(savedBadge(page, 1)).toBeVisible()
  await expect(page.getByRole('list', { name: 'Товары в корзине' }).getByRole('link', { name: title })).toBeVisible()
  // Signed in, the way to checkout is a plain link.
  await expect(page.getByRole('link', { name: 'Оформить заказ' })).toHaveAttribute('href', '/ru/checkout')

  // Log out: the badges are the visitor's again (the basket went into the account).
  await header(page).getByRole('button', { name: 'Меню профиля' }).click()
  await header(page).getByRole('link', { name: 'Выйти' }).click()
  if (withJs())
    await page.getByRole('dialog', { name: 'Выход из аккаунта' }).getByRole('button', { name: 'Выйти' }).click()
  else await page.getByRole('main').getByRole('button', { name: 'Выйти' }).click()
  await expect(toasts(page).getByText('Вы вышли из аккаунта')).toBeVisible()
  await expect(basketBadge(page, 0)).toBeVisible()
  await expect(savedBadge(page, 0)).toBeVisible()
  await expect(header(page).getByRole('link', { name: 'Мои заказы: 0' })).toBeVisible()
  await visit(page, '/ru/basket')
  await expect(page.getByText('В корзине пока пусто')).toBeVisible()
  expect(errors).toEqual([])
})

test('a form without JavaScript never goes back to another site; a bad product id is refused', async ({ request }) => {
  const evil = await request.post('/ru/basket', {
    form: { intent: 'add', product_id: 'x1', redirectTo: 'https://evil.example/' },
    headers: { Referer: 'https://evil.example/' },
    maxRedirects: 0,
  })
  expect(evil.status()).toBe(302)
  expect(evil.headers().location).toBe('/ru/basket')
  const back = await request.post('/ru/saved', {
    form: { intent: 'like', product_id: '2147483647', redirectTo: '/ru/products?page=2' },
    maxRedirects: 0,
  })
  expect(back.status()).toBe(302)
  expect(back.headers().location).toBe('/ru/products?page=2')
})
