import { type APIRequestContext, type ElementHandle, expect, type Page, test } from '@playwright/test'
import type { ProductDetail } from '#api/types.ts'
import { shopper } from './support/orders.ts'
import { main, toasts } from './support/page.ts'
import { slowPhone } from './support/phone.ts'
import { createStaff, readyStaff, staffSignIn } from './support/staff.ts'

// What a person types before a page's scripts run is theirs: a shop page loads
// its scripts at the first gesture and a back-office page after `load`
// (docs/decisions/007-javascript-budget.md), so on a slow phone the fields are
// often filled in by then. Each test holds the page's scripts back (the phone
// tests also slow the phone as Lighthouse's mobile preset does), types, lets the scripts in and
// checks every field still holds what was typed (the same field, not a new
// one), that the focused one keeps its focus and caret, and that live controls
// act on it. Only with JavaScript: without it there is no hydration to survive.

/** Holds the page's scripts back until the returned function lets them in and the page has come alive. */
async function holdScripts(page: Page) {
  let release = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route('**/assets/*.js', async (route) => {
    await released
    // A request of a page that has since gone away cannot be answered any more.
    await route.continue().catch(() => {})
  })
  return async () => {
    release()
    await page.waitForFunction(() => '__reactRouterRouteModules' in window)
    await page.waitForLoadState('networkidle')
  }
}

type Typed = { field: ElementHandle<HTMLInputElement | HTMLTextAreaElement>; name: string; value: string }

/** Digits only for the fields a mask may format once alive (phones, amounts). */
const masked = (kind: string) => ['tel', 'numeric', 'decimal'].includes(kind)

/** A value fit for the field, as a person would type it. */
function valueFor(kind: string, index: number) {
  switch (kind) {
    case 'email':
      return 'typed@example.uz'
    case 'tel':
      return '901234567'
    case 'numeric':
    case 'decimal':
    case 'number':
      return String(1200 + index)
    case 'date':
      return '2027-03-04'
    case 'datetime-local':
      return '2027-03-04T10:30'
    case 'time':
      return '10:30'
    case 'url':
      return `https://example.uz/typed-${index}`
    case 'textarea':
      return `Набрано до скриптов ${index}\nвторая строка`
    default:
      return `Набрано до скриптов ${index}`
  }
}

/**
 * Types into every text field of the page's main region (text, password, number, date, text area) and
 * returns what each holds; the last one keeps the focus.
 */
async function typeIntoEverything(page: Page): Promise<Typed[]> {
  const fields = main(page)
    .getByRole('textbox')
    .or(main(page).getByRole('spinbutton'))
    .or(main(page).getByRole('searchbox'))
    // Password and date fields have no role of their own.
    .or(main(page).locator('input[type=password], input[type=date], input[type=datetime-local], input[type=time]'))
    .filter({ visible: true })
  const typed: Typed[] = []
  for (const [index, field] of (await fields.all()).entries()) {
    if (!(await field.isEditable())) continue
    const kind = await field.evaluate((el) =>
      el instanceof HTMLTextAreaElement ? 'textarea' : (el.getAttribute('inputmode') ?? (el as HTMLInputElement).type),
    )
    await field.fill(valueFor(kind, index))
    const handle = (await field.elementHandle()) as ElementHandle<HTMLInputElement | HTMLTextAreaElement>
    const name = (await handle.getAttribute('name')) ?? `field ${index}`
    const value = await handle.inputValue()
    typed.push({ field: handle, name, value: masked(kind) ? value.replace(/\D/g, '') : value })
  }
  return typed
}

/** Every field typed into is the same element, holding the same text; the last one has the focus and caret. */
async function expectKept(typed: Typed[]) {
  expect(typed.length).toBeGreaterThan(0)
  const now = await Promise.all(
    typed.map(({ field, name, value }) =>
      field.evaluate(
        (el, { name, value }) => {
          if (!el.isConnected) return { name, value: '(replaced by a new field)' }
          return { name, value: /^\d+$/.test(value) ? el.value.replace(/\D/g, '') : el.value }
        },
        { name, value },
      ),
    ),
  )
  expect(now).toEqual(typed.map(({ name, value }) => ({ name, value })))
  const last = typed.at(-1)!
  const focus = await last.field.evaluate((el) => ({
    focused: el === document.activeElement,
    caret: el.selectionStart === el.value.length || el.selectionStart === null,
  }))
  expect(focus, `${last.name} keeps the focus and the caret at its end`).toEqual({ focused: true, caret: true })
}

