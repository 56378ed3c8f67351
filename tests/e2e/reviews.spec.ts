import { randomUUID } from 'node:crypto'
import AxeBuilder from '@axe-core/playwright'
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test'
import sharp from 'sharp'
import { demoOwner } from '#api/db/seed/staff.ts'
import type { Paged, ProductCard, ProductDetail } from '#api/types.ts'
import { registerCustomer } from './support/customer.ts'
import { hydrated, main, toasts, visit, watchErrors, withJs } from './support/page.ts'

// Product reviews: only a customer whose order with the product was
// delivered may write one, with photos; everyone else sees why not. One
// customer per project (SMS codes are capped per address a day), so serial.
test.describe.configure({ mode: 'serial' })

const customer = { phone: '', password: 'review-pass-1' }
let slug = ''
// A second product, for a first review that is refused and then sent again.
let second = ''

const reviews = (page: Page) => main(page).locator('#reviews')

const png = (background: string) =>
  sharp({ create: { width: 400, height: 300, channels: 3, background } })
    .png()
    .toBuffer()

/** Two products in stock other than the one the checkout tests buy. */
async function pickProducts(request: APIRequestContext) {
  const list = await request.get('/api/v1/products/?size=30')
  expect(list.status()).toBe(200)
  const { results } = (await list.json()) as Paged<ProductCard>
  const found = results.filter((p) => p.in_stock && !p.slug.startsWith('dior-sauvage'))
  expect(found.length).toBeGreaterThanOrEqual(2)
  return [found[0]!.slug, found[1]!.slug] as const
}

async function signIn(page: Page, to: string) {
  await visit(page, `/ru/login?redirectTo=${encodeURIComponent(to)}`)
  await main(page).getByRole('textbox', { name: 'Номер телефона' }).fill(customer.phone)
  await main(page).getByLabel('Пароль', { exact: true }).fill(customer.password)
  await main(page).getByRole('button', { name: 'Войти' }).click()
  await expect(page).toHaveURL(new RegExp(to))
  await hydrated(page)
}

/** Why a post was refused: a toast with JavaScript, a message in the form without. */
const refusal = (page: Page, form: Locator, text: string) =>
  withJs() ? toasts(page).getByText(text) : form.getByRole('alert').filter({ hasText: text })

/** The customer orders the product with cash (through the API) and staff deliver it. */
async function orderAndDeliver(request: APIRequestContext, slug: string) {
  const login = await request.post('/api/v1/auth/login/', {
    data: { phone: `+998${customer.phone}`, password: customer.password },
  })
  expect(login.status()).toBe(200)
  const headers = { Authorization: `Bearer ${(await login.json()).access}` }
  const product = await request.get(`/api/v1/products/${slug}/`)
  const { id } = (await product.json()) as ProductDetail
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
  // The demo owner (seeded in demo mode, no second factor) moves it along in the back office's API.
  const staffLogin = await request.post('/api/v1/admin/auth/login/', {
    data: { phone: demoOwner.phone, password: demoOwner.password },
  })
  expect(staffLogin.status()).toBe(200)
  const staff = { Authorization: `Bearer ${(await staffLogin.json()).token}` }
  for (const status of [4, 5, 6]) {
    const moved = await request.post(`/api/v1/admin/orders/${orderId}/status/`, {
      headers: staff,
      data: { status, expected_status: status - 1 },
    })
    expect(moved.status()).toBe(200)
  }
}

