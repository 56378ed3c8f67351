import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import sharp from 'sharp'
import { hydrated, main, toasts, visit, withJs } from './support/page.ts'
import { messagesTo, nextCode } from './support/sms.ts'

// One customer per project, made in beforeAll: the API caps SMS codes per address a day.
test.describe.configure({ mode: 'serial' })

const mobileCodes = ['90', '91', '93', '94', '95', '97', '98', '99', '33', '88']
let counter = 0
function freshPhone(project: string) {
  counter++
  const salt = [...project].reduce((sum, c) => sum + c.charCodeAt(0), 0) * 7_919 + 4_242
  const operator = mobileCodes[(Date.now() + counter + salt) % mobileCodes.length]
  return `${operator}${String((Date.now() * 17 + counter * 104_729 + salt) % 10_000_000).padStart(7, '0')}`
}

async function register(request: APIRequestContext, national: string, password: string) {
  const phone = `+998${national}`
  const seen = messagesTo(national).length
  const entry = await request.post('/api/v1/account/registration/entrypoint/', { data: { phone } })
  expect(entry.status()).toBe(200)
  const { session } = await entry.json()
  const code = await nextCode(national, seen)
  const verify = await request.post('/api/v1/account/registration/verify/', { data: { phone, code, session } })
  const { signature } = await verify.json()
  const done = await request.post('/api/v1/account/registration/register/', {
    data: { password, full_name: 'Dilnoza Karimova', signature },
  })
  expect(done.status()).toBe(201)
}

const customer = { national: '', password: 'first-pass-1' }

test.beforeAll(async ({ request }, info) => {
  customer.national = freshPhone(info.project.name)
  await register(request, customer.national, customer.password)
})

/** Signs in on the login page and comes back to `to`. */
async function signIn(page: Page, to: string) {
  await visit(page, `/ru/login?redirectTo=${encodeURIComponent(to)}`)
  await main(page).getByRole('textbox', { name: 'Номер телефона' }).fill(customer.national)
  await main(page).getByLabel('Пароль', { exact: true }).fill(customer.password)
  await main(page).getByRole('button', { name: 'Войти' }).click()
  await expect(page).toHaveURL(new RegExp(`${to.replaceAll('/', '\\/')}$`))
  await hydrated(page)
}

const png = () =>
  sharp({ create: { width: 320, height: 320, channels: 3, background: '#f62559' } })
    .png()
    .toBuffer()

test('edit the profile with a photo; a text file named .png is refused and the typed values stay', async ({ page }) => {
  await signIn(page, '/ru/profile/edit')
  const form = main(page)
  // One model of a name: the field registration filled, whole, under the same label; no separate surname.
  const name = form.getByRole('textbox', { name: 'Имя и фамилия' })
  await expect(name).toHaveValue('Dilnoza Karimova')
  await expect(form.getByRole('textbox', { name: 'Фамилия', exact: true })).toHaveCount(0)
  await name.fill('Азиза Каримова')
  // With JavaScript the photo control speaks the shop's language and names the chosen file.
  if (withJs()) await expect(form.getByText('Файл не выбран')).toBeVisible()
  await form
    .getByLabel('Фото')
    .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') })
  if (withJs()) await expect(form.getByText('photo.png')).toBeVisible()
  await form.getByRole('button', { name: 'Сохранить' }).click()
  await expect(form.getByText('Загрузите изображение в правильном формате: JPG или PNG.').first()).toBeVisible()
  await expect(name).toHaveValue('Азиза Каримова')

  await form.getByRole('textbox', { name: 'Дополнительный телефон' }).fill('901234567')
  await form.getByLabel('Фото').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await png() })
  await form.getByRole('button', { name: 'Сохранить' }).click()
  await expect(page).toHaveURL(/\/ru\/profile$/)
  await expect(toasts(page).getByText('Данные сохранены.')).toBeVisible()
  await expect(main(page).getByText('Азиза Каримова')).toBeVisible()
  await expect(main(page).getByText('+998 90 123 45 67')).toBeVisible()
  const avatar = main(page).locator('img.profile-avatar')
  await expect(avatar).toHaveAttribute('src', /\/api\/v1\/media\/small\/.+\.small\.png$/)
  // Decoded, once the browser has fetched it (the src is there before the picture is).
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
})

