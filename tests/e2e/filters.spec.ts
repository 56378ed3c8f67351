import AxeBuilder from '@axe-core/playwright'
import { expect, type Locator, type Page, test } from '@playwright/test'
import { main, visit, withJs } from './support/page.ts'

// The product list's filters: on a phone a bottom sheet with JavaScript (its
// "Show" button saying how many it will show), their own page without; on a
// desktop the side panel. The chosen ones are chips above the list and their
// number is on the phone's "Filters" button. Price fields take "100 000" and
// "100000" alike and report a wrong range.

/** "1 250 000 сум" → 1250000. */
const amount = (text: string) => Number(text.replace(/[^\d]/g, ''))
/** A field's text with its grouping spaces, whichever space the browser or the server used. */
const grouped = (digits: string) => new RegExp(`^${digits.replace(/ /g, '\\s')}$`)
const shot = (name: string) => `test-results/screenshots/filters-360-${test.info().project.name}-${name}.png`

type BrandRef = { slug: string; name: string }

/** A brand with products between 100 000 and 500 000 sum, from the API. */
async function brandInRange(page: Page): Promise<BrandRef> {
  const response = await page.request.get(
    '/api/v1/products/?price__gte=100000&price__lte=500000&size=1&ordering=popularity',
  )
  const body = await response.json()
  expect(body.total).toBeGreaterThan(0)
  return body.results[0].brand
}

/** How many products the API's list finds for a query. */
async function apiTotal(page: Page, query: string) {
  return (await (await page.request.get(`/api/v1/products/?size=1${query ? `&${query}` : ''}`)).json()).total as number
}

/** The sheet's apply button says how many it will show; the filters page's (no JavaScript) just applies. */
const showButton = (scope: Locator) => scope.getByRole('button', { name: /^Показать/ })

/** Opens the filters from the list: the sheet with JavaScript, the filters page without. */
async function openFilters(page: Page): Promise<Locator> {
  await page.getByRole('link', { name: /^Фильтры/ }).click()
  if (withJs()) {
    const sheet = page.getByRole('dialog', { name: 'Фильтры' })
    await expect(sheet).toBeVisible()
    return sheet
  }
  await expect(page).toHaveURL(/[?&]filters=1/)
  await expect(main(page).getByRole('heading', { level: 2, name: 'Фильтры' })).toBeVisible()
  return main(page)
}

async function expectCardsMatch(page: Page, brand: string, from: number, to: number) {
  const cards = main(page).getByRole('article')
  await expect(cards.first()).toBeVisible()
  const brands = await cards.locator('.product-card__brand').allTextContents()
  const prices = (await cards.locator('.price__now').allTextContents()).map(amount)
  expect(brands.length).toBeGreaterThan(0)
  for (const name of brands) expect(name).toBe(brand)
  for (const price of prices) {
    expect(price).toBeGreaterThanOrEqual(from)
    expect(price).toBeLessThanOrEqual(to)
  }
}

