import { expect, test } from '@playwright/test'
import { main, visit } from './support/page.ts'

// Product cards on the narrowest phone: two cards a row at 320 px,
// and the basket button's label on one line in every language.

const labels = { ru: 'В корзину', uz: 'Саватга', sr: 'Savatga' } as const

test.use({ viewport: { width: 320, height: 640 } })

for (const [lang, label] of Object.entries(labels))
  test(`the basket button reads "${label}" on one line at 320 px (${lang})`, async ({ page }) => {
    await visit(page, `/${lang}/products?ordering=popularity`)
    const buttons = main(page).getByRole('button', { name: new RegExp(`^${label}`) })
    await expect(buttons.first()).toBeVisible()
    for (const button of (await buttons.all()).slice(0, 4)) {
      const fit = await button.evaluate((element) => {
        const text = [...element.querySelectorAll('span')].find((span) => span.getAttribute('aria-hidden') === 'true')
        return {
          lines: text?.getClientRects().length,
          overflow: element.scrollWidth - element.clientWidth,
          label: text?.textContent,
        }
      })
      expect(fit).toEqual({ lines: 1, overflow: 0, label })
    }
    // Two cards side by side: the second card's top is the first one's.
    const cards = main(page).getByRole('article')
    const [first, second] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()]
    expect(second?.y).toBe(first?.y)
  })
