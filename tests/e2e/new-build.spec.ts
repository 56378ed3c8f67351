import { expect, type Page, test } from '@playwright/test'
import { visit, withJs } from './support/page.ts'

// SPEC §4 "Other": an open tab notices a newer build and takes it at the next page change.

/** Opens the home page with the clock under the test's control and /build-version answering `version`. */
async function openWithBuild(page: Page, version: string | null) {
  await page.clock.install()
  await page.route('**/build-version', (route) => (version ? route.fulfill({ json: { version } }) : route.continue()))
  await visit(page, '/ru')
}

/** Follows the first category link; resolves whether the browser loaded it as a whole new document. */
async function followLink(page: Page) {
  const link = page.getByRole('navigation', { name: 'Категории' }).first().getByRole('link').first()
  const href = (await link.getAttribute('href')) ?? ''
  let documentLoad = false
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (request.isNavigationRequest() && url.pathname + url.search === href) documentLoad = true
  })
  await link.click()
  await page.waitForURL((url) => url.pathname + url.search === href)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  return documentLoad
}

test('after a deploy the next link opens as a full page load', async ({ page }) => {
  await openWithBuild(page, 'a-newer-build')
  if (withJs()) {
    const polled = page.waitForRequest('**/build-version')
    // Five minutes later the tab asks for the current build.
    await page.clock.fastForward('05:00')
    await polled
    await expect(page.locator('html')).toHaveAttribute('data-new-build', 'a-newer-build')
  }
  expect(await followLink(page)).toBe(true)
})

test('with the same build, links stay in-page navigations', async ({ page }) => {
  await openWithBuild(page, null)
  if (withJs()) {
    const polled = page.waitForResponse('**/build-version')
    await page.clock.fastForward('05:00')
    expect((await (await polled).json()).version).toEqual(expect.any(String))
    await expect(page.locator('html')).not.toHaveAttribute('data-new-build')
  }
  // Without JavaScript every link is a page load.
  expect(await followLink(page)).toBe(!withJs())
})
