import { expect, type Page, test } from '@playwright/test'
import { main, watchErrors, withJs } from './support/page.ts'

// Issue 19: the HTML, its stylesheet and the main picture come first; the
// page's scripts load after `load` (or the first interaction), and a click
// before they arrive is a plain form submission that works
// (docs/decisions/007-javascript-budget.md).

const product = 'dior-sauvage-eau-de-parfum-100-ml'
const basketBadge = (page: Page, count: number) =>
  page.getByRole('banner').getByRole('link', { name: `Корзина: ${count}` })

test('the product page requests its scripts only after it has loaded and painted', async ({ page }) => {
  const errors = watchErrors(page)
  await page.goto(`/ru/products/${product}`)
  await page.waitForLoadState('networkidle')
  const timing = await page.evaluate(() => {
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[]
    const scripts = performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
      .map((entry) => entry.startTime)
    const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime
    return { load: navigation?.loadEventStart ?? 0, paint, scripts }
  })
  if (withJs()) {
    expect(timing.paint).toBeDefined()
    expect(timing.scripts.length).toBeGreaterThan(3)
    expect(Math.min(...timing.scripts)).toBeGreaterThanOrEqual(timing.load)
    expect(Math.min(...timing.scripts)).toBeGreaterThan(timing.paint ?? Number.POSITIVE_INFINITY)
    // And then the page is alive: React Router has taken over the document.
    await expect.poll(() => page.evaluate(() => '__reactRouterRouteModules' in window)).toBe(true)
  } else {
    expect(timing.scripts).toEqual([])
  }
  expect(errors).toEqual([])
})

test('with its scripts held back after first paint, the product page still adds to the basket', async ({ page }) => {
  const errors = watchErrors(page)
  const held: string[] = []
  let release = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route('**/assets/*.js', async (route) => {
    held.push(route.request().url())
    await released
    // A request of a page that has since gone away cannot be answered any more.
    await route.continue().catch(() => {})
  })
  await page.goto(`/ru/products/${product}`)
  if (withJs()) {
    await expect.poll(() => page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length)).toBe(1)
  }
  const title = (await page.getByRole('heading', { level: 1 }).textContent())?.trim() ?? ''

  await main(page)
    .getByRole('button', { name: `В корзину: ${title}`, exact: true })
    .click()
  await expect(basketBadge(page, 1)).toBeVisible()
  await expect(main(page).getByRole('link', { name: 'В корзине', exact: true })).toBeVisible()
  // No script had run: the server answered a plain form submission.
  expect(await page.evaluate(() => '__reactRouterRouteModules' in window)).toBe(false)
  if (withJs()) expect(held.length).toBeGreaterThan(0)

  release()
  if (withJs()) await expect.poll(() => page.evaluate(() => '__reactRouterRouteModules' in window)).toBe(true)
  await page.waitForLoadState('networkidle')
  expect(errors).toEqual([])
})
