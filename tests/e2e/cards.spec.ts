import { expect, type Page, test } from '@playwright/test'
import { registerCustomer } from './support/customer.ts'
import { main, toasts, wake, withJs } from './support/page.ts'
import { messagesTo, nextCode } from './support/sms.ts'

// One customer per project, made in beforeAll: the API caps SMS codes per address a day.
test.describe.configure({ mode: 'serial' })

const customer = { national: '', password: 'card-pass-1' }

test.beforeAll(async ({ request }) => {
  customer.national = await registerCustomer(request, customer.password, 'Dilnoza Karimova')
})

const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0')

/** With JavaScript, waits until the page has hydrated (the search box becomes a combobox). */
async function hydrated(page: Page) {
  await wake(page)
  if (withJs()) await expect(page.getByRole('combobox', { name: 'Поиск товаров' })).toBeVisible()
}

/** Errors the page logs (hydration mismatches, uncaught exceptions); the test ends expecting none. */
function watchErrors(page: Page) {
  const errors: string[] = []
  page.on('console', (message) => {
    // The refused forms answer 400: that is the page working, not a script error.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

async function signIn(page: Page, to: string) {
  await page.goto(`/ru/login?redirectTo=${encodeURIComponent(to)}`)
  await hydrated(page)
  await main(page).getByRole('textbox', { name: 'Номер телефона' }).fill(customer.national)
  await main(page).getByLabel('Пароль', { exact: true }).fill(customer.password)
  await main(page).getByRole('button', { name: 'Войти' }).click()
  await expect(page).toHaveURL(new RegExp(`${to.replaceAll('/', '\\/')}$`))
  await hydrated(page)
}

test('the cards page asks to sign in', async ({ page }) => {
  await page.goto('/ru/profile/cards')
  await expect(page).toHaveURL(/\/ru\/login\?redirectTo=%2Fru%2Fprofile%2Fcards$/)
})

test('add a card with the SMS code, see it listed, remove it', async ({ page }) => {
  const errors = watchErrors(page)
  await signIn(page, '/ru/profile/cards')
  const form = main(page)
  await expect(form.getByRole('heading', { name: 'Мои карты', level: 1 })).toBeVisible()
  await expect(form.getByText('Сохранённых карт пока нет.')).toBeVisible()

  const number = form.getByRole('textbox', { name: 'Номер карты' })
  const expiry = form.getByRole('textbox', { name: 'Срок действия' })
  if (withJs()) {
    // The number is grouped by fours and the slash put in while typing.
    await number.pressSequentially('8600069195406311')
    await expect(number).toHaveValue('8600 0691 9540 6311')
    await expiry.pressSequentially('1330')
    await expect(expiry).toHaveValue('13/30')
  } else {
    await number.fill('8600 0691 9540 6311')
    await expiry.fill('13/30')
  }
  await form.getByRole('button', { name: 'Получить код' }).click()
  await expect(form.getByText('Срок действия в формате ММ/ГГ.').first()).toBeVisible()
  // The typed number stays for the next try.
  await expect(number).toHaveValue(/^8600 ?0691 ?9540 ?6311$/)

  const seen = messagesTo(customer.national).length
  await expiry.fill(`03/${nextYear}`)
  await form.getByRole('button', { name: 'Получить код' }).click()
  await expect(page).toHaveURL(/\/ru\/profile\/cards\?card=\d+$/)
  await expect(form.getByRole('heading', { name: 'Подтверждение карты' })).toBeVisible()
  await expect(form.getByText(/Введите код из SMS, отправленный на номер \+998 \d\d \*\*\* \*\* \d\d/)).toBeVisible()
  const code = await nextCode(customer.national, seen)
  expect(messagesTo(customer.national).at(-1)?.text).toContain('8600 **** **** 6311')

  const wrong = code === '000000' ? '111111' : '000000'
  await form.getByRole('textbox', { name: 'Код из SMS' }).fill(wrong)
  await form.getByRole('button', { name: 'Подтвердить' }).click()
  await expect(form.getByText('Неверный код. Осталось попыток: 4.').first()).toBeVisible()

  await form.getByRole('textbox', { name: 'Код из SMS' }).fill(code)
  await form.getByRole('button', { name: 'Подтвердить' }).click()
  await expect(page).toHaveURL(/\/ru\/profile\/cards$/)
  await expect(toasts(page).getByText('Карта сохранена.')).toBeVisible()
  const list = form.getByRole('list', { name: 'Сохранённые карты' })
  await expect(list.getByRole('listitem')).toHaveCount(1)
  await expect(list).toContainText('Uzcard')
  await expect(list).toContainText('8600 **** **** 6311')
  await expect(list).toContainText(`до 03/${nextYear}`)
  // The full number is nowhere on the page.
  expect(await page.content()).not.toContain('8600069195406311')
  expect(await page.content()).not.toContain('8600 0691 9540 6311')

  await list.getByRole('link', { name: 'Удалить карту 8600 **** **** 6311' }).click()
  if (withJs()) {
    const dialog = page.getByRole('dialog', { name: 'Удалить карту?' })
    await expect(dialog).toBeVisible()
    await dialog.getByRole('button', { name: 'Удалить' }).click()
  } else {
    await expect(page).toHaveURL(/\/ru\/profile\/cards\?remove=\d+$/)
    const confirm = form.getByRole('region', { name: 'Удалить карту?' })
    await expect(confirm.getByText('Карта 8600 **** **** 6311 будет удалена из вашего профиля.')).toBeVisible()
    await confirm.getByRole('button', { name: 'Удалить' }).click()
  }
  await expect(page).toHaveURL(/\/ru\/profile\/cards$/)
  await expect(toasts(page).getByText('Карта удалена.')).toBeVisible()
  await expect(form.getByText('Сохранённых карт пока нет.')).toBeVisible()
  expect(errors).toEqual([])
})