/** Opens `path` with its scripts held back, types into every field, lets the scripts in and checks. */
async function typeBeforeScripts(page: Page, path: string) {
  const letIn = await holdScripts(page)
  // The fields are there once the document is parsed; `load` may wait on a held script's preload.
  await page.goto(path, { waitUntil: 'domcontentloaded' })
  const typed = await typeIntoEverything(page)
  await letIn()
  await expectKept(typed)
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
  // The sweeps below hold the scripts back just the same, without the slow CPU's minutes.
  test.beforeEach(async ({ page }) => {
    // Lighthouse's mobile preset.
    await slowPhone(page, { latency: 150, down: 1600, up: 750 })
  })

  test('a word typed into the search box before the scripts is kept and looked up once they run', async ({ page }) => {
    const letIn = await holdScripts(page)
    await page.goto('/ru/products/dior-sauvage-eau-de-parfum-100-ml')
    const box = page.getByRole('searchbox', { name: 'Поиск товаров' }).filter({ visible: true })
    await box.tap()
    await box.pressSequentially('живанши')
    await letIn()

    const live = page.getByRole('combobox', { name: 'Поиск товаров' }).filter({ visible: true })
    await expect(live).toHaveValue('живанши')
    await expect(live).toBeFocused()
    expect(await live.evaluate((el: HTMLInputElement) => el.selectionStart)).toBe('живанши'.length)
    const suggestions = page.getByRole('listbox', { name: 'Подсказки поиска' })
    await expect(suggestions.getByRole('option').first()).toContainText(/givenchy/i)
  })

  test('the shop checkout keeps a region chosen and a district typed before the scripts', async ({ page, request }) => {
    const who = await shopper(request, 'typed-before-1', 'Дилноза Каримова')
    await fillBasket(request, who.token)
    await signIn(page, who)
    const letIn = await holdScripts(page)
    await page.goto('/ru/checkout')
    const region = main(page).getByRole('combobox', { name: 'Область' })
    await region.selectOption({ label: 'Самаркандская область' })
    const district = main(page).getByRole('textbox', { name: /Район или город/ })
    await district.fill('Ургут')
    await main(page).getByRole('textbox', { name: 'Улица' }).fill('Регистан')
    await letIn()

    // Once alive, the form shows the fields of the region chosen, holding what was typed.
    await expect(region.locator('option:checked')).toHaveText('Самаркандская область')
    await expect(main(page).getByRole('textbox', { name: 'Район или город' })).toHaveValue('Ургут')
    await expect(main(page).getByRole('combobox', { name: 'Район', exact: true })).toBeHidden()
    await expect(main(page).getByRole('textbox', { name: 'Улица' })).toHaveValue('Регистан')
  })
})

test('the shop forms keep what a visitor typed before the scripts', async ({ page }) => {
  for (const path of ['/ru/login', '/ru/register', '/ru/reset-password', '/ru/feedback', '/ru/bug-report']) {
    await test.step(path, () => typeBeforeScripts(page, path))
  }
})

test('a product list keeps the prices typed into its filters before the scripts', async ({ page }) => {
  await typeBeforeScripts(page, '/ru/products')
})

test('a customer’s forms keep what was typed before the scripts', async ({ page, request }) => {
  const who = await shopper(request, 'typed-before-2', 'Бахтиёр Юсупов')
  await signIn(page, who)
  for (const path of [
    '/ru/profile/edit',
    '/ru/profile/settings/change-password',
    '/ru/profile/settings/change-number',
    '/ru/profile/cards',
  ]) {
    await test.step(path, () => typeBeforeScripts(page, path))
  }
})

