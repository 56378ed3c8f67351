import { expect, test } from '@playwright/test'
import type { Paged, ProductCard } from '#api/types.ts'
import { placeOrder, shopper } from './support/orders.ts'
import { main, toasts, visit, watchErrors } from './support/page.ts'
import { adminNav, ownerToken, readyStaff, staffSignIn } from './support/staff.ts'

// Reviews moderation as a manager works it, with and without
// JavaScript: the shop's reply shows under the review on the product page,
// and a hidden review disappears from it. Each project writes its own review
// of its own product, so the two never meet.

test('a manager replies to a review and hides it: the product page shows the reply, then no review', async ({
  page,
  request,
}) => {
  const errors = watchErrors(page)
  const project = test.info().project.name
  // A product of this project alone (the reviews spec takes the first ones in stock).
  const list = await request.get('/api/v1/products/?size=40&ordering=-created_at')
  const inStock = ((await list.json()) as Paged<ProductCard>).results.filter((p) => p.in_stock)
  const product = inStock[project === 'chromium-js' ? 5 : 6]!

  // A customer buys it, it is delivered, they review it.
  const who = await shopper(request, 'review-desk-1', 'Шахноза Юсупова')
  const order = await placeOrder(request, who, 'cash', [product.slug])
  const owner = { Authorization: `Bearer ${await ownerToken(request)}` }
  // Collected at the pickup point: ready, then handed over.
  for (const [status, expected] of [
    [4, 3],
    [6, 4],
  ]) {
    const moved = await request.post(`/api/v1/admin/orders/${order.id}/status/`, {
      headers: owner,
      data: { status, expected_status: expected },
    })
    expect(moved.status()).toBe(200)
  }
  const comment = `Флакон пришёл разбитым (${project})`
  const written = await request.post(`/api/v1/products/${product.slug}/reviews/`, {
    headers: { Authorization: `Bearer ${who.token}` },
    data: { rating: 1, comment },
  })
  expect(written.status()).toBe(201)

  const manager = await readyStaff(request, 'manager', 'Менеджер Лола')
  await staffSignIn(page, manager)
  await adminNav(page).getByRole('link', { name: 'Отзывы' }).click()
  await expect(main(page).getByRole('heading', { level: 1, name: 'Отзывы' })).toBeVisible()
  // New reviews first: it waits there.
  await expect(main(page).getByRole('link', { name: 'Новые', exact: false }).first()).toHaveAttribute(
    'aria-current',
    'page',
  )
  const row = main(page).getByRole('row').filter({ hasText: comment })
  await row.getByRole('link', { name: `Отзыв о «${product.title}»` }).click()
  await expect(main(page).getByText(comment)).toBeVisible()

  // The shop answers, in the review's language.
  await main(page).getByRole('textbox', { name: 'Ответ' }).fill('Простите! Заменим флакон бесплатно.')
  await main(page).getByRole('button', { name: 'Сохранить ответ' }).click()
  await expect(toasts(page).getByText('Ответ сохранён.')).toBeVisible()

  await visit(page, `/ru/products/${product.slug}`)
  const review = main(page).getByRole('article').filter({ hasText: comment })
  await expect(review).toBeVisible()
  const reply = review.getByRole('region', { name: 'Ответ магазина' })
  await expect(reply).toContainText('Простите! Заменим флакон бесплатно.')

  // Hidden: gone from the product page at once.
  await page.goBack()
  await expect(main(page).getByRole('heading', { level: 1, name: /^Отзыв №\d+$/ })).toBeVisible()
  await page.reload()
  const hide = main(page).getByRole('button', { name: 'Скрыть отзыв' })
  // A reason is required: sent empty, the form says so (the browser's own check aside).
  await main(page).getByRole('textbox', { name: 'Причина скрытия' }).fill('Оскорбления в адрес курьера')
  await hide.click()
  await expect(toasts(page).getByText('Отзыв скрыт.')).toBeVisible()
  await expect(main(page).getByText('Скрыт: Оскорбления в адрес курьера')).toBeVisible()

  await visit(page, `/ru/products/${product.slug}`)
  await expect(main(page).getByRole('heading', { level: 1, name: product.title })).toBeVisible()
  await expect(main(page).getByText(comment)).toHaveCount(0)
  expect(errors).toEqual([])
})
