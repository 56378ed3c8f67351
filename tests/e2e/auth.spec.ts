import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, test } from '@playwright/test'
import { freshPhone, registerCustomer } from './support/customer.ts'
import { toasts, visit, watchErrors, withJs } from './support/page.ts'
import { messagesTo, nextCode } from './support/sms.ts'

// Where the journeys begin: a page to come back to after signing in (the query makes it not just "home").
const start = '/ru?from=auth-test'

/** The API allows a new code for a number 60 s after the last one (whatever it was for). */
async function waitForCodeCooldown(national: string) {
  const last = messagesTo(national).at(-1)
  if (!last) return
  const wait = new Date(last.at).getTime() + 61_000 - Date.now()
  if (wait > 0) await new Promise((done) => setTimeout(done, wait))
}
const header = (page: Page) => page.getByRole('banner')

/** Opens a sign-in view: the dialog over the page with JavaScript, the page without. */
async function openAuth(page: Page, view: 'login' | 'register' | 'reset') {
  await header(page).getByRole('link', { name: 'Войти' }).click()
  const titles = { login: 'Вход', register: 'Регистрация', reset: 'Восстановление пароля' }
  const scope = withJs() ? page.getByRole('dialog', { name: 'Вход' }) : page.getByRole('main')
  await expect(scope).toBeVisible()
  if (view === 'register') await scope.getByRole('link', { name: 'Зарегистрироваться' }).click()
  if (view === 'reset') await scope.getByRole('link', { name: 'Забыли пароль?' }).click()
  if (withJs()) {
    const dialog = page.getByRole('dialog', { name: titles[view] })
    await expect(dialog).toBeVisible()
    return dialog
  }
  await expect(page.getByRole('heading', { level: 1, name: titles[view] })).toBeVisible()
  return page.getByRole('main')
}

/** Types the SMS code: with JavaScript the form goes at the sixth digit, without it the button does. */
async function enterCode(scope: ReturnType<Page['getByRole']>, code: string) {
  await scope.getByRole('textbox', { name: 'Код из SMS' }).fill(code)
  if (!withJs()) await scope.getByRole('button', { name: 'Подтвердить' }).click()
}

async function login(page: Page, national: string, password: string) {
  const scope = await openAuth(page, 'login')
  await scope.getByRole('textbox', { name: 'Номер телефона' }).fill(national)
  await scope.getByLabel('Пароль', { exact: true }).fill(password)
  await scope.getByRole('button', { name: 'Войти' }).click()
  await expect(toasts(page).getByText('Вы успешно вошли в аккаунт')).toBeVisible()
  await expect(header(page).getByRole('button', { name: 'Меню профиля' })).toBeVisible()
}

/**
 * After step 3: the dialog closes, as after login (SPEC §4); the page (no JavaScript) shows step 4 and
 * its button back to where the shopper was.
 */
async function expectRegistered(page: Page, scope: ReturnType<Page['getByRole']>) {
  await expect(toasts(page).getByText('Вы успешно зарегистрировались')).toBeVisible()
  if (withJs()) {
    await expect(page.getByRole('dialog')).toHaveCount(0)
  } else {
    await expect(scope.getByText('Готово!')).toBeVisible()
    await scope.getByRole('link', { name: 'Продолжить покупки' }).click()
  }
  await expect(header(page).getByRole('button', { name: 'Меню профиля' })).toBeVisible()
}

async function logout(page: Page) {
  await header(page).getByRole('button', { name: 'Меню профиля' }).click()
  await header(page).getByRole('link', { name: 'Выйти' }).click()
  if (withJs()) {
    const dialog = page.getByRole('dialog', { name: 'Выход из аккаунта' })
    await expect(dialog.getByText('Вы действительно хотите выйти из аккаунта?')).toBeVisible()
    await dialog.getByRole('button', { name: 'Выйти' }).click()
  } else {
    await expect(page.getByRole('heading', { level: 1, name: 'Выход из аккаунта' })).toBeVisible()
    await page.getByRole('main').getByRole('button', { name: 'Выйти' }).click()
  }
  // The newest toast is the first, in front of any earlier one.
  await expect(toasts(page).getByText('Вы вышли из аккаунта').first()).toBeVisible()
  await expect(header(page).getByRole('link', { name: 'Войти' })).toBeVisible()
}