test('change the password: wrong current one, a mismatch, then done', async ({ page }) => {
  await signIn(page, '/ru/profile/settings')
  await main(page).getByRole('link', { name: 'Сменить пароль' }).click()
  await expect(page).toHaveURL(/\/ru\/profile\/settings\/change-password$/)
  const form = main(page)
  await form.getByLabel('Текущий пароль').fill('wrong-one')
  await form.getByLabel('Новый пароль').fill('second-pass-2')
  await form.getByLabel('Повторите пароль').fill('second-pass-2')
  await form.getByRole('button', { name: 'Сменить пароль' }).click()
  await expect(form.getByText('Текущий пароль не указан или неверен.').first()).toBeVisible()

  await form.getByLabel('Текущий пароль').fill(customer.password)
  await form.getByLabel('Новый пароль').fill('second-pass-2')
  await form.getByLabel('Повторите пароль').fill('other-pass-3')
  await form.getByRole('button', { name: 'Сменить пароль' }).click()
  await expect(form.getByText('Пароли не совпадают').first()).toBeVisible()

  await form.getByLabel('Текущий пароль').fill(customer.password)
  await form.getByLabel('Новый пароль').fill('second-pass-2')
  await form.getByLabel('Повторите пароль').fill('second-pass-2')
  await form.getByRole('button', { name: 'Сменить пароль' }).click()
  await expect(page).toHaveURL(/\/ru\/profile\/settings$/)
  await expect(toasts(page).getByText('Пароль изменён.')).toBeVisible()
  customer.password = 'second-pass-2'
})

test('change the number with the SMS code sent to the new one', async ({ page }) => {
  await signIn(page, '/ru/profile/settings/change-number')
  const next = freshPhone(test.info().project.name)
  const seen = messagesTo(next).length
  await main(page).getByRole('textbox', { name: 'Новый номер телефона' }).fill(next)
  await main(page).getByRole('button', { name: 'Получить код' }).click()
  await expect(main(page).getByText(/Код отправлен на номер/)).toBeVisible()
  const code = await nextCode(next, seen)
  await main(page).getByRole('textbox', { name: 'Код из SMS' }).fill(code)
  if (!withJs()) await main(page).getByRole('button', { name: 'Подтвердить' }).click()
  await expect(page).toHaveURL(/\/ru\/profile\/settings$/)
  await expect(toasts(page).getByText('Номер изменён.')).toBeVisible()
  customer.national = next
  await visit(page, '/ru/profile')
  await expect(main(page).getByText(`+998 ${next.slice(0, 2)} ${next.slice(2, 5)}`)).toBeVisible()
})

