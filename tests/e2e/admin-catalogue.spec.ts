import { expect, test } from '@playwright/test'
import { main, toasts, visit, watchErrors, withJs } from './support/page.ts'
import { adminNav, ownerToken, readyStaff, staffSignIn } from './support/staff.ts'

// The catalogue's taxonomy as a manager uses it, with and without
// JavaScript. Each test makes its own brand or category (named after the
// project), so the two projects never touch the same row.

const suffix = () => (withJs() ? 'js' : 'nojs')

test('a manager renames a brand; the old brand address leads to the new one in the shop', async ({ page, request }) => {
  const errors = watchErrors(page)
  const owner = await ownerToken(request)
  const unique = `${suffix()} ${Date.now().toString(36)}`
  const made = await request.post('/api/v1/admin/brands/', {
    headers: { Authorization: `Bearer ${owner}` },
    data: { name: `Maison Avant ${unique}`, country: 'FR' },
  })
  expect(made.status(), await made.text()).toBe(201)
  const brand = await made.json()

  const manager = await readyStaff(request, 'manager', 'Менеджер Каталога')
  await staffSignIn(page, manager)
  await adminNav(page).getByRole('link', { name: 'Каталог' }).click()
  await main(page).getByRole('link', { name: 'Бренды' }).first().click()
  await expect(main(page).getByRole('heading', { level: 1, name: 'Бренды' })).toBeVisible()
  await main(page).getByRole('link', { name: brand.name }).click()
  await page.waitForURL(new RegExp(`/ru/admin/catalogue/brands/${brand.id}$`))
  await expect(main(page).getByRole('heading', { level: 1, name: brand.name })).toBeVisible()
  await main(page).getByRole('textbox', { name: 'Название' }).fill(`Maison Après ${unique}`)
  await main(page).getByRole('button', { name: 'Сохранить' }).click()
  await expect(toasts(page).getByText('Сохранено.')).toBeVisible()
  const newSlug = `maison-apres-${unique.replace(' ', '-')}`
  await expect(main(page).getByRole('textbox', { name: 'Адрес (slug)' })).toHaveValue(newSlug)

  await visit(page, `/ru/products?brand=${brand.slug}`)
  await expect(page).toHaveURL(new RegExp(`/ru/products\\?brand=${newSlug}$`))
  await expect(main(page).getByRole('heading', { level: 1, name: `Maison Après ${unique}` })).toBeVisible()
  expect(errors).toEqual([])
})

test('a manager hides a category and it leaves the header menu', async ({ page, request }) => {
  const errors = watchErrors(page)
  const owner = await ownerToken(request)
  const title = `Тест ${suffix()} ${Date.now().toString(36)}`
  const made = await request.post('/api/v1/admin/categories/', {
    headers: { Authorization: `Bearer ${owner}` },
    data: { title: { uz: title, sr: title, ru: title }, in_header: true },
  })
  expect(made.status(), await made.text()).toBe(201)

  const strip = page.getByRole('navigation', { name: 'Категории' }).first()
  await visit(page, '/ru')
  await expect(strip.getByRole('link', { name: title })).toBeVisible()

  const manager = await readyStaff(request, 'manager', 'Менеджер Меню')
  await staffSignIn(page, manager)
  await visit(page, '/ru/admin/catalogue/categories')
  await main(page)
    .getByRole('button', { name: `Скрыть: ${title}` })
    .click()
  await expect(toasts(page).getByText('Скрыто в магазине.')).toBeVisible()
  await expect(main(page).getByRole('button', { name: `Показать: ${title}` })).toBeVisible()

  await visit(page, '/ru')
  await expect(
    page.getByRole('navigation', { name: 'Категории' }).first().getByRole('link', { name: title }),
  ).toHaveCount(0)
  expect(errors).toEqual([])
})
