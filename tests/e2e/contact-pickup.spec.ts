import { expect, test } from '@playwright/test'
import { main, visit } from './support/page.ts'

// Pickup points belong to the shop's contacts: the contacts page lists
// them (the seed has the shop itself), on a phone and a desktop, with and without JavaScript.
for (const viewport of [
  { width: 320, height: 640 },
  { width: 1280, height: 800 },
]) {
  test(`at ${viewport.width} px the contacts page shows where orders can be collected`, async ({ page }) => {
    await page.setViewportSize(viewport)
    await visit(page, '/ru/contact')
    const points = main(page).getByRole('region', { name: 'Пункты самовывоза' })
    const point = points.getByRole('listitem').filter({ hasText: 'Магазин Atir на Амира Темура' })
    await expect(point).toContainText('г. Ташкент, проспект Амира Темура, 15')
    await expect(point).toContainText('Часы работы: 10:00–21:00')
    await expect(point.getByRole('link', { name: 'Открыть на карте' })).toHaveAttribute('href', /pt=69\.2797,41\.3115/)
    // Nothing sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width)
  })
}

test('in Uzbek the pickup points are in Uzbek', async ({ page }) => {
  await visit(page, '/uz/contact')
  const points = main(page).getByRole('region', { name: 'Олиб кетиш нуқталари' })
  await expect(points.getByText('Амир Темурдаги Atir дўкони')).toBeVisible()
})