test('send feedback and a bug report with a screenshot from the profile help', async ({ page }) => {
  await signIn(page, '/ru/profile/help')
  // The checkout has a map only with a maps key: the answer asks for the address fields, the map is a maybe.
  await expect(
    main(page).getByText(/укажите адрес доставки — область, район, улицу и дом \(если на странице/),
  ).toBeVisible()
  await main(page).getByRole('link', { name: 'Обратная связь' }).click()
  await expect(page).toHaveURL(/\/ru\/feedback$/)
  await expect(main(page).getByRole('textbox', { name: 'Ваше имя' })).toHaveValue('Азиза Каримова')
  await main(page).getByRole('button', { name: 'Отправить' }).click()
  await expect(main(page).getByText('Обязательное поле').first()).toBeVisible()
  await main(page).getByRole('textbox', { name: 'Сообщение' }).fill('Спасибо за быструю доставку!')
  // A phone for an SMS reply is optional, but checked like every phone of the shop.
  const phone = main(page).getByRole('textbox', { name: 'Телефон (необязательно)' })
  await phone.fill('12345')
  await main(page).getByRole('button', { name: 'Отправить' }).click()
  await expect(main(page).getByText('Проверьте номер телефона')).toBeVisible()
  await expect(main(page).getByRole('textbox', { name: 'Сообщение' })).toHaveValue('Спасибо за быструю доставку!')
  await phone.fill('90 123 45 67')
  await main(page).getByRole('button', { name: 'Отправить' }).click()
  await expect(toasts(page).getByText('Отправлено. Спасибо!')).toBeVisible()

  await visit(page, '/ru/profile/help')
  await main(page).getByRole('link', { name: 'Сообщить об ошибке' }).click()
  await expect(page).toHaveURL(/\/ru\/bug-report\?from=/)
  await expect(main(page).getByRole('textbox', { name: 'Страница' })).toHaveValue('/ru/profile/help')
  await main(page).getByRole('textbox', { name: 'Что случилось?' }).fill('Кнопка не нажимается')
  await main(page)
    .getByLabel('Снимок экрана')
    .setInputFiles({ name: 'shot.png', mimeType: 'image/png', buffer: await png() })
  await main(page).getByRole('button', { name: 'Отправить' }).click()
  await expect(page).toHaveURL(/\/ru\/profile\/help$/)
  await expect(toasts(page).getByText('Отправлено. Спасибо!')).toBeVisible()
})

test('the balance page shows the cashback balance and its history', async ({ page }) => {
  await signIn(page, '/ru/profile')
  await page.getByRole('navigation', { name: 'Разделы профиля' }).getByRole('link', { name: 'Баланс кешбэка' }).click()
  await expect(page).toHaveURL(/\/ru\/profile\/balance$/)
  await expect(main(page).getByRole('heading', { level: 1, name: 'Баланс кешбэка' })).toBeVisible()
  await expect(main(page).getByText('Начислений и списаний пока не было.')).toBeVisible()
})

test('delete the account: a bare post deletes nothing; the password confirms it; home with a toast', async ({
  page,
}) => {
  await signIn(page, '/ru/profile/settings')
  // Same origin and signed in, but no confirmation: the page again, the account still there.
  const bare = await page.request.post('/ru/profile/delete', { form: {}, maxRedirects: 0 })
  expect(bare.status()).toBe(400)
  expect(await bare.text()).toContain('Аккаунт не удалён: подтвердите удаление кнопкой «Удалить».')
  // A wrong password: the page says so, and the account stays.
  await visit(page, '/ru/profile/delete')
  await main(page).getByLabel('Текущий пароль').fill('not-my-password')
  await main(page).getByRole('button', { name: 'Удалить' }).click()
  await expect(main(page).getByText('Текущий пароль не указан или неверен.').first()).toBeVisible()
  await visit(page, '/ru/profile/settings')
  await expect(page).toHaveURL(/\/ru\/profile\/settings$/)
  // The modal with JavaScript, the page without; the password confirms.
  await main(page).getByRole('link', { name: 'Удалить аккаунт' }).click()
  const confirmation = withJs() ? page.getByRole('dialog', { name: 'Удалить аккаунт?' }) : main(page)
  if (!withJs()) await expect(page).toHaveURL(/\/ru\/profile\/delete$/)
  await confirmation.getByLabel('Текущий пароль').fill(customer.password)
  await confirmation.getByRole('button', { name: 'Удалить' }).click()
  await expect(page).toHaveURL(/\/ru$/)
  await expect(toasts(page).getByText('Аккаунт удалён.')).toBeVisible()
  await visit(page, '/ru/profile')
  await expect(page).toHaveURL(/\/ru\/login\?redirectTo=%2Fru%2Fprofile$/)
})