test.describe('on a phone (360 px)', () => {
  test.use({ viewport: { width: 360, height: 780 } })

  test('filters open, brands narrow as you type, a brand and a price range apply', async ({ page }) => {
    const brand = await brandInRange(page)
    await visit(page, '/ru/products')
    // Folded away until asked for.
    await expect(page.getByRole('checkbox', { name: 'Только в наличии' })).toBeHidden()
    await page.screenshot({ path: shot('1-list') })

    const panel = await openFilters(page)
    await expect(panel.getByRole('checkbox', { name: 'Только в наличии' })).toBeVisible()
    await page.screenshot({ path: shot('2-open') })
    const brands = panel.getByRole('group', { name: 'Бренд' })
    if (withJs()) {
      await expect(panel.getByRole('button', { name: 'Закрыть фильтры' })).toBeVisible()
      const axe = await new AxeBuilder({ page })
        .include('dialog')
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze()
      expect(axe.violations).toEqual([])
      const all = await brands.getByRole('checkbox').count()
      expect(all).toBeGreaterThan(70)
      const typed = brand.name.slice(0, 3)
      await panel.getByRole('searchbox', { name: 'Найти бренд' }).fill(typed)
      await expect(brands.getByRole('checkbox', { name: brand.name, exact: true })).toBeVisible()
      const names = await brands
        .getByRole('checkbox')
        .evaluateAll((boxes) => boxes.map((box) => box.closest('label')?.textContent ?? ''))
      expect(names.length).toBeLessThan(all)
      for (const name of names) expect(name.toLowerCase()).toContain(typed.toLowerCase())
      await panel.getByRole('searchbox', { name: 'Найти бренд' }).fill('zzqq')
      await expect(brands.getByRole('checkbox')).toHaveCount(0)
      await expect(brands.getByText('Такого бренда в списке нет')).toBeVisible()
      await panel.getByRole('searchbox', { name: 'Найти бренд' }).fill(typed)
    } else {
      await expect(main(page).getByRole('link', { name: 'Закрыть фильтры' })).toBeVisible()
    }

    // With JavaScript "Show" says how many products the choices find, as they change.
    if (withJs()) await expect(showButton(panel)).toHaveText(new RegExp(`^Показать ${await apiTotal(page, '')} товар`))
    await brands.getByRole('checkbox', { name: brand.name, exact: true }).check()
    if (withJs())
      await expect(showButton(panel)).toHaveText(
        new RegExp(`^Показать ${await apiTotal(page, `brand=${brand.slug}`)} товар`),
      )
    const from = panel.getByRole('textbox', { name: 'от', exact: true })
    const to = panel.getByRole('textbox', { name: 'до', exact: true })
    if (withJs()) {
      // The mask groups the digits as they come, whatever was typed between them.
      await from.pressSequentially('1000a00')
      await expect(from).toHaveValue(grouped('100 000'))
    } else {
      await from.fill('100 000')
    }
    await to.fill('500000')
    const found = await apiTotal(page, `brand=${brand.slug}&price__gte=100000&price__lte=500000`)
    if (withJs()) await expect(showButton(panel)).toHaveText(new RegExp(`^Показать ${found} товар`))
    else await expect(showButton(panel)).toHaveText('Показать')
    await showButton(panel).click()

    await expect(page).toHaveURL(new RegExp(`brand=${brand.slug}`))
    await expect(page).toHaveURL(/price_from=100(\+|%20)?000/)
    await expect(page).toHaveURL(/price_to=500000/)
    await expect(page).not.toHaveURL(/filters=1/)
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expectCardsMatch(page, brand.name, 100_000, 500_000)
    // The list says how many; the chosen filters are chips above it, their number on the button.
    await expect(main(page).getByRole('status').filter({ hasText: 'Найдено товаров' })).toHaveText(
      `Найдено товаров: ${found}`,
    )
    const chosen = main(page).getByRole('list', { name: 'Выбранные фильтры' })
    await expect(chosen.getByRole('link', { name: /^Убрать фильтр/ })).toHaveCount(3)
    await expect(chosen.getByRole('link', { name: 'Убрать фильтр «от 100 000 сум»' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Фильтры выбрано: 3' })).toBeVisible()
    await page.screenshot({ path: shot('3-applied') })
    // A chip takes its filter away and keeps the others.
    await chosen.getByRole('link', { name: 'Убрать фильтр «до 500 000 сум»' }).click()
    await expect(page).not.toHaveURL(/price_to/)
    await expect(page).toHaveURL(new RegExp(`brand=${brand.slug}`))
    await expect(page.getByRole('link', { name: 'Фильтры выбрано: 2' })).toBeVisible()
    await expect(chosen.getByRole('link', { name: /^Убрать фильтр/ })).toHaveCount(2)
    await page.goBack()
    await expect(page.getByRole('link', { name: 'Фильтры выбрано: 3' })).toBeVisible()

    // The range comes back into the fields, grouped.
    const again = await openFilters(page)
    await expect(again.getByRole('textbox', { name: 'от', exact: true })).toHaveValue(grouped('100 000'))
    await expect(again.getByRole('textbox', { name: 'до', exact: true })).toHaveValue(grouped('500 000'))
    await expect(again.getByRole('checkbox', { name: brand.name, exact: true })).toBeChecked()
  })

  test('a reversed price range is reported with the typed amounts kept', async ({ page }) => {
    await visit(page, '/ru/products')
    const panel = await openFilters(page)
    await panel.getByRole('textbox', { name: 'от', exact: true }).fill('500 000')
    await panel.getByRole('textbox', { name: 'до', exact: true }).fill('100 000')
    // A range that cannot be applied finds no count.
    if (withJs()) await expect(showButton(panel)).toHaveText('Показать')
    await showButton(panel).click()

    // With JavaScript the sheet stays open; without, the filters page comes back.
    const form = withJs() ? page.getByRole('dialog', { name: 'Фильтры' }) : main(page)
    await expect(form.getByRole('alert')).toHaveText('Цена «от» больше цены «до»: исправьте диапазон')
    const from = form.getByRole('textbox', { name: 'от', exact: true })
    const to = form.getByRole('textbox', { name: 'до', exact: true })
    await expect(from).toHaveValue(grouped('500 000'))
    await expect(to).toHaveValue(grouped('100 000'))
    await expect(from).toHaveAttribute('aria-invalid', 'true')
    await expect(to).toHaveAttribute('aria-invalid', 'true')
    await expect(from).toBeVisible()
    await page.screenshot({ path: shot('4-error') })
    if (withJs()) {
      await page.getByRole('button', { name: 'Закрыть фильтры' }).click()
      await expect(page.getByRole('dialog')).toHaveCount(0)
      await expect(page).not.toHaveURL(/price_from/)
    }
  })
})

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 } })

  test('the side panel applies a price range typed with spaces', async ({ page }) => {
    await visit(page, '/ru/products')
    await expect(page.getByRole('link', { name: 'Фильтры', exact: true })).toBeHidden()
    const panel = main(page).getByRole('form', { name: 'Фильтры' })
    await panel.getByRole('textbox', { name: 'от', exact: true }).fill('100 000')
    await panel.getByRole('textbox', { name: 'до', exact: true }).fill('500 000')
    await panel.getByRole('button', { name: 'Показать', exact: true }).click()
    await expect(page).toHaveURL(/price_to=500(\+|%20)?000/)
    // With JavaScript the list on screen may still be the previous one when the address has changed: wait for it.
    await expect(async () => {
      const prices = (await main(page).getByRole('article').locator('.price__now').allTextContents()).map(amount)
      expect(prices.length).toBe(12)
      for (const price of prices) {
        expect(price).toBeGreaterThanOrEqual(100_000)
        expect(price).toBeLessThanOrEqual(500_000)
      }
    }).toPass()
  })

  test('the server reads amounts with or without spaces and reports wrong ones in the page language', async ({
    page,
  }) => {
    await visit(page, '/ru/products?price_from=150+000&price_to=150000')
    const panel = main(page).getByRole('form', { name: 'Фильтры' })
    await expect(panel.getByRole('alert')).toHaveCount(0)
    await expect(panel.getByRole('textbox', { name: 'от', exact: true })).toHaveValue(grouped('150 000'))
    await expect(panel.getByRole('textbox', { name: 'до', exact: true })).toHaveValue(grouped('150 000'))

    await visit(page, '/sr/products?price_from=0&price_to=abc')
    const sr = main(page).getByRole('form', { name: 'Filtrlar' })
    await expect(sr.getByRole('alert')).toHaveText('Summani raqamlar bilan kiriting: 1 dan 1 000 000 000 gacha')
    await expect(sr.getByRole('textbox', { name: 'dan', exact: true })).toHaveValue('0')
    await expect(sr.getByRole('textbox', { name: 'gacha', exact: true })).toHaveValue('abc')
    // The list is not narrowed by a range it could not read.
    await expect(main(page).getByRole('article')).toHaveCount(12)

    await visit(page, '/uz/products?price_from=500+000&price_to=100000')
    await expect(main(page).getByRole('alert')).toHaveText('«Дан» нархи «гача» нархидан катта: оралиқни тузатинг')
    await expect(main(page).getByRole('textbox', { name: 'дан', exact: true })).toHaveValue('500 000')
  })
})
