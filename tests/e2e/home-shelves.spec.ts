import { expect, type Locator, type Page, test } from '@playwright/test'
import { main, toasts, watchErrors, withJs } from './support/page.ts'

// The home page's first paint holds its first two screens: the stories, banners, brands and the
// first shelf. The product shelves further down come as they near the screen once the page runs;
// without JavaScript they are in the page whole, as they are for bots
// (docs/decisions/007-javascript-budget.md, "The home page").

const googlebot = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'
// Lighthouse's phone: two screens end at 1,646 px, above the second shelf.
test.use({ viewport: { width: 412, height: 823 } })

const shelf = (page: Page, name: string) => main(page).getByRole('region', { name })
const laterShelves = ['Свежие скидки', 'Популярное со скидкой', 'Новинки']

test('the shelves below the first two screens come as they near the screen with JavaScript, whole without', async ({
  page,
}) => {
  const errors = watchErrors(page)
  await page.goto('/ru')
  await expect(shelf(page, 'Рекомендуем').getByRole('article')).toHaveCount(6)
  // Every shelf has its heading and the link to its full list from the first paint.
  for (const name of laterShelves) {
    await expect(shelf(page, name).getByRole('heading', { level: 2, name })).toBeAttached()
    await expect(shelf(page, name).getByRole('link', { name: `${name}: смотреть все` })).toBeAttached()
  }
  const fresh = shelf(page, 'Свежие скидки')
  const latest = shelf(page, 'Новинки')
  if (!withJs()) {
    for (const name of laterShelves) await expect(shelf(page, name).getByRole('article')).toHaveCount(6)
    // The cards sit under their heading: the box a running page would fill is not shown.
    const heading = await fresh.getByRole('heading', { level: 2 }).boundingBox()
    const card = await fresh.getByRole('article').first().boundingBox()
    expect(card!.y - (heading!.y + heading!.height)).toBeLessThan(40)
    return
  }
  await page.waitForLoadState('load')
  for (const name of laterShelves) await expect(shelf(page, name).getByRole('article')).toHaveCount(0)
  const before = await pageTop(latest)

  // A scroll is the shopper's first sign of presence: the page runs, and the shelf in reach renders.
  await fresh.scrollIntoViewIfNeeded()
  await expect(fresh.getByRole('article')).toHaveCount(6)
  await expect(fresh.getByRole('article').first()).toBeInViewport()
  // A shelf still screens away has not come, and the box held its place: nothing below moved much.
  await expect(latest.getByRole('article')).toHaveCount(0)
  expect(Math.abs((await pageTop(latest)) - before)).toBeLessThan(200)
  await latest.scrollIntoViewIfNeeded()
  await expect(latest.getByRole('article')).toHaveCount(6)
  expect(errors).toEqual([])
})

/** Where an element starts on the page (not in the viewport). */
const pageTop = (locator: Locator) =>
  locator.evaluate((element) => element.getBoundingClientRect().top + window.scrollY)

test('a card of a shelf further down adds to the basket, with JavaScript and without', async ({ page }) => {
  const errors = watchErrors(page)
  await page.goto('/ru')
  const sale = shelf(page, 'Популярное со скидкой')
  await sale.scrollIntoViewIfNeeded()
  const add = sale.getByRole('button', { name: /^В корзину: / }).first()
  const text = (await add.textContent()) ?? ''
  const title = text.slice(text.indexOf('В корзину: ') + 'В корзину: '.length).trim()
  await add.click()
  // Watched together from the click, as either may come first: the toast stays 5 s, and its module is fetched
  // with the first toast, which on a loaded machine takes longer than an expectation's default 5 s.
  await Promise.all([
    expect(page.getByRole('banner').getByRole('link', { name: 'Корзина: 1' })).toBeVisible({ timeout: 20_000 }),
    expect(toasts(page).getByText('Товар добавлен в корзину')).toBeVisible({ timeout: 20_000 }),
  ])
  // Without JavaScript the page came back to the card, which the shelf holds whole.
  if (!withJs()) await expect(page).toHaveURL(/\/ru#sale-\d+$/)
  const quantity = sale.getByRole('spinbutton', { name: `Количество: ${title}` })
  await expect(quantity).toHaveValue('1')
  await expect(quantity).toBeInViewport()
  expect(errors).toEqual([])
})

test('bots get every shelf in the page as sent, with the text a shopper without JavaScript reads', async ({
  browser,
}) => {
  const open = async (options: { userAgent?: string; javaScriptEnabled: boolean }) =>
    (await browser.newContext(options)).newPage()
  // A bot that runs scripts (as Google's renderer does) or not: every card is there without a gesture or a scroll.
  const bot = await open({ userAgent: googlebot, javaScriptEnabled: withJs() })
  const sent = await bot.goto('/ru')
  // The page a person gets differs, so a cache in front keeps the two apart.
  expect(sent?.headers().vary).toMatch(/\bUser-Agent\b/)
  for (const name of ['Рекомендуем', ...laterShelves])
    await expect(shelf(bot, name).getByRole('article')).toHaveCount(6)

  // Word for word what a shopper without JavaScript reads. Other specs change the catalogue meanwhile,
  // so the two pages are read again until both readings fall between two such changes.
  const botReading = await open({ userAgent: googlebot, javaScriptEnabled: false })
  const shopperReading = await open({ javaScriptEnabled: false })
  const text = async (page: Page) => {
    await page.goto('/ru')
    // biome-ignore lint/performance/useDomNodeTextContent: the text as read, without what is hidden (a style element's rules, the box).
    return main(page).innerText()
  }
  await expect
    // Each reading loads two pages: more than the default 5 s on a loaded machine.
    .poll(async () => ((await text(botReading)) === (await text(shopperReading)) ? 'the same' : 'different'), {
      timeout: 60_000,
    })
    .toBe('the same')
  for (const page of [bot, botReading, shopperReading]) await page.context().close()
})
