import { expect, type Page, test } from '@playwright/test'
import { main, visit, watchErrors } from './support/page.ts'

// A browser that asks to save data (`Save-Data: on`) gets no 960 px
// copies and no picture preloaded but the page's main one.

const product = 'dior-sauvage-eau-de-parfum-100-ml'
// The seeded, pictured products first: the products other tests add have no popularity yet.
const list = '/ru/products?sections=womens-perfume&ordering=popularity'
const imagePreloads = (page: Page) => page.locator('head link[rel="preload"][as="image"]')
const mainPicture = (page: Page) => main(page).getByRole('list', { name: 'Фотографии товара' }).getByRole('img').first()

test('without Save-Data the product picture is offered at 960 px and the list preloads its first screenful', async ({
  page,
}) => {
  await visit(page, `/ru/products/${product}`)
  await expect(mainPicture(page)).toHaveAttribute('srcset', /\/large\/.* 960w/)
  await expect(mainPicture(page)).toHaveAttribute('fetchpriority', 'high')
  await visit(page, list)
  expect(await imagePreloads(page).count()).toBeGreaterThan(1)
})

test('with Save-Data the pictures are smaller and only the main one is preloaded', async ({ page }) => {
  const errors = watchErrors(page)
  await page.setExtraHTTPHeaders({ 'Save-Data': 'on' })
  await visit(page, `/ru/products/${product}`)
  const picture = mainPicture(page)
  await expect(picture).toHaveAttribute('fetchpriority', 'high')
  await expect(picture).not.toHaveAttribute('srcset', /960w/)
  await expect(imagePreloads(page)).toHaveCount(1)
  await expect(imagePreloads(page)).not.toHaveAttribute('imagesrcset', /960w/)
  // What the browser actually loaded for the box, on this desktop screen.
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.currentSrc))
    .toMatch(/\/medium\//)

  await visit(page, list)
  await expect(imagePreloads(page)).toHaveCount(1)
  expect(errors).toEqual([])
})
