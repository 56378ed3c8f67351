import { expect, type Page, test } from '@playwright/test'
import { main, wake, watchErrors, withJs } from './support/page.ts'

// The HTML, its stylesheet and the main picture come first; a shop page's
// scripts are fetched into the cache once it has loaded and the browser is idle,
// and run at the shopper's first sign of presence (the back office's and the
// checkout's after `load`); a click before they run is a plain form submission
// that works (docs/decisions/007-javascript-budget.md).

const product = 'dior-sauvage-eau-de-parfum-100-ml'
const basketBadge = (page: Page, count: number) =>
  page.getByRole('banner').getByRole('link', { name: `Корзина: ${count}` })

type Fetched = { start: number; transferred: number }

/** When each script of the page was asked for (and how much came over the network), against `load` and first paint. */
function timing(page: Page) {
  return page.evaluate(() => {
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[]
    const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
      .map((entry): Fetched => ({ start: entry.startTime, transferred: entry.transferSize }))
    const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime
    return { load: navigation?.loadEventStart ?? 0, paint, scripts }
  })
}

const alive = (page: Page) => page.evaluate(() => '__reactRouterRouteModules' in window)

test('the product page fetches its scripts once it has loaded and runs them when the shopper shows up', async ({
  page,
}) => {
  const errors = watchErrors(page)
  await page.goto(`/ru/products/${product}`)
  await page.waitForLoadState('networkidle')
  if (!withJs()) {
    expect((await timing(page)).scripts).toEqual([])
    return
  }
  // Fetched at idle after `load` and first paint, not run.
  await expect.poll(async () => (await timing(page)).scripts.length).toBeGreaterThan(3)
  const before = await timing(page)
  expect(Math.min(...before.scripts.map((s) => s.start))).toBeGreaterThanOrEqual(before.load)
  expect(Math.min(...before.scripts.map((s) => s.start))).toBeGreaterThan(before.paint ?? Number.POSITIVE_INFINITY)
  expect(await alive(page)).toBe(false)

  // React Router takes over the document once the mouse has moved, from the browser's cache.
  const woken = await page.evaluate(() => performance.now())
  await wake(page)
  await expect.poll(() => alive(page)).toBe(true)
  const run = (await timing(page)).scripts.filter((s) => s.start >= woken)
  expect(run.length).toBeGreaterThan(3)
  expect(run.filter((s) => s.transferred > 0)).toEqual([])
  expect(errors).toEqual([])
})

test('with Save-Data nothing is fetched before the shopper shows up', async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'Save-Data': 'on' })
  await page.goto(`/ru/products/${product}`)
  await page.waitForLoadState('networkidle')
  expect((await timing(page)).scripts).toEqual([])
  await wake(page)
  if (withJs()) await expect.poll(() => alive(page)).toBe(true)
})

test('a back-office page asks for its scripts after it has loaded, with no interaction', async ({ page }) => {
  const errors = watchErrors(page)
  await page.goto('/ru/admin/login')
  if (withJs()) {
    await expect.poll(() => alive(page)).toBe(true)
    const { load, scripts } = await timing(page)
    expect(Math.min(...scripts.map((s) => s.start))).toBeGreaterThanOrEqual(load)
  } else {
    await page.waitForLoadState('networkidle')
    expect((await timing(page)).scripts).toEqual([])
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
  expect(await alive(page)).toBe(false)
  // The click itself was the first sign of presence: the scripts were asked for, and held.
  if (withJs()) expect(held.length).toBeGreaterThan(0)

  release()
  await wake(page)
  if (withJs()) await expect.poll(() => alive(page)).toBe(true)
  await page.waitForLoadState('networkidle')
  expect(errors).toEqual([])
})
