import { randomUUID } from 'node:crypto'
import { type APIRequestContext, expect, test } from '@playwright/test'
import { type Shopper, shopper } from './support/orders.ts'
import { main, toasts, visit, watchErrors } from './support/page.ts'
import { adminNav, readyStaff, staffSignIn } from './support/staff.ts'

// Stock as the warehouse uses it, with and without JavaScript: a
// count to 0 makes the product "out of stock" in the shop at once, and the
// shop no longer sells it. Each project takes a product of its own.

type Product = { id: number; slug: string; title: string; stock: number }

/**
 * A product of the demo catalogue no other spec uses, one per project and test.
 * Oldest first is an order the specs running alongside cannot shift: an
 * in-stock or price ordering moves as they count stock to 0 or set sales, and
 * two tests once took the same product that way.
 */
async function ownProduct(request: APIRequestContext, first = 7): Promise<Product> {
  const projects = ['chromium-js', 'chromium-nojs', 'server']
  const index = Math.max(0, projects.indexOf(test.info().project.name))
  const list = await request.get('/api/v1/products/?ordering=created_at&page=4&size=12')
  expect(list.status()).toBe(200)
  const product = (await list.json()).results[first + index]
  expect(product, 'the demo catalogue has enough products').toBeTruthy()
  const detail = await (await request.get(`/api/v1/products/${product.slug}/`)).json()
  expect(detail.stock, `${detail.slug} is in stock in the demo catalogue`).toBeGreaterThan(0)
  return { id: detail.id, slug: detail.slug, title: detail.title, stock: detail.stock }
}

async function toBasket(request: APIRequestContext, who: Shopper, productId: number) {
  const added = await request.post('/api/v1/orders/cart/products/', {
    headers: { Authorization: `Bearer ${who.token}` },
    data: { product_id: productId, quantity: 1 },
  })
  expect(added.status()).toBe(200)
}

const checkout = (request: APIRequestContext, who: Shopper) =>
  request.post('/api/v1/orders/', {
    headers: { Authorization: `Bearer ${who.token}` },
    data: {
      address: { region: '1726', district: '1726294', street: 'Bunyodkor', house: '12' },
      receiver: { name: 'Gulnoza', phone: '+998901234567' },
      delivery: 'pickup',
      pickup_point: 'amir-temur',
      payment_method: 'cash',
      idempotency_key: randomUUID(),
    },
  })

test('a warehouse member counts a product to 0: the shop shows it out of stock and refuses to order it', async ({
  page,
  request,
}) => {
  const errors = watchErrors(page)
  const product = await ownProduct(request)
  // A shopper put it in the basket before the count.
  const who = await shopper(request, 'stock-pass-1', 'Гульноза')
  await toBasket(request, who, product.id)
  const keeper = await readyStaff(request, 'warehouse', 'Кладовщик Бахтиёр')
  await staffSignIn(page, keeper)
  await expect(adminNav(page).getByRole('link', { name: 'Склад' })).toBeVisible()

  await visit(page, `/ru/admin/stock/${product.id}`)
  await expect(main(page).getByRole('heading', { level: 1, name: product.title })).toBeVisible()
  await expect(main(page).getByText(`Остаток: ${product.stock}`)).toBeVisible()
  const count = main(page).getByRole('region', { name: 'Пересчитать' })
  // Without a reason the count is refused, the number typed kept.
  await count.getByLabel('Насчитано').fill('0')
  await count.getByLabel('Причина').fill('')
  await count.getByRole('button', { name: 'Сохранить подсчёт' }).click()
  await expect(count.getByText('Обязательное поле')).toBeVisible()
  await expect(count.getByLabel('Насчитано')).toHaveValue('0')
  await count.getByLabel('Причина').fill('Разбиты флаконы')
  await count.getByRole('button', { name: 'Сохранить подсчёт' }).click()
  await expect(toasts(page).getByText(`Остаток «${product.title}»: 0`)).toBeVisible()
  await expect(main(page).getByText('Остаток: 0')).toBeVisible()
  const history = main(page).getByRole('table', { name: 'История движений' })
  const row = history.getByRole('row').filter({ hasText: 'Разбиты флаконы' })
  await expect(row).toContainText(`−${product.stock}`)
  await expect(row).toContainText('Кладовщик Бахтиёр')

  // The shop at once: out of stock, no "add to basket", and the checkout refuses.
  await visit(page, `/ru/products/${product.slug}`)
  // The page's own availability (a line's size links say theirs too).
  await expect(
    main(page)
      .getByRole('paragraph')
      .filter({ hasText: /^Нет в наличии$/ }),
  ).toBeVisible()
  await expect(main(page).getByRole('button', { name: `В корзину: ${product.title}` })).toHaveCount(0)
  const refused = await checkout(request, who)
  expect(refused.status()).toBe(409)

  // The low-stock list has it now; its quick count brings two back.
  await visit(page, '/ru/admin/stock')
  await main(page).getByRole('searchbox', { name: 'Название, артикул или штрихкод' }).fill(product.title)
  await main(page).getByRole('button', { name: 'Найти' }).click()
  const listed = main(page)
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: product.title, exact: true }) })
  await expect(listed.getByRole('cell').first()).toHaveText('0')
  await listed.getByRole('spinbutton', { name: `Насчитано: ${product.title}` }).fill('2')
  await listed.getByRole('button', { name: `Сохранить подсчёт: ${product.title}` }).click()
  await expect(toasts(page).getByText(`Остаток «${product.title}»: 2`)).toBeVisible()
  await visit(page, `/ru/products/${product.slug}`)
  await expect(main(page).getByRole('button', { name: `В корзину: ${product.title}` })).toBeVisible()
  expect(errors).toEqual([])
})