test('register with the SMS code, log out, log in, reset the password, log in with the new one', async ({ page }) => {
  const errors = watchErrors(page)
  const national = freshPhone()
  const password = 'first-secret-1'
  const newPassword = 'second-secret-2'
  await visit(page, start)

  // 1 name and phone (typed loosely: the mask or the server tidies it)
  let scope = await openAuth(page, 'register')
  await expect(scope.getByText('Шаг 1 из 4')).toBeVisible()
  await scope.getByRole('textbox', { name: 'Имя и фамилия' }).fill('Дилноза Каримова')
  await scope.getByRole('textbox', { name: 'Номер телефона' }).fill(national)
  if (withJs()) {
    const masked = `(${national.slice(0, 2)}) ${national.slice(2, 5)}-${national.slice(5, 7)}-${national.slice(7)}`
    await expect(scope.getByRole('textbox', { name: 'Номер телефона' })).toHaveValue(masked)
  }
  let seen = messagesTo(national).length
  await scope.getByRole('button', { name: 'Получить код' }).click()

  // 2 the code from the outbox
  await expect(scope.getByText('Шаг 2 из 4')).toBeVisible()
  await expect(scope.getByText(/Мы отправили код на номер \+998/)).toBeVisible()
  if (withJs()) {
    // The resend link waits for the 60 s countdown.
    await expect(scope.getByText(/Новый код можно запросить через \d+ с/)).toBeVisible()
    await expect(scope.getByRole('button', { name: 'Отправить код ещё раз' })).toHaveCount(0)
  }
  await enterCode(scope, await nextCode(national, seen))

  // 3 password and confirmation, 4 done
  await expect(scope.getByText('Шаг 3 из 4')).toBeVisible()
  await scope.getByLabel('Пароль', { exact: true }).fill(password)
  await scope.getByLabel('Повторите пароль').fill(password)
  await scope.getByRole('button', { name: 'Зарегистрироваться' }).click()
  await expectRegistered(page, scope)
  await expect(page).toHaveURL(/\/ru\?from=auth-test$/)
  await expect(header(page).getByRole('button', { name: 'Меню профиля' })).toBeVisible()

  await logout(page)
  await expect(page).toHaveURL(/\/ru\?from=auth-test$/)

  await login(page, national, password)
  await logout(page)

  // Reset: phone, code, new password: signed in with it, back where the shopper was.
  await waitForCodeCooldown(national)
  scope = await openAuth(page, 'reset')
  await scope.getByRole('textbox', { name: 'Номер телефона' }).fill(`+998 ${national}`)
  seen = messagesTo(national).length
  await scope.getByRole('button', { name: 'Получить код' }).click()
  await expect(scope.getByText('Шаг 2 из 4')).toBeVisible()
  await enterCode(scope, await nextCode(national, seen))
  await expect(scope.getByText('Шаг 3 из 4')).toBeVisible()
  await scope.getByLabel('Новый пароль').fill(newPassword)
  await scope.getByLabel('Повторите пароль').fill(newPassword)
  await scope.getByRole('button', { name: 'Сохранить пароль' }).click()
  await expect(toasts(page).getByText('Пароль изменён, вы вошли в аккаунт')).toBeVisible()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(page).toHaveURL(/\/ru\?from=auth-test$/)
  await expect(header(page).getByRole('button', { name: 'Меню профиля' })).toBeVisible()

  // The new password is the one that signs in now.
  await logout(page)
  await login(page, national, newPassword)
  await expect(page).toHaveURL(/\/ru\?from=auth-test$/)
  expect(errors).toEqual([])
})

