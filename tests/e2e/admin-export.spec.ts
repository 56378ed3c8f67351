import { readFile } from 'node:fs/promises'
import { expect, type Page, test } from '@playwright/test'
import { parse } from 'csv-parse/sync'
import ExcelJS from 'exceljs'
import { main, visit, watchErrors } from './support/page.ts'
import { readyStaff, staffSignIn } from './support/staff.ts'

// The product list's "export" takes its filters along; the file (CSV and XLSX, with and
// without JavaScript) holds exactly the products the filtered list shows.

/** The file a click on `button` downloads. */
async function download(page: Page, button: string) {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    main(page).getByRole('button', { name: button }).click(),
  ])
  const path = await file.path()
  return { name: file.suggestedFilename(), bytes: await readFile(path) }
}

test('a manager exports the filtered product list as CSV and XLSX', async ({ page, request }) => {
  const errors = watchErrors(page)
  const manager = await readyStaff(request, 'manager', 'Менеджер Дилшод')
  await staffSignIn(page, manager)
  await visit(page, '/ru/admin/products?q=Sauvage')
  const titles = await main(page).getByRole('table').getByRole('link').allTextContents()
  expect(titles.length).toBeGreaterThan(1)

  await main(page).getByRole('link', { name: 'Экспорт' }).click()
  await expect(main(page).getByRole('heading', { level: 1, name: 'Экспорт' })).toBeVisible()
  await expect(main(page).getByRole('searchbox', { name: 'Поиск' })).toHaveValue('Sauvage')

  const csv = await download(page, 'Скачать CSV')
  expect(csv.name).toMatch(/\.csv$/)
  const records: Record<string, string>[] = parse(csv.bytes, { bom: true, columns: true, delimiter: ';' })
  expect(records.map((r) => r.title_ru).sort()).toEqual([...titles].sort())
  expect(records.every((r) => r.slug && Number(r.price) > 0)).toBe(true)

  const xlsx = await download(page, 'Скачать XLSX')
  expect(xlsx.name).toMatch(/\.xlsx$/)
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(xlsx.bytes as unknown as ArrayBuffer)
  const sheet = workbook.worksheets[0]!
  const header = (sheet.getRow(1).values as unknown[]).map(String)
  const titleColumn = header.indexOf('title_ru')
  const fromSheet: string[] = []
  sheet.eachRow((row, n) => {
    if (n > 1) fromSheet.push(String((row.values as unknown[])[titleColumn]))
  })
  expect(fromSheet.sort()).toEqual([...titles].sort())

  // Brands and categories are chosen by name, not by a number to look up.
  await main(page).getByRole('combobox', { name: 'Бренд' }).selectOption({ label: 'Dior' })
  const dior = await download(page, 'Скачать CSV')
  const diorRecords: Record<string, string>[] = parse(dior.bytes, { bom: true, columns: true, delimiter: ';' })
  expect(diorRecords.length).toBeGreaterThan(0)
  expect(diorRecords.every((r) => r.brand === 'dior' && titles.includes(r.title_ru ?? ''))).toBe(true)
  expect(errors).toEqual([])
})
