import { randomUUID } from 'node:crypto'
import AxeBuilder from '@axe-core/playwright'
import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import sharp from 'sharp'
import { registerCustomer } from './support/customer.ts'

// Product reviews (issue 8): only a customer whose order with the product was
// delivered may write one, with photos; everyone else sees why not. One
// customer per project (SMS codes are capped per address a day), so serial.
test.describe.configure({ mode: 'serial' })

const withJs = () => test.info().project.name === 'chromium-js'
const customer = { phone: '', password: 'review-pass-1' }
let slug = ''

const main = (page: Page) => page.getByRole('main')
const toasts = (page: Page) => page.getByRole('region', { name: 'Уведомления' })
const reviews = (page: Page) => main(page).locator('#reviews')

const png = (background: string) =>
  sharp({ create: { width: 400, height: 300, channels: 3, background } })
    .png()
    .toBuffer()

/** Errors the page logs (hydration mismatches, uncaught exceptions); a test ends expecting none. */
function watchErrors(page: Page) {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

async function visit(page: Page, path: string) {
  await page.goto(path)
  if (withJs()) await page.waitForLoadState('networkidle')
}

/** A product in stock other than the one the checkout tests buy. */
async function pickProduct(request: APIRequestContext) {
  const list = await request.get('/api/v1/products/?size=30')
  expect(list.status()).toBe(200)
  const { results } = (await list.json()) as { results: Array<{ slug: string; in_stock: boolean }> }
  const found = results.find((p) => p.in_stock && !p.slug.startsWith('dior-sauvage'))
  expect(found).toBeTruthy()
  return found!.slug
}

/** The customer orders the product with cash (through the API) and staff deliver it. */
async function orderAndDeliver(request: APIRequestContext) {
  const login = await request.post('/api/v1/auth/login/', {
    data: { phone: `+998${customer.phone}`, password: customer.password },
  })
  expect(login.status()).toBe(200)
  const headers = { Authorization: `Bearer ${(await login.json()).access}` }
  const product = await request.get(`/api/v1/products/${slug}/`)
  const { id } = (await product.json()) as { id: number }
  const add = await request.post('/api/v1/orders/cart/products/', { headers, data: { product_id: id, quantity: 1 } })
  expect(add.status()).toBe(200)
  const order = await request.post('/api/v1/orders/', {
    headers,
    data: {
      address: { region: '1726', district: '1726294', street: 'Bunyodkor', house: '12' },
      receiver: { name: 'Нодира', phone: '90 123 45 67' },
      delivery: 'courier',
      payment_method: 'cash',
      idempotency_key: randomUUID(),
    },
  })
  expect(order.status()).toBe(201)
  const orderId = (await order.json()).id as number
  for (const status of [4, 5, 6]) {
    const moved = await request.patch(`/api/v1/orders/${orderId}/status/`, {
      headers: { 'X-Staff-Token': 'e2e-staff-token-for-tests' },
      data: { status },
    })
    expect(moved.status()).toBe(200)
  }
}

test.beforeAll(async ({ request }) => {
  customer.phone = await registerCustomer(request, customer.password, 'Нодира Алимова')
  slug = await pickProduct(request)
})

test('a signed-out visitor sees the reviews and why they cannot write one', async ({ page }) => {
  const errors = watchErrors(page)
  await visit(page, `/ru/products/${slug}`)
  await expect(reviews(page).getByRole('heading', { level: 2, name: 'Отзывы' })).toBeVisible()
  await expect(reviews(page).getByText('Войдите, чтобы оставить отзыв.')).toBeVisible()
  const login = reviews(page).getByRole('link', { name: 'Войти' })
  await expect(login).toHaveAttribute('href', new RegExp(`/ru/login\\?redirectTo=.*${slug}`))
  await expect(reviews(page).getByRole('group', { name: 'Оценка' })).toHaveCount(0)
  expect(errors).toEqual([])
})

test('a customer writes a review with photos after the order is delivered, then edits it', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000)
  const errors = watchErrors(page)
  const project = test.info().project.name
  await visit(page, `/ru/login?redirectTo=${encodeURIComponent(`/ru/products/${slug}`)}`)
  await main(page).getByRole('textbox', { name: 'Номер телефона' }).fill(customer.phone)
  await main(page).getByLabel('Пароль', { exact: true }).fill(customer.password)
  await main(page).getByRole('button', { name: 'Войти' }).click()
  await expect(page).toHaveURL(new RegExp(`/ru/products/${slug}`))
  if (withJs()) await page.waitForLoadState('networkidle')

  // Not bought yet: the reason, no form.
  await expect(reviews(page).getByText('Отзыв могут оставить только покупатели, получившие этот товар.')).toBeVisible()
  await expect(reviews(page).getByRole('group', { name: 'Оценка' })).toHaveCount(0)

  await orderAndDeliver(request)
  await visit(page, `/ru/products/${slug}`)
  const form = reviews(page).getByRole('region', { name: 'Ваш отзыв' })
  await expect(form).toBeVisible()
  const comment = `Стойкий и мягкий аромат (${project})`
  await form.getByRole('group', { name: 'Оценка' }).getByRole('radio', { name: '4 из 5' }).check()
  await form.getByRole('textbox', { name: 'Комментарий' }).fill(comment)
  await form.getByLabel('Фото', { exact: true }).setInputFiles([
    { name: 'one.png', mimeType: 'image/png', buffer: await png('#f62559') },
    { name: 'two.png', mimeType: 'image/png', buffer: await png('#2255aa') },
  ])
  await form.getByRole('button', { name: 'Отправить отзыв' }).click()

  await expect(toasts(page).getByText('Комментарий добавлен')).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/ru/products/${slug}#reviews$`))
  const list = reviews(page).getByRole('list', { name: 'Отзывы покупателей' })
  const mine = list.getByRole('listitem').filter({ hasText: comment })
  await expect(mine).toBeVisible()
  await expect(mine.getByText('4 из 5')).toBeVisible()
  await expect(mine.getByText('Нодира', { exact: true })).toBeVisible()
  await expect(mine.getByText('Алимова')).toHaveCount(0)
  await expect(mine.getByRole('img', { name: /^Фото \d к отзыву Нодира$/ })).toHaveCount(2)
  const src = await mine.getByRole('img').first().getAttribute('src')
  expect((await request.get(src!)).status()).toBe(200)
  await expect(mine.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}$/)

  // The list and the form pass an accessibility check (axe runs as a script: with JavaScript only).
  if (withJs()) {
    const axe = await new AxeBuilder({ page })
      .include('#reviews')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
      .analyze()
    expect(axe.violations).toEqual([])
  }

  // The form now edits the same review. A text file named .png is refused and nothing changes.
  const edit = reviews(page).getByRole('region', { name: 'Изменить ваш отзыв' })
  await expect(edit.getByRole('radio', { name: '4 из 5' })).toBeChecked()
  await expect(edit.getByRole('textbox', { name: 'Комментарий' })).toHaveValue(comment)
  await edit.getByRole('radio', { name: '1 из 5' }).check()
  await edit
    .getByLabel('Фото', { exact: true })
    .setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') })
  await edit.getByRole('button', { name: 'Сохранить отзыв' }).click()
  await expect(toasts(page).getByText('Загрузите изображение в правильном формате: JPG или PNG.')).toBeVisible()
  await expect(mine.getByText('4 из 5')).toBeVisible()
  await expect(mine.getByRole('img')).toHaveCount(2)
  if (withJs()) await page.waitForLoadState('networkidle')
  // With JavaScript the form keeps what was chosen; without, the page shows the saved review again.
  await expect(edit.getByRole('radio', { name: withJs() ? '1 из 5' : '4 из 5' })).toBeChecked()
  await edit.getByLabel('Фото', { exact: true }).setInputFiles([])
  await edit.getByRole('radio', { name: '5 из 5' }).check()
  await edit.getByRole('button', { name: 'Сохранить отзыв' }).click()
  await expect(toasts(page).getByText('Отзыв изменён')).toBeVisible()
  const edited = list.getByRole('listitem').filter({ hasText: comment })
  await expect(edited).toHaveCount(1)
  await expect(edited.getByText('5 из 5')).toBeVisible()
  await expect(edited.getByRole('img')).toHaveCount(2)
  expect(errors).toEqual([])
})