test('a wrong password and an invalid phone get their own messages, typed phone kept', async ({ page, request }) => {
  const national = await registerCustomer(request, 'right-password', 'Азиз')
  await page.setViewportSize({ width: 360, height: 740 })
  await visit(page, '/ru')
  const scope = await openAuth(page, 'login')
  const phone = scope.getByRole('textbox', { name: 'Номер телефона' })
  const password = scope.getByLabel('Пароль', { exact: true })

  // Nothing typed: the fill-in-the-form message, both fields flagged.
  await scope.getByRole('button', { name: 'Войти' }).click()
  await expect(page.getByText('Заполните форму').first()).toBeVisible()
  await expect(phone).toHaveAttribute('aria-invalid', 'true')
  await expect(phone).toHaveAccessibleDescription('Обязательное поле')

  // An invalid number: the phone message.
  await phone.fill('12345')
  await password.fill('whatever')
  await scope.getByRole('button', { name: 'Войти' }).click()
  await expect(page.getByText('Проверьте номер телефона').first()).toBeVisible()
  await expect(phone).toHaveAttribute('aria-invalid', 'true')
  await expect(phone).toHaveAccessibleDescription('Проверьте номер телефона')

  // A wrong password: the server's words said once, under the password (no banner, no toast); the phone kept.
  await phone.fill(national)
  await password.fill('wrong-password')
  await scope.getByRole('button', { name: 'Войти' }).click()
  await expect(password).toHaveAccessibleDescription('Неверный номер телефона или пароль.')
  await expect(page.getByText('Неверный номер телефона или пароль.')).toHaveCount(1)
  await expect(password).toHaveAttribute('aria-invalid', 'true')
  await expect(phone).not.toHaveAttribute('aria-invalid', 'true')
  await expect(phone).toHaveValue(withJs() ? /\d{2}\) \d{3}-\d{2}-\d{2}$/ : national)
  if (withJs()) await expect(page.getByRole('dialog', { name: 'Вход' })).toBeVisible()
  else await expect(page).toHaveURL(/\/ru\/login/)
})

test('registration refuses a short password and a different confirmation', async ({ page }) => {
  const national = freshPhone()
  await visit(page, '/ru')
  const scope = await openAuth(page, 'register')
  // An invalid phone at step 1 is flagged before any code is sent.
  await scope.getByRole('textbox', { name: 'Имя и фамилия' }).fill('Тимур')
  await scope.getByRole('textbox', { name: 'Номер телефона' }).fill('00 000 00 00')
  await scope.getByRole('button', { name: 'Получить код' }).click()
  await expect(page.getByText('Проверьте номер телефона').first()).toBeVisible()
  await expect(scope.getByRole('textbox', { name: 'Имя и фамилия' })).toHaveValue('Тимур')

  await scope.getByRole('textbox', { name: 'Номер телефона' }).fill(national)
  const seen = messagesTo(national).length
  await scope.getByRole('button', { name: 'Получить код' }).click()
  await enterCode(scope, await nextCode(national, seen))
  await expect(scope.getByText('Шаг 3 из 4')).toBeVisible()

  await scope.getByLabel('Пароль', { exact: true }).fill('short')
  await scope.getByLabel('Повторите пароль').fill('short')
  await scope.getByRole('button', { name: 'Зарегистрироваться' }).click()
  await expect(page.getByText('Пароль должен быть не короче 8 символов').first()).toBeVisible()
  await expect(scope.getByLabel('Пароль', { exact: true })).toHaveAttribute('aria-invalid', 'true')

  await scope.getByLabel('Пароль', { exact: true }).fill('long-enough-1')
  await scope.getByLabel('Повторите пароль').fill('long-enough-2')
  await scope.getByRole('button', { name: 'Зарегистрироваться' }).click()
  await expect(page.getByText('Пароли не совпадают').first()).toBeVisible()
  await expect(scope.getByLabel('Повторите пароль')).toHaveAttribute('aria-invalid', 'true')

  // "Edit" goes back to step 1 with the name and phone typed before.
  await scope.getByRole('button', { name: 'Изменить данные' }).click()
  await expect(scope.getByText('Шаг 1 из 4')).toBeVisible()
  await expect(scope.getByRole('textbox', { name: 'Имя и фамилия' })).toHaveValue('Тимур')
})

