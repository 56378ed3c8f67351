import { expect, type Page, test } from '@playwright/test'
import { main, visit, watchErrors } from './support/page.ts'

// A second press while the first is on its way (taking a like back, + twice)
// is kept, and goes once the first is answered, so the two never reach the
// server out of order. Each test holds the first request until the second
// press is made. Only with JavaScript: without it every press is its own page.

const product = 'dior-sauvage-eau-de-parfum-100-ml'
const header = (page: Page) => page.getByRole('banner')

/**
 * Holds the first POST to `path` until `release()`; `log` lists, in order, when each such POST left the
 * page and when its answer came back.
 */
async function holdFirstPost(page: Page, path: RegExp) {
  const log: string[] = []
  let release = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  let arrived = () => {}
  const first = new Promise<void>((resolve) => {
    arrived = resolve
  })
  const ours = (url: string, method: string) => method === 'POST' && path.test(new URL(url).pathname)
  page.on('request', (r) => ours(r.url(), r.method()) && log.push('sent'))
  // The answer's headers: the router may stop reading a body it has what it needs from.
  page.on('response', (r) => ours(r.url(), r.request().method()) && log.push('answered'))
  let held = false
  await page.route(
    (url) => path.test(url.pathname),
    async (route) => {
      if (route.request().method() === 'POST' && !held) {
        held = true
        arrived()
        await released
      }
      await route.continue()
    },
  )
  return { log, first, release }
}

test('a like taken back while it is on its way', async ({ page }) => {
  const errors = watchErrors(page)
  await visit(page, `/ru/products/${product}`)
  const title = (await page.getByRole('heading', { level: 1 }).textContent())?.trim() ?? ''
  const heart = main(page).getByRole('button', { name: `В избранное: ${title}`, exact: true })
  const post = await holdFirstPost(page, /^\/ru\/saved/)

  await heart.click()
  await post.first
  await expect(heart).toHaveAttribute('aria-pressed', 'true')
  await heart.click()
  // What the shopper last asked for, at once.
  await expect(heart).toHaveAttribute('aria-pressed', 'false')
  post.release()

  await expect(header(page).getByRole('link', { name: 'Избранное: 0' })).toBeVisible()
  await expect.poll(() => post.log).toEqual(['sent', 'answered', 'sent', 'answered'])
  await visit(page, '/ru/saved')
  await expect(page.getByText('В избранном пока ничего нет')).toBeVisible()
  expect(errors).toEqual([])
})

test('+ pressed twice while the first is on its way counts twice', async ({ page }) => {
  const errors = watchErrors(page)
  await visit(page, `/ru/products/${product}`)
  const title = (await page.getByRole('heading', { level: 1 }).textContent())?.trim() ?? ''
  const added = page.waitForResponse(
    (r) => r.request().method() === 'POST' && /^\/ru\/basket/.test(new URL(r.url()).pathname),
  )
  await main(page)
    .getByRole('button', { name: `В корзину: ${title}`, exact: true })
    .click()
  await added
  const quantity = main(page).getByRole('spinbutton', { name: `Количество: ${title}` })
  await expect(quantity).toHaveValue('1')
  await expect(header(page).getByRole('link', { name: 'Корзина: 1' })).toBeVisible()
  const post = await holdFirstPost(page, /^\/ru\/basket/)

  const plus = main(page).getByRole('button', { name: `Увеличить количество: ${title}` })
  await plus.click()
  await post.first
  await expect(quantity).toHaveValue('2')
  await plus.click()
  await expect(quantity).toHaveValue('3')
  post.release()

  await expect(header(page).getByRole('link', { name: 'Корзина: 3' })).toBeVisible()
  await expect.poll(() => post.log).toEqual(['sent', 'answered', 'sent', 'answered'])
  await visit(page, '/ru/basket')
  await expect(main(page).getByRole('spinbutton', { name: `Количество: ${title}` })).toHaveValue('3')
  expect(errors).toEqual([])
})
