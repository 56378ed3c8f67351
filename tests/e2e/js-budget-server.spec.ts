import { fileURLToPath } from 'node:url'
import { expect, test } from '@playwright/test'
import { assetsOf, gzipBytes } from '../bench/page-assets.mjs'

// What the shop's busiest pages make a phone download before they come alive:
// their module scripts and modulepreloads, gzip, as `npm run bench` counts them.
// docs/decisions/007-javascript-budget.md: the goal is 100 KB; React and React
// Router alone are about 107 KB, so this holds the line the cuts reached
// (about 128 KB) against code that creeps back onto every page (form
// validation, i18next, dialogs, toasts are loaded only where and when needed).
// The product page has crept to 135 KB since (the back office's features and
// routes splitting React Router into a shared chunk). With conform taken off
// the product page (133.4 KB) and the list (134.2 KB) the line is at 135 KB;
// the 110 KB target needs the product page not to hydrate (decision 007,
// "What remains"). These scripts now load after first paint.
const budget = 135 * 1024
const clientDir = fileURLToPath(new URL('../../build/client', import.meta.url))

test('the product page, the home page and a product list stay within the JavaScript budget', async ({ request }) => {
  const top = await (await request.get('/api/v1/products/?size=1&ordering=popularity')).json()
  const pages = ['/ru', `/ru/products/${top.results[0].slug}`, '/ru/products?sections=womens-perfume']
  for (const path of pages) {
    const html = await (await request.get(path)).text()
    const files = assetsOf(html).js.map((file) => ({ file, bytes: gzipBytes(clientDir, file) }))
    const total = files.reduce((sum, { bytes }) => sum + bytes, 0)
    const list = files
      .sort((a, b) => b.bytes - a.bytes)
      .map(({ file, bytes }) => `${(bytes / 1024).toFixed(1)} KB ${file}`)
      .join('\n')
    expect(files.length, path).toBeGreaterThan(3)
    expect(total, `${path}: ${(total / 1024).toFixed(1)} KB of JavaScript\n${list}`).toBeLessThanOrEqual(budget)
  }
})

// Nothing but the HTML, one stylesheet and the main picture on the critical path.
test('every storefront page links one stylesheet, the same one', async ({ request }) => {
  const top = await (await request.get('/api/v1/products/?size=1&ordering=popularity')).json()
  const pages = ['/ru', `/ru/products/${top.results[0].slug}`, '/ru/products?sections=womens-perfume', '/ru/basket']
  const sheets = new Set<string>()
  for (const path of pages) {
    const css = assetsOf(await (await request.get(path)).text()).css
    expect(css, path).toHaveLength(1)
    sheets.add(css[0]!)
  }
  expect(sheets.size).toBe(1)
})