test.beforeAll(async ({ request }) => {
  customer.phone = await registerCustomer(request, customer.password, 'Нодира Алимова')
  ;[slug, second] = await pickProducts(request)
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
  const errors = watchErrors(page)
  const project = test.info().project.name
  await signIn(page, `/ru/products/${slug}`)

  // Not bought yet: the reason, no form.
  await expect(reviews(page).getByText('Отзыв могут оставить только покупатели, получившие этот товар.')).toBeVisible()
  await expect(reviews(page).getByRole('group', { name: 'Оценка' })).toHaveCount(0)

  await orderAndDeliver(request, slug)
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
  await expect(refusal(page, edit, 'Загрузите изображение в правильном формате: JPG или PNG.')).toBeVisible()
  await expect(mine.getByText('4 из 5')).toBeVisible()
  await expect(mine.getByRole('img')).toHaveCount(2)
  if (withJs()) await page.waitForLoadState('networkidle')
  // The form keeps what was chosen, with JavaScript or without.
  await expect(edit.getByRole('radio', { name: '1 из 5' })).toBeChecked()
  await expect(edit.getByRole('textbox', { name: 'Комментарий' })).toHaveValue(comment)
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

test('a refused first review comes back with the reason and what was typed, then is sent again', async ({
  page,
  request,
}) => {
  const errors = watchErrors(page)
  await orderAndDeliver(request, second)
  await signIn(page, `/ru/products/${second}`)
  const form = reviews(page).getByRole('region', { name: 'Ваш отзыв' })
  const comment = `Упаковка целая, запах держится весь день (${test.info().project.name})`
  // A post without a rating (a browser asks for one first; other clients may not): the reason and the text back.
  const bare = await page.request.post(`/ru/products/${second}`, {
    multipart: { comment, intent: 'save' },
    headers: { Origin: new URL(page.url()).origin },
  })
  expect(bare.status()).toBe(400)
  const html = await bare.text()
  expect(html).toContain('role="alert">Поставьте оценку от 1 до 5.</p>')
  expect(html).toContain(`>${comment}</textarea>`)
  await form.getByRole('group', { name: 'Оценка' }).getByRole('radio', { name: '3 из 5' }).check()
  await form.getByRole('textbox', { name: 'Комментарий' }).fill(comment)
  await form
    .getByLabel('Фото', { exact: true })
    .setInputFiles({ name: 'note.png', mimeType: 'image/png', buffer: Buffer.from('a text file, not a picture') })
  await form.getByRole('button', { name: 'Отправить отзыв' }).click()

  await expect(refusal(page, form, 'Загрузите изображение в правильном формате: JPG или PNG.')).toBeVisible()
  await expect(form.getByRole('radio', { name: '3 из 5' })).toBeChecked()
  await expect(form.getByRole('textbox', { name: 'Комментарий' })).toHaveValue(comment)
  await expect(reviews(page).getByRole('list', { name: 'Отзывы покупателей' }).getByText(comment)).toHaveCount(0)
  if (!withJs()) await expect(page).toHaveURL(new RegExp(`/ru/products/${second}#review-form$`))

  // Without the wrong file it goes through as typed.
  await form.getByLabel('Фото', { exact: true }).setInputFiles([])
  await form.getByRole('button', { name: 'Отправить отзыв' }).click()
  await expect(toasts(page).getByText('Комментарий добавлен')).toBeVisible()
  const saved = reviews(page)
    .getByRole('list', { name: 'Отзывы покупателей' })
    .getByRole('article')
    .filter({ hasText: comment })
  await expect(saved).toHaveCount(1)
  await expect(saved.getByText('3 из 5')).toBeVisible()
  expect(errors).toEqual([])
})

test('the average and count above the reviews are those of the reviews listed', async ({ page, request }) => {
  const list = await request.get('/api/v1/products/?ordering=popularity&size=30&sizes=separate')
  const { results } = (await list.json()) as Paged<ProductCard>
  // Reviewed by the seeded customers over more than one page; not one the other tests review or buy.
  const reviewed = results.find(
    (p) => p.review_count > 10 && !p.slug.startsWith('dior-sauvage') && p.slug !== slug && p.slug !== second,
  )
  expect(reviewed).toBeTruthy()
  await visit(page, `/ru/products/${reviewed!.slug}`)
  const section = main(page).getByRole('region', { name: 'Отзывы' })
  const ratings: number[] = []
  for (let pageNo = 1; ; pageNo++) {
    const items = section.getByRole('list', { name: 'Отзывы покупателей' }).getByRole('article')
    await expect(items.first()).toBeVisible()
    for (const text of await items.getByText(/^[1-5] из 5$/).allTextContents()) ratings.push(Number(text[0]))
    const older = section.getByRole('link', { name: 'Более ранние отзывы' })
    if ((await older.count()) === 0) break
    const shown = (await items.first().textContent()) ?? ''
    await older.click()
    await expect(page).toHaveURL(new RegExp(`reviews=${pageNo + 1}#reviews$`))
    // The address changes a moment before the list does (with JavaScript).
    await expect(items.first()).not.toHaveText(shown)
  }
  expect(ratings.length).toBe(reviewed!.review_count)
  const average = (Math.round((ratings.reduce((a, b) => a + b, 0) / ratings.length) * 10) / 10)
    .toFixed(1)
    .replace('.', ',')
  await expect(section.getByText(`${average} из 5`, { exact: true })).toBeVisible()
  await expect(section.getByText(`Отзывы: ${ratings.length}`, { exact: true })).toBeVisible()
  // The rating under the product's title says the same and leads to them.
  const top = main(page).getByRole('link', { name: `Рейтинг ${average} из 5 Отзывы: ${ratings.length}` })
  await expect(top).toHaveAttribute('href', '#reviews')
})