test("a manager corrects a product's stock from the product list; a content editor sees no control there", async ({
  page,
  request,
}) => {
  const errors = watchErrors(page)
  const product = await ownProduct(request, 10)
  const manager = await readyStaff(request, 'manager', 'Менеджер Азиза')
  await staffSignIn(page, manager)
  const listed = `/ru/admin/products?q=${encodeURIComponent(product.title)}`
  await visit(page, listed)
  const row = main(page)
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: product.title, exact: true }) })
  const counted = row.getByRole('spinbutton', { name: `Насчитано: ${product.title}` })
  // A negative count is refused in that row, with what was typed.
  await counted.fill('-3')
  await row.getByRole('button', { name: `Сохранить подсчёт: ${product.title}` }).click()
  await expect(row.getByRole('spinbutton', { name: `Насчитано: ${product.title}` })).toHaveAttribute(
    'aria-invalid',
    'true',
  )
  const next = product.stock + 4
  await row.getByRole('spinbutton', { name: `Насчитано: ${product.title}` }).fill(String(next))
  await row.getByRole('combobox', { name: `Причина: ${product.title}` }).fill('Нашли коробку на складе')
  await row.getByRole('button', { name: `Сохранить подсчёт: ${product.title}` }).click()
  await expect(toasts(page).getByText(`Остаток «${product.title}»: ${next}`)).toBeVisible()
  // Back on the same list (its search kept), the row showing the new number.
  await expect(page).toHaveURL(/\/ru\/admin\/products\?q=/)
  await expect(row.getByRole('cell').filter({ hasText: new RegExp(`^${next}\\b`) })).toHaveCount(1)

  // The rows' checkboxes still belong to the bulk-actions form below the table.
  await row.getByRole('checkbox', { name: `Выбрать «${product.title}»` }).check()
  await main(page).getByRole('button', { name: 'Действия с выбранными…' }).click()
  await expect(page).toHaveURL(new RegExp(`/ru/admin/products/bulk\\?id=${product.id}$`))

  // The movement explains the number: who, why, how much.
  await visit(page, `/ru/admin/stock/${product.id}`)
  const history = main(page).getByRole('table', { name: 'История движений' })
  const movement = history.getByRole('row').filter({ hasText: 'Нашли коробку на складе' })
  await expect(movement).toContainText('+4')
  await expect(movement).toContainText('Менеджер Азиза')

  // An arrival with a date and a note; the form is empty again for the next one, which inherits neither.
  const arrival = main(page).getByRole('region', { name: 'Поступление' })
  await arrival.getByLabel('Количество').fill('3')
  await arrival.getByLabel('Годен до').fill('2031-05-20')
  await arrival.getByLabel('Примечание').fill('Накладная 17')
  await arrival.getByRole('button', { name: 'Принять на склад' }).click()
  await expect(toasts(page).getByText(`Остаток «${product.title}»: ${next + 3}`)).toBeVisible()
  await expect(main(page).getByRole('region', { name: 'Партии' }).getByText('2031-05-20')).toBeVisible()
  await expect(arrival.getByLabel('Количество')).toHaveValue('')
  await expect(arrival.getByLabel('Годен до')).toHaveValue('')
  await expect(arrival.getByLabel('Примечание')).toHaveValue('')

  const editor = await readyStaff(request, 'content', 'Редактор Шахноза')
  await page.context().clearCookies()
  await staffSignIn(page, editor)
  await visit(page, listed)
  await expect(main(page).getByRole('link', { name: product.title, exact: true })).toBeVisible()
  await expect(main(page).getByRole('spinbutton', { name: `Насчитано: ${product.title}` })).toHaveCount(0)
  expect(errors).toEqual([])
})
