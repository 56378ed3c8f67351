import { expect, type Locator, type Page, test } from '@playwright/test'
import { main, toasts, visit, withJs } from './support/page.ts'

// Toasts never cover the header's controls: on a desktop they hang below where
// the header ends, on a phone they sit at the bottom; either way they stay whole
// in the window far down a page. With and without JavaScript.

const product = 'dior-sauvage-eau-de-parfum-100-ml'

type Box = { x: number; y: number; width: number; height: number }
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

/** Keeps a toast on screen while it is measured (SPEC: pause on hover and focus). */
async function holdToast(toast: Locator) {
  await toast.getByRole(withJs() ? 'button' : 'link', { name: 'Закрыть уведомление' }).focus()
}

/** The part of `a` inside `b` (none: zero width). */
const within = (a: Box, b: Box): Box => {
  const x = Math.max(a.x, b.x)
  const y = Math.max(a.y, b.y)
  return {
    x,
    y,
    width: Math.max(0, Math.min(a.x + a.width, b.x + b.width) - x),
    height: Math.max(0, Math.min(a.y + a.height, b.y + b.height) - y),
  }
}

/**
 * The header's links, buttons and search field that the toast covers (as laid out now): the part of each
 * within the header, since the category strip clips the sections that do not fit (they wait under «Ещё»).
 */
async function coveredControls(page: Page, toast: Box) {
  const header = (await page.getByRole('banner').boundingBox()) as Box
  const controls = page.getByRole('banner').locator('a, button, input')
  const covered: string[] = []
  for (const control of await controls.all()) {
    const found = await control.boundingBox()
    const box = found && within(found, header)
    if (box && box.width > 0 && box.height > 0 && overlap(box, toast))
      covered.push((await control.getAttribute('aria-label')) ?? (await control.textContent()) ?? '?')
  }
  return covered
}

for (const viewport of [
  { width: 320, height: 700 },
  { width: 1280, height: 800 },
])
  test(`a toast leaves the header's controls free, and stays in view far down (${viewport.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport)
    await visit(page, `/ru/products/${product}`)
    const title = (await page.getByRole('heading', { level: 1 }).textContent())?.trim() ?? ''
    await main(page)
      .getByRole('button', { name: `В корзину: ${title}`, exact: true })
      .click()
    const added = toasts(page).getByRole('listitem').filter({ hasText: 'Товар добавлен в корзину' })
    await expect(added).toHaveCount(1)
    // Measured with the header where it stands at the top of the page. Focus
    // inside the toaster keeps a toast (as hover does) wherever the mouse is.
    // A toast anchored under the header follows it at the next frame after
    // the scroll: measured until it has.
    await page.evaluate(() => window.scrollTo(0, 0))
    await holdToast(added)
    await expect.poll(async () => coveredControls(page, (await added.boundingBox()) as Box)).toEqual([])

    // Far down the page, past the header: the next toast is whole in the window.
    const similar = main(page)
      .getByRole('button', { name: /^В корзину: / })
      .last()
    await similar.scrollIntoViewIfNeeded()
    const before = page.url()
    await similar.click()
    // With JavaScript the new toast comes on top of the first; without, the
    // page comes back with it alone, scrolled to the product that was added.
    if (!withJs()) await page.waitForURL((url) => url.href !== before)
    await expect(added).toHaveCount(withJs() ? 2 : 1)
    const next = added.first()
    await holdToast(next)
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300)
    await expect(next).toBeInViewport({ ratio: 1 })
  })
