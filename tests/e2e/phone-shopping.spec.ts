import { expect, type Locator, test } from '@playwright/test'
import { main, toasts, visit, withJs } from './support/page.ts'

// A shopper on a 320 or 360 px phone, with and without JavaScript: toasts keep
// off the page's heading and a form's first field, stack, and offer the basket;
// a search that finds nothing offers something to go on with; story captions
// keep their words whole.

const product = 'dior-sauvage-eau-de-parfum-100-ml'

type Box = { x: number; y: number; width: number; height: number }
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
const boxOf = async (locator: Locator) => (await locator.boundingBox()) as Box

for (const width of [320, 360])
  test(`toasts leave the heading and a form's first field free, stack, and offer the basket (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 640 })
    // A refused form: with JavaScript its words come as a toast (without, at the top of the form).
    await visit(page, '/ru/login')
    await main(page).getByRole('button', { name: 'Войти' }).click()
    const phone = main(page).getByRole('textbox', { name: 'Номер телефона' })
    await expect(phone).toHaveAttribute('aria-invalid', 'true')
    if (withJs()) {
      const refused = toasts(page).getByRole('listitem').filter({ hasText: 'Заполните форму' })
      await expect(refused).toBeInViewport()
      expect(overlap(await boxOf(refused), await boxOf(phone))).toBe(false)
      expect(overlap(await boxOf(refused), await boxOf(page.getByRole('heading', { level: 1 })))).toBe(false)
    }

    // "Add to basket": the toast stays off the product's heading and offers the basket.
    await visit(page, `/ru/products/${product}`)
    const heading = page.getByRole('heading', { level: 1 })
    const title = (await heading.textContent())?.trim() ?? ''
    await main(page)
      .getByRole('button', { name: `В корзину: ${title}`, exact: true })
      .click()
    const added = toasts(page).getByRole('listitem').filter({ hasText: 'Товар добавлен в корзину' })
    const toBasket = added.getByRole('link', { name: 'В корзину' })
    await expect(toBasket).toBeInViewport()
    await expect(heading).toBeInViewport()
    expect(overlap(await boxOf(added), await boxOf(heading))).toBe(false)

    if (withJs()) {
      // A second toast stacks on the first, newest in front; the keyboard fans them out.
      await main(page)
        .getByRole('button', { name: `В избранное: ${title}` })
        .click()
      const liked = toasts(page).getByRole('listitem').filter({ hasText: 'Добавлено в избранное' })
      await expect(liked).toBeInViewport()
      await expect(toBasket).toBeHidden()
      expect(overlap(await boxOf(liked), await boxOf(added))).toBe(true)
      await liked.getByRole('button', { name: 'Закрыть уведомление' }).focus()
      await expect(toBasket).toBeInViewport()
      expect(overlap(await boxOf(liked), await boxOf(added))).toBe(false)
    }
    await toBasket.click()
    await expect(page).toHaveURL(/\/ru\/basket$/)
    await expect(main(page).getByRole('link', { name: title }).first()).toBeVisible()
  })

test('a search that finds nothing offers near spellings and brands, popular products and categories', async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 640 })
  await visit(page, `/ru/products?search=${encodeURIComponent('шанелл совааж')}`)
  await expect(main(page).getByRole('heading', { name: 'По запросу «шанелл совааж» ничего не найдено' })).toBeVisible()
  await expect(main(page).getByText('Возможно, вы искали:')).toBeVisible()
  await expect(main(page).getByRole('link', { name: 'Бренд Chanel' })).toHaveAttribute(
    'href',
    '/ru/products?brand=chanel',
  )
  await expect(main(page).getByRole('region', { name: 'Популярные товары' }).getByRole('article')).toHaveCount(8)
  await expect(main(page).getByRole('region', { name: 'Категории' }).getByRole('link').first()).toBeVisible()

  // A spelling offered is a search that finds as many as it says.
  const spelling = main(page).getByRole('link', { name: /^Chanel \d+$/ })
  const count = Number((await spelling.textContent())?.replace(/\D/g, ''))
  expect(count).toBeGreaterThan(0)
  await spelling.click()
  await expect(page).toHaveURL(/\/ru\/products\?search=Chanel$/)
  await expect(main(page).getByRole('status').filter({ hasText: 'Найдено товаров' })).toHaveText(
    `Найдено товаров: ${count}`,
  )
})

test('story captions keep their words whole on a 320 px phone in Uzbek', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 })
  await visit(page, '/uz')
  const rail = page.getByRole('region', { name: 'Ҳикоялар' })
  await expect(rail.getByRole('link').first()).toBeVisible()
  // Each word of each caption on one line (a word broken across lines has two boxes).
  const broken = await rail.evaluate((section) =>
    [...section.querySelectorAll('a [lang]')].flatMap((caption) => {
      const text = caption.firstChild
      if (!(text instanceof Text)) return ['(no text)']
      // A word broken at its own hyphen ("chromium-nojs") is hyphenated, not broken.
      return [...text.data.matchAll(/[^\s-]+/g)].flatMap((word) => {
        const range = document.createRange()
        range.setStart(text, word.index)
        range.setEnd(text, word.index + word[0].length)
        return range.getClientRects().length > 1 ? [word[0]] : []
      })
    }),
  )
  expect(broken).toEqual([])
})