test('protected pages send a visitor to login and come back after it', async ({ page, request }) => {
  const national = await registerCustomer(request, 'profile-pass', 'Малика Юсупова')
  await visit(page, '/ru/profile')
  await expect(page).toHaveURL(/\/ru\/login\?redirectTo=%2Fru%2Fprofile$/)
  const main = page.getByRole('main')
  await main.getByRole('textbox', { name: 'Номер телефона' }).fill(national)
  await main.getByLabel('Пароль', { exact: true }).fill('profile-pass')
  await main.getByRole('button', { name: 'Войти' }).click()
  await expect(page).toHaveURL(/\/ru\/profile$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Профиль' })).toBeVisible()
  await expect(page.getByText('Малика Юсупова')).toBeVisible()
  await expect(page.getByText(`+998 ${national.slice(0, 2)} ${national.slice(2, 5)}`)).toBeVisible()

  // The session cookie is httpOnly: scripts never see the tokens.
  const cookies = await page.context().cookies()
  const session = cookies.find((cookie) => cookie.name === 'atir_session')
  expect(session?.httpOnly).toBe(true)
  expect(session?.sameSite).toBe('Lax')

  // Logging out on a private page leaves it for home.
  await logout(page)
  await expect(page).toHaveURL(/\/ru$/)
  await visit(page, '/ru/profile')
  await expect(page).toHaveURL(/\/ru\/login\?redirectTo=%2Fru%2Fprofile$/)
})

test('a redirectTo to another site is ignored', async ({ page }) => {
  await visit(page, '/ru/login?redirectTo=%2F%2Fevil.example%2Fpath')
  await expect(page.locator('input[name="redirectTo"]').first()).toHaveValue('/ru')
  await visit(page, '/ru/register?redirectTo=https%3A%2F%2Fevil.example')
  await expect(page.locator('input[name="redirectTo"]').first()).toHaveValue('/ru')
  // A signed-out visitor on the logout page is sent back, never off the shop.
  await visit(page, '/ru/logout?redirectTo=%2F%5Cevil.example')
  await expect(page).toHaveURL(/\/ru$/)
})

test('signing in from a login link whose redirectTo resolves to another site lands on the shop', async ({
  page,
  request,
  baseURL,
}) => {
  const national = await registerCustomer(request, 'secret-123', 'Дилноза Каримова')
  // `/.//evil.example` resolves to `//evil.example`: another host (the closed network fails any visit to it).
  await visit(page, '/ru/login?redirectTo=/.//evil.example')
  const form = page.getByRole('main')
  await form.getByRole('textbox', { name: 'Номер телефона' }).fill(national)
  await form.getByLabel('Пароль', { exact: true }).fill('secret-123')
  await form.getByRole('button', { name: 'Войти' }).click()
  await expect(toasts(page).getByText('Вы успешно вошли в аккаунт')).toBeVisible()
  await expect(header(page).getByRole('button', { name: 'Меню профиля' })).toBeVisible()
  await expect(page).toHaveURL(`${baseURL}/ru`)

  // Signed in, the same link (say, from a message) sends the customer on at once: to the shop.
  await visit(page, '/ru/login?redirectTo=/.//evil.example')
  await expect(header(page).getByRole('button', { name: 'Меню профиля' })).toBeVisible()
  await expect(page).toHaveURL(`${baseURL}/ru`)
  // The logout page's way back stays on the shop too.
  await visit(page, '/ru/logout?redirectTo=/.//evil.example')
  await page.getByRole('main').getByRole('link', { name: 'Отмена' }).click()
  await expect(header(page).getByRole('button', { name: 'Меню профиля' })).toBeVisible()
  await expect(page).toHaveURL(`${baseURL}/ru`)
})

test('the sign-in pages and the dialog pass an accessibility check', async ({ page, browser, baseURL }) => {
  // axe runs as a script: without JavaScript, check the same server-rendered page with the shop's scripts blocked.
  let target = page
  if (!withJs()) {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: true })
    await context.route(/\.js(\?|$)/, (route) => route.abort())
    target = await context.newPage()
  }
  await visit(target, '/ru/login?redirectTo=%2Fru')
  // The brand-coloured buttons of the shell (white on #F62559, 3.9:1) are a design matter of their own.
  const check = (include: string) =>
    new AxeBuilder({ page: target })
      .include(include)
      .withTags(['wcag2a', 'wcag2aa'])
      .disableRules(['color-contrast'])
      .analyze()
  const violations = (await check('main')).violations
  if (target !== page) await target.context().close()
  expect(violations).toEqual([])
  if (!withJs()) return
  await header(page).getByRole('link', { name: 'Войти' }).click()
  await expect(page.getByRole('dialog', { name: 'Вход' })).toBeVisible()
  expect((await check('dialog[open]')).violations).toEqual([])
})

