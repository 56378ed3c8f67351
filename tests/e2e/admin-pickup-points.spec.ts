import { expect, test } from '@playwright/test'
import { main, toasts, visit, watchErrors } from './support/page.ts'
import { readyStaff, staffSignIn } from './support/staff.ts'

// The content editor keeps the shop's pickup points (the checkout offers them);
// saving the contacts form leaves them as they are. With and without JavaScript.

test('a content editor adds a pickup point, the shop lists it, and removes it again', async ({
  page,
  request,
}, info) => {
  const errors = watchErrors(page)
  const editor = await readyStaff(request, 'content', 'Редактор Камола')
  await staffSignIn(page, editor)
  const name = `Пункт на Чиланзаре ${info.project.name}`

  await visit(page, '/ru/admin/content/settings')
  const added = main(page).getByRole('group', { name: 'Новый пункт' })
  await added.getByLabel(/^Название · Русский/).fill(name)
  await added.getByLabel(/^Адрес · Русский/).fill('Чиланзар, 9-й квартал, 5')
  await added.getByLabel('Часы работы').fill('09:00–18:00')
  await added.getByLabel('Широта').fill('41.2856')
  await main(page).getByRole('button', { name: 'Сохранить пункты' }).click()
  // Without a map point the row is refused, in the editor's language, with what was typed.
  await expect(added.getByLabel('Долгота')).toHaveAttribute('aria-invalid', 'true')
  await expect(added.getByLabel(/^Название · Русский/)).toHaveValue(name)
  await added.getByLabel('Долгота').fill('69.2040')
  await main(page).getByRole('button', { name: 'Сохранить пункты' }).click()
  await expect(toasts(page).getByText('Сохранено.')).toBeVisible()
  const point = main(page).getByRole('group', { name: new RegExp(`^Пункт \\d+: ${name}$`) })
  await expect(point).toHaveCount(1)

  // The contacts form saved on its own keeps the points.
  await main(page).getByRole('button', { name: 'Сохранить', exact: true }).first().click()
  await expect(toasts(page).getByText('Сохранено.')).toBeVisible()
  await expect(point).toHaveCount(1)

  await visit(page, '/ru/contact')
  const listed = main(page).getByRole('region', { name: 'Пункты самовывоза' })
  await expect(listed.getByText(name)).toBeVisible()
  await expect(listed.getByText('Часы работы: 09:00–18:00')).toBeVisible()

  await visit(page, '/ru/admin/content/settings')
  await point.getByRole('checkbox', { name: 'Удалить этот пункт' }).check()
  await main(page).getByRole('button', { name: 'Сохранить пункты' }).click()
  await expect(toasts(page).getByText('Сохранено.')).toBeVisible()
  await visit(page, '/ru/contact')
  await expect(main(page).getByText(name)).toHaveCount(0)
  await expect(main(page).getByText('Магазин Atir на Амира Темура')).toBeVisible()
  expect(errors).toEqual([])
})
