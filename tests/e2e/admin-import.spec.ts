import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import { main, toasts, visit, watchErrors, withJs } from './support/page.ts'
import { readyStaff, staffSignIn } from './support/staff.ts'

// A manager imports a spreadsheet changing 100 prices, sees them in the shop,
// and undoes it, with and without JavaScript. The two projects
// change different products, away from the ones other specs buy and check.

type Row = { slug: string; price: number }

/** 100 products without a sale: the JS run takes the last hundred of the catalogue, the no-JS run the hundred before. */
async function productsToChange(request: APIRequestContext, token: string): Promise<Row[]> {
  const exported = await request.get('/api/v1/admin/products/export/?format=csv&sheet=stock', {
    headers: { Authorization: `Bearer ${token}` },
  })
  expect(exported.status()).toBe(200)
  const [header, ...lines] = (await exported.text())
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/)
  const columns = header!.split(';')
  const rows = lines
    .map((line) => line.split(';'))
    // Titles with a `;` come quoted: those rows are left out rather than parsed here.
    .filter((cells) => cells.length === columns.length)
    .map((cells) => Object.fromEntries(columns.map((c, i) => [c, cells[i]])))
    .filter((row) => row.sale_price === '')
    .map((row) => ({ slug: row.slug ?? '', price: Number(row.price) }))
  const end = withJs() ? rows.length : rows.length - 100
  return rows.slice(end - 100, end)
}

/** The price the product page shows first ("1 234 000 сум"). */
async function shopPrice(page: Page, slug: string) {
  await visit(page, `/ru/products/${slug}`)
  // The page's own price, not one of its line's choices.
  const price = page.locator('.product__summary > .price').getByText(/^[\d\s]+сум$/)
  return Number((await price.textContent())?.replace(/\D/g, ''))
}

test('a manager imports a spreadsheet changing 100 prices, sees them in the shop and undoes it', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000)
  const errors = watchErrors(page)
  const manager = await readyStaff(request, 'manager', 'Менеджер Импорт')
  const rows = await productsToChange(request, manager.token)
  expect(rows).toHaveLength(100)
  const csv = ['slug;price', ...rows.map((r) => `${r.slug};${r.price + 7000}`)].join('\r\n')

  await staffSignIn(page, manager)

  // The import is reached from the product list.
  await visit(page, '/ru/admin/products')
  await main(page).getByRole('navigation', { name: 'Товары' }).getByRole('link', { name: 'Импорт' }).click()
  await expect(main(page).getByRole('heading', { level: 1, name: 'Импорт товаров' })).toBeVisible()
  await main(page)
    .getByLabel('Файл (XLSX или CSV, до 20 МБ)')
    .setInputFiles({ name: 'prices.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${csv}`) })
  await main(page).getByRole('radio', { name: 'Только цены и остатки' }).check()
  await main(page).getByRole('button', { name: 'Проверить файл' }).click()

  // The batch page: progress while the file is checked, then the preview (it refreshes by itself).
  await expect(page).toHaveURL(/\/ru\/admin\/batches\/\d+$/)
  await expect(
    main(page).getByText('Строк: 100. Будет создано: 0, изменено: 100, без изменений: 0, отклонено: 0.'),
  ).toBeVisible({ timeout: 30_000 })
  const first = main(page).getByRole('row').filter({ hasText: rows[0]!.slug })
  // The field by its name and the sum grouped, as staff read them: "Цена: 428 000 → 435 000".
  await expect(first.getByText('Цена', { exact: true })).toBeVisible()
  const grouped = (sum: number) => new RegExp(`^${String(sum).replace(/\B(?=(\d{3})+$)/g, '\\s')}$`)
  await expect(first.getByRole('deletion')).toHaveText(grouped(rows[0]!.price))
  await expect(first.getByRole('insertion')).toHaveText(grouped(rows[0]!.price + 7000))
  // Nothing is written before "Apply".
  const batchUrl = page.url()
  expect(await shopPrice(page, rows[0]!.slug)).toBe(rows[0]!.price)

  await visit(page, new URL(batchUrl).pathname)
  // Applied in the background: the page follows it (with JS by polling, without by refreshing itself).
  await main(page).getByRole('button', { name: 'Применить' }).click()
  await expect(toasts(page).getByText('Изменения применяются.')).toBeVisible()
  await expect(main(page).getByText(/^Применён .*Отменить можно до/)).toBeVisible({ timeout: 30_000 })
  for (const row of [rows[0], rows[57], rows[99]]) expect(await shopPrice(page, row!.slug)).toBe(row!.price + 7000)

  await visit(page, new URL(batchUrl).pathname)
  await main(page).getByRole('button', { name: 'Отменить' }).click()
  await expect(toasts(page).getByText('Изменения отменяются.')).toBeVisible()
  await expect(main(page).getByText(/^Отменён /)).toBeVisible({ timeout: 30_000 })
  for (const row of [rows[0], rows[99]]) expect(await shopPrice(page, row!.slug)).toBe(row!.price)
  expect(errors).toEqual([])
})
