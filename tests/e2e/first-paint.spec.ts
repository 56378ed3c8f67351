import { expect, type Page, test } from '@playwright/test'
import { main, wake, watchErrors, withJs } from './support/page.ts'

// The HTML, its stylesheet and the main picture come first; a shop
// page's scripts load at the shopper's first sign of presence (the back
// office's and the checkout's after `load`), and a click before they arrive
// is a plain form submission that works (docs/decisions/007-javascript-budget.md).

const product = 'dior-sauvage-eau-de-parfum-100-ml'
const basketBadge = (page: Page, count: number) =>
  page.getByRole('banner').getByRole('link', { name: `Корзина: ${count}` })

/** When each script of the page was asked for, against its `load` and first paint. */
function timing(page: Page) {
  return page.evaluate(() => {
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[]
    const scripts = performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
      .map((entry) => entry.startTime)
    const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime
    return { load: navigation?.loadEventStart ?? 0, paint, scripts }
  })
}

const alive = (page: Page) => page.evaluate(() => '__reactRouterRouteModules' in window)

test('the product page asks for no script until the shopper shows up, then comes alive', async ({ page }) => {
  const errors = watchErrors(page)
  await page.goto(`/ru/products/${product}`)
  await page.waitForLoadState('networkidle')
  expect((await timing(page)).scripts).toEqual([])
  expect(await alive(page)).toBe(false)
  if (withJs()) {
    expect((await timing(page)).paint).toBeDefined()
    await wake(page)
    // React Router takes over the document once the mouse has moved.
    await expect.poll(() => alive(page)).toBe(true)
    const after = await timing(page)
    expect(after.scripts.length).toBeGreaterThan(3)
    expect(Math.min(...after.scripts)).toBeGreaterThan(after.paint ?? Number.POSITIVE_INFINITY)
  }
  expect(errors).toEqual([])
})

test('a back-office page asks for its scripts after it has loaded, with no interaction', async ({ page }) => {
  const errors = watchErrors(page)
  await page.goto('/ru/admin/login')
  if (withJs()) {
    await expect.poll(() => alive(page)).toBe(true)
    const { load, scripts } = await timing(page)
    expect(Math.min(...scripts)).toBeGreaterThanOrEqual(load)
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