test('the header sends a signed-out visitor from my orders to the login prompt or page', async ({ page }) => {
  await visit(page, start)
  await header(page)
    .getByRole('link', { name: /^Мои заказы/ })
    .click()
  if (withJs()) {
    const prompt = page.getByRole('dialog', { name: 'Нужно войти' })
    await expect(prompt).toBeVisible()
    await prompt.getByRole('button', { name: 'Войти' }).click()
    await expect(page.getByRole('dialog', { name: 'Вход' })).toBeVisible()
    await expect(page).toHaveURL(/\/ru\?from=auth-test$/)
  } else {
    await expect(page).toHaveURL(/\/ru\/login\?redirectTo=%2Fru%2Fmy-orders$/)
  }
})

test('with JavaScript the auth dialog opens over the page; without, the login page', async ({ page }) => {
  const errors = watchErrors(page)
  await visit(page, start)
  const loginLink = header(page).getByRole('link', { name: 'Войти' })
  await loginLink.click()
  if (!withJs()) {
    await expect(page).toHaveURL(/\/ru\/login\?redirectTo=%2Fru%3Ffrom%3Dauth-test$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Вход' })).toBeVisible()
    return
  }
  const dialog = page.getByRole('dialog', { name: 'Вход' })
  await expect(dialog).toBeVisible()
  await expect(page).toHaveURL(/\/ru\?from=auth-test$/)
  // The first field has the focus; the page behind does not scroll.
  await expect(dialog.getByRole('textbox', { name: 'Номер телефона' })).toBeFocused()
  await expect(page.locator('html')).toHaveClass(/scroll-locked/)
  // The right side: promo text and store badges.
  await expect(dialog.getByText('Atir всегда под рукой')).toBeVisible()
  await expect(dialog.getByText(/App Store/)).toBeVisible()

  // Views switch inside; a backdrop click shakes it instead of losing what was typed.
  await dialog.getByRole('link', { name: 'Забыли пароль?' }).click()
  await expect(page.getByRole('dialog', { name: 'Восстановление пароля' })).toBeVisible()
  await page.mouse.click(5, 5)
  await expect(page.getByRole('dialog', { name: 'Восстановление пароля' })).toHaveClass(/modal--shake/)

  // Escape closes it, the focus returns to the login link, and it opens at login again.
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(loginLink).toBeFocused()
  await expect(page.locator('html')).not.toHaveClass(/scroll-locked/)
  await loginLink.click()
  await expect(page.getByRole('dialog', { name: 'Вход' })).toBeVisible()
  await page.getByRole('dialog').getByRole('button', { name: 'Закрыть' }).click()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  expect(errors).toEqual([])
})

test('registering on the way to the checkout ends with a button to the checkout', async ({ page }) => {
  const national = freshPhone()
  await visit(page, '/ru/register?redirectTo=%2Fru%2Fcheckout')
  const scope = page.getByRole('main')
  await scope.getByRole('textbox', { name: 'Имя и фамилия' }).fill('Нодира Алиева')
  await scope.getByRole('textbox', { name: 'Номер телефона' }).fill(national)
  const seen = messagesTo(national).length
  await scope.getByRole('button', { name: 'Получить код' }).click()
  await enterCode(scope, await nextCode(national, seen))
  await scope.getByLabel('Пароль', { exact: true }).fill('checkout-secret-1')
  await scope.getByLabel('Повторите пароль').fill('checkout-secret-1')
  await scope.getByRole('button', { name: 'Зарегистрироваться' }).click()
  await expect(scope.getByText('Готово!')).toBeVisible()
  await expect(scope.getByRole('link', { name: 'Продолжить покупки' })).toHaveCount(0)
  await expect(scope.getByRole('link', { name: 'Перейти к оформлению заказа' })).toHaveAttribute('href', '/ru/checkout')
})

test('on a phone, registering ends signed in on the page it started from', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 })
  const national = freshPhone()
  await visit(page, start)
  const scope = await openAuth(page, 'register')
  await scope.getByRole('textbox', { name: 'Имя и фамилия' }).fill('Шахноза Рахимова')
  await scope.getByRole('textbox', { name: 'Номер телефона' }).fill(national)
  const seen = messagesTo(national).length
  await scope.getByRole('button', { name: 'Получить код' }).click()
  await enterCode(scope, await nextCode(national, seen))
  await scope.getByLabel('Пароль', { exact: true }).fill('phone-secret-1')
  await scope.getByLabel('Повторите пароль').fill('phone-secret-1')
  await scope.getByRole('button', { name: 'Зарегистрироваться' }).click()
  await expectRegistered(page, scope)
  await expect(page).toHaveURL(/\/ru\?from=auth-test$/)
})