test.describe('the back office', () => {
  test('a product typed in before the scripts is saved with all three titles and descriptions', async ({
    page,
    request,
  }) => {
    const editor = await readyStaff(request, 'manager', 'Менеджер Севара')
    await staffSignIn(page, editor)
    const letIn = await holdScripts(page)
    await page.goto('/ru/admin/products/new')
    const texts = {
      uz: ['узбекский (кириллица)', 'Ёзилган атир суви', 'Тавсиф ўзбекча'],
      sr: ['узбекский (латиница)', 'Yozilgan atir suvi', 'Tavsif oʻzbekcha'],
      ru: ['русский', 'Набранная парфюмерная вода', 'Описание по-русски'],
    } as const
    for (const [language, title, description] of Object.values(texts)) {
      await main(page).getByLabel(`Название (${language})`, { exact: true }).fill(title)
      await main(page).getByLabel(`Описание (${language})`, { exact: true }).fill(description)
    }
    await main(page).getByLabel('Бренд', { exact: true }).selectOption({ index: 1 })
    await main(page).getByRole('group', { name: 'Категории' }).getByRole('checkbox').first().check()
    await main(page).getByLabel('Цена, сум', { exact: true }).fill('185000')
    await letIn()
    await main(page).getByRole('button', { name: 'Создать товар' }).click()

    await expect(main(page).getByRole('heading', { level: 1, name: texts.ru[1] })).toBeVisible()
    const id = page.url().match(/\/products\/(\d+)$/)?.[1]
    const saved = await request.get(`/api/v1/admin/products/${id}/`, {
      headers: { Authorization: `Bearer ${editor.token}` },
    })
    expect(saved.status()).toBe(200)
    const product = await saved.json()
    for (const lang of ['uz', 'sr', 'ru'] as const) {
      expect({ title: product.title[lang], description: product.description[lang] }).toEqual({
        title: texts[lang][1],
        description: texts[lang][2],
      })
    }
  })

  test('the first sign-in keeps the passwords typed before the scripts', async ({ page, request }) => {
    const made = await createStaff(request, 'courier', 'Курьер Ботир')
    const letIn = await holdScripts(page)
    // The sign-in form posts without scripts; the set-up page then comes with its scripts still held.
    await page.goto('/ru/admin/login', { waitUntil: 'domcontentloaded' })
    await main(page).getByRole('textbox', { name: 'Номер телефона' }).fill(made.phone)
    await main(page).getByLabel('Пароль', { exact: true }).fill(made.password)
    await main(page).getByRole('button', { name: 'Войти' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Настройка аккаунта' })).toBeVisible()
    const password = `courier-early-${made.phone.slice(-7)}`
    await main(page).getByLabel('Одноразовый пароль', { exact: true }).fill(made.password)
    await main(page).getByLabel('Новый пароль', { exact: true }).fill(password)
    await main(page).getByLabel('Повторите новый пароль', { exact: true }).fill(password)
    await letIn()
    await main(page).getByRole('button', { name: 'Сменить пароль' }).click()
    await expect(toasts(page).getByText('Пароль изменён')).toBeVisible()
  })

  test('every back-office form keeps what staff typed before the scripts', async ({ page, request }) => {
    const manager = await readyStaff(request, 'owner', 'Владелец Нигора')
    await staffSignIn(page, manager)
    for (const path of [
      '/ru/admin/orders',
      '/ru/admin/customers',
      '/ru/admin/promo/new',
      '/ru/admin/staff',
      '/ru/admin/account',
      '/ru/admin/stock/1',
      '/ru/admin/products',
      '/ru/admin/products/1',
      '/ru/admin/products/export',
      '/ru/admin/catalogue/brands',
      '/ru/admin/audit',
      '/ru/admin/content/banners/new',
      '/ru/admin/content/stories/new',
      '/ru/admin/content/pages',
      '/ru/admin/content/posts',
      '/ru/admin/content/settings',
      '/ru/admin/content/footer',
    ]) {
      await test.step(path, () => typeBeforeScripts(page, path))
    }
  })
})

async function signIn(page: Page, who: { phone: string; password: string }) {
  await page.goto('/ru/login')
  await main(page).getByRole('textbox', { name: 'Номер телефона' }).fill(who.phone)
  await main(page).getByLabel('Пароль', { exact: true }).fill(who.password)
  await main(page).getByRole('button', { name: 'Войти' }).click()
  await expect(page).not.toHaveURL(/\/login/)
}

async function fillBasket(request: APIRequestContext, token: string) {
  const found = await request.get('/api/v1/products/?in_stock=true&size=1')
  const [product] = (await found.json()).results as ProductDetail[]
  const added = await request.post('/api/v1/orders/cart/products/', {
    headers: { Authorization: `Bearer ${token}` },
    data: { product_id: product!.id, quantity: 1 },
  })
  expect(added.status()).toBe(200)
}
