import { expect, type Page, test } from '@playwright/test'
import { main, toasts, visit, watchErrors, withJs } from './support/page.ts'

// The basket and favourite buttons of cards and of the product page, with and
// without JavaScript. Each test is a fresh visitor.

const product = 'dior-sauvage-eau-de-parfum-100-ml'
const header = (page: Page) => page.getByRole('banner')
const basketBadge = (page: Page, count: number) => header(page).getByRole('link', { name: `Корзина: ${count}` })
const savedBadge = (page: Page, count: number) => header(page).getByRole('link', { name: `Избранное: ${count}` })

test('a button far down a list comes back to its card, not to the top of the page', async ({ page }) => {
  const errors = watchErrors(page)
  await visit(page, '/ru/products?ordering=popularity')
  // The last card of the page: below the first screenful.
  const add = main(page)
    .getByRole('button', { name: /^В корзину: / })
    .last()
  await expect(add).not.toBeInViewport()
  const text = (await add.textContent()) ?? ''
  const title = text.slice(text.indexOf('В корзину: ') + 'В корзину: '.length).trim()
  await add.scrollIntoViewIfNeeded()
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300)

  await main(page)
    .getByRole('button', { name: `В корзину: ${title}`, exact: true })
    .click()
  await expect(basketBadge(page, 1)).toBeVisible()
  await expect(toasts(page).getByText('Товар добавлен в корзину')).toBeVisible()
  // Without JavaScript the page came back with the card's fragment, and the browser went to it.
  if (!withJs()) await expect(page).toHaveURL(/\/ru\/products\?ordering=popularity#product-\d+$/)
  await expect(main(page).getByRole('button', { name: `В корзину: ${title}`, exact: true })).toBeInViewport()
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300)

  // The favourite toggle of the same card, likewise.
  const like = main(page).getByRole('button', { name: `В избранное: ${title}`, exact: true })
  await like.click()
  await expect(savedBadge(page, 1)).toBeVisible()
  await expect(like).toHaveAttribute('aria-pressed', 'true')
  await expect(like).toBeInViewport()
  expect(errors).toEqual([])
})

test('after "add to basket" the product page says it is in the basket and offers the quantity', async ({ page }) => {
  const errors = watchErrors(page)
  await visit(page, `/ru/products/${product}`)
  const title = (await page.getByRole('heading', { level: 1 }).textContent())?.trim() ?? ''
  const add = main(page).getByRole('button', { name: `В корзину: ${title}`, exact: true })
  const inBasket = main(page).getByRole('link', { name: 'В корзине', exact: true })
  const quantity = main(page).getByRole('spinbutton', { name: `Количество: ${title}` })
  await expect(inBasket).toHaveCount(0)

  await add.click()
  await expect(basketBadge(page, 1)).toBeVisible()
  await expect(inBasket).toBeVisible()
  await expect(inBasket).toHaveAttribute('href', '/ru/basket')
  await expect(quantity).toHaveValue('1')
  await expect(add).toHaveCount(0)
  if (!withJs()) await expect(page).toHaveURL(new RegExp(`/ru/products/${product}#product-\\d+$`))

  // + and − here change the basket.
  await main(page)
    .getByRole('button', { name: `Увеличить количество: ${title}` })
    .click()
  await expect(basketBadge(page, 2)).toBeVisible()
  await expect(quantity).toHaveValue('2')
  await expect(toasts(page).getByText('Количество изменено')).toBeVisible()

  // The state is the basket's: so it is on the next visit, in Uzbek too.
  await visit(page, `/sr/products/${product}`)
  await expect(main(page).getByRole('link', { name: 'Savatda', exact: true })).toBeVisible()
  await expect(main(page).getByRole('spinbutton')).toHaveValue('2')
  expect(errors).toEqual([])
})
