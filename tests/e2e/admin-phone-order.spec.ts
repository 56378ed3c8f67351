import { expect, type Page, test } from '@playwright/test'
import { freshPhone } from './support/customer.ts'
import { main, visit, watchErrors, withJs } from './support/page.ts'
import { readyStaff, staffSignIn } from './support/staff.ts'

// The phone order on a 360 px phone, with and without JavaScript: a short form
// whose parts follow the choices (pickup hides the address, Tashkent's districts
// come from a list), the rarely needed parts folded, and its totals under their
// own heading — recalculated in place as the choices change with JavaScript,
// by the "recalculate" button without it.

const phone = { width: 360, height: 740 }
test.use({ viewport: phone })

const totals = (page: Page) => main(page).getByRole('region', { name: 'Итог заказа' })
const total = (page: Page) => totals(page).getByRole('definition').filter({ hasText: 'сум' }).nth(0)

/** How many phone screens the page takes, top to bottom. */
const screens = (page: Page) => page.evaluate((h) => document.documentElement.scrollHeight / h, phone.height)

async function addSauvage(page: Page) {
  await main(page).getByRole('searchbox', { name: 'Добавить товар: название, бренд или артикул' }).fill('Dior Sauvage')
  await main(page).getByRole('button', { name: 'Найти', exact: true }).click()
  await main(page)
    .getByRole('list', { name: 'Найденные товары' })
    .getByRole('button', { name: /^Добавить «Dior Sauvage/ })
    .first()
    .click()
  await expect(totals(page)).toBeVisible()
}

test('a phone order fits three screens and shows only what the choices need', async ({ page, request }) => {
  test.setTimeout(120_000)
  const errors = watchErrors(page)
  const manager = await readyStaff(request, 'manager', `Менеджер Дилноза ${withJs() ? 'js' : 'nojs'}`)
  await staffSignIn(page, manager)
  await visit(page, '/ru/admin/orders/new')
  const form = main(page)

  // Pickup first: the point is asked, no address; the receiver and the discounts folded.
  await expect(form.getByRole('radio', { name: 'Самовывоз' })).toBeChecked()
  await expect(form.getByRole('combobox', { name: 'Пункт самовывоза' })).toBeVisible()
  await expect(form.getByRole('textbox', { name: 'Улица' })).toBeHidden()
  await expect(form.getByRole('textbox', { name: 'Имя получателя' })).toBeHidden()
  await expect(form.getByRole('textbox', { name: 'Промокод' })).toBeHidden()

  await form.getByRole('textbox', { name: 'Телефон покупателя' }).fill(`+998${freshPhone()}`)
  await form.getByRole('textbox', { name: 'Имя (для нового покупателя)' }).fill('Дилшод')
  await addSauvage(page)
  await expect(totals(page).getByRole('heading', { name: 'Итог заказа' })).toBeVisible()
  await expect(form.getByRole('region', { name: 'Итог после изменений' })).toHaveCount(0)

  // A courier: the address instead of the point; Tashkent's districts from the list.
  await form.getByRole('radio', { name: 'Курьер' }).check()
  await expect(form.getByRole('textbox', { name: 'Улица' })).toBeVisible()
  await expect(form.getByRole('combobox', { name: 'Пункт самовывоза' })).toBeHidden()
  await expect(form.getByRole('combobox', { name: 'Район Ташкента' })).toBeVisible()
  await expect(form.getByRole('textbox', { name: 'Район или город (вне Ташкента)' })).toBeHidden()
  expect(await screens(page)).toBeLessThanOrEqual(3)

  // Another region: its district is typed.
  await form.getByRole('combobox', { name: 'Область' }).selectOption({ label: 'Самаркандская область' })
  await expect(form.getByRole('textbox', { name: 'Район или город (вне Ташкента)' })).toBeVisible()
  await expect(form.getByRole('combobox', { name: 'Район Ташкента' })).toBeHidden()

  // The folds open on a tap, and what is typed in them is kept by the next post.
  await form.getByText('Получатель (если не сам покупатель)').click()
  await form.getByRole('textbox', { name: 'Имя получателя' }).fill('Севинч')
  await form.getByRole('button', { name: 'Пересчитать' }).click()
  await expect(form.getByRole('textbox', { name: 'Имя получателя' })).toHaveValue('Севинч')
  expect(errors).toEqual([])
})

test('the totals follow a quantity changed: in place with JavaScript, by the button without', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const errors = watchErrors(page)
  const manager = await readyStaff(request, 'manager', `Менеджер Азиза ${withJs() ? 'js' : 'nojs'}`)
  await staffSignIn(page, manager)
  await visit(page, '/ru/admin/orders/new')
  await main(page).getByRole('textbox', { name: 'Телефон покупателя' }).fill(`+998${freshPhone()}`)
  await main(page).getByRole('textbox', { name: 'Имя (для нового покупателя)' }).fill('Отабек')
  await addSauvage(page)
  const one = await total(page).textContent()

  await main(page).getByRole('textbox', { name: 'Имя (для нового покупателя)' }).fill('Отабек Юсупов')
  await main(page)
    .getByRole('spinbutton', { name: /^Dior Sauvage/ })
    .fill('2')
  if (!withJs()) await main(page).getByRole('button', { name: 'Пересчитать' }).click()
  await expect(total(page)).not.toHaveText(one ?? '')
  // With JavaScript nothing was re-rendered around the name being typed.
  await expect(main(page).getByRole('textbox', { name: 'Имя (для нового покупателя)' })).toHaveValue('Отабек Юсупов')
  expect(errors).toEqual([])
})
