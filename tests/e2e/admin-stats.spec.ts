import { expect, test } from '@playwright/test'
import type { ShopStatistics } from '#api/types.ts'
import { placeOrder, shopper } from './support/orders.ts'
import { main, visit, watchErrors } from './support/page.ts'
import { ownerToken, readyStaff, staffSignIn } from './support/staff.ts'

// The owner's statistics page, with and without JavaScript: an
// order placed today shows in today's figures, the period's charts come with
// their tables, and the export downloads the day's orders.

const product = 'dior-sauvage-eau-de-parfum-100-ml'

type Today = ShopStatistics['today']

async function today(request: Parameters<typeof ownerToken>[0]): Promise<Today> {
  const answer = await request.get('/api/v1/admin/stats/', {
    headers: { Authorization: `Bearer ${await ownerToken(request)}` },
  })
  expect(answer.status()).toBe(200)
  return (await answer.json()).today
}

/** The figure named `name` in a figures list: its value as shown. */
const figure = (scope: ReturnType<typeof main>, name: string) =>
  scope
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${name}$`) })
    .locator('xpath=following-sibling::dd[1]')

test("the owner's statistics page shows the day's orders", async ({ page, request }) => {
  const errors = watchErrors(page)
  const owner = await readyStaff(request, 'owner', 'Владелица Малика')
  await staffSignIn(page, owner)
  // The back office opens on the statistics for the owner.
  await expect(page).toHaveURL(/\/ru\/admin$/)
  await expect(main(page).getByRole('heading', { level: 1, name: 'Статистика' })).toBeVisible()

  // Other tests place orders too: the page must show ours on top of what was there before it.
  const before = await today(request)
  const who = await shopper(request, 'stats-pass-1', 'Камола')
  await placeOrder(request, who, 'cash', [product])
  await page.reload()
  const todays = main(page).getByRole('region', { name: 'Сегодня' })
  const shown = Number(((await figure(todays, 'Заказы').textContent()) ?? '').replace(/\D/g, ''))
  expect(shown).toBeGreaterThanOrEqual(before.orders + 1)

  // The last 7 days: charts, each described by the table of days.
  await main(page).getByRole('link', { name: '7 дней' }).click()
  await expect(page).toHaveURL(/period=7/)
  await expect(main(page).getByRole('img', { name: 'Заказы по дням' })).toBeVisible()
  await expect(main(page).getByRole('img', { name: 'Выручка по дням, сум' })).toBeVisible()
  // The numbers behind the charts, folded under them.
  await main(page).getByText('Таблица по дням', { exact: true }).first().click()
  const days = main(page).getByRole('table', { name: 'Таблица по дням' })
  await expect(days.getByRole('row')).toHaveCount(8)

  // A period the shop cannot show is said, with the typed dates kept.
  await main(page).getByLabel('С', { exact: true }).fill('2026-11-20')
  await main(page).getByLabel('По', { exact: true }).fill('2026-11-01')
  await main(page).getByRole('button', { name: 'Показать' }).click()
  await expect(main(page).getByRole('alert')).toContainText('Конечная дата не может быть раньше начальной.')
  await expect(main(page).getByLabel('По', { exact: true })).toHaveValue('2026-11-01')

  // The accountant's file for today.
  await visit(page, '/ru/admin')
  const download = page.waitForEvent('download')
  await main(page).getByRole('link', { name: 'Заказы за период, CSV' }).click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/)
  expect(errors).toEqual([])
})
