import { expect, type Page, test } from '@playwright/test'
import { placeOrder, sandboxPayment, shopper } from './support/orders.ts'
import { main, signIn, visit, watchErrors } from './support/page.ts'

// My orders and the order page as shoppers meet them.
// The orders are placed through the API; the checkout has its own specs.

const products = ['dior-sauvage-eau-de-parfum-100-ml', 'dior-sauvage-eau-de-toilette-gift-set-100-ml']
const header = (page: Page) => page.getByRole('banner')

/** The pattern of "18:40" (the date before it on another day): a moment as the shop writes it in Tashkent. */
const deadlinePattern = (iso: string) =>
  `(\\d\\d\\.\\d\\d\\.\\d{4} )?${new Intl.DateTimeFormat('ru-RU', { hour: '2-digit', minute: '2-digit', timeZone: 'Asia/Tashkent' }).format(new Date(iso))}`

test('an order whose card payment was declined stays in the active orders with a way to pay', async ({
  page,
  request,
}) => {
  const errors = watchErrors(page)
  const who = await shopper(request, 'orders-pass-1', 'Нигора')
  const cash = await placeOrder(request, who, 'cash', products.slice(0, 1))
  const card = await placeOrder(request, who, 'card', products)
  expect(await sandboxPayment(request, who, card.id, false)).toMatchObject({ status: 1, payment_status: 'failed' })
  const payBy = deadlinePattern(card.pay_by ?? '')

  await page.setViewportSize({ width: 360, height: 740 })
  await signIn(page, who)
  // Both are the shopper's open orders: the one still to be paid counts too.
  await expect(header(page).getByRole('link', { name: 'Мои заказы: 2' })).toBeVisible()
  await visit(page, '/ru/my-orders')
  const active = main(page).getByRole('list', { name: 'Активные заказы' })
  await expect(active.getByRole('article')).toHaveCount(2)
  const unpaid = active.getByRole('article', { name: `Заказ № ${card.number}` })
  await expect(unpaid.getByText('Ожидает оплаты')).toBeVisible()
  // Until when it may be paid, in Tashkent time.
  await expect(unpaid.getByText(new RegExp(`^Оплатите до ${payBy}, иначе заказ будет отменён\\.$`))).toBeVisible()
  // The cash order has nothing to pay.
  const accepted = active.getByRole('article', { name: `Заказ № ${cash.number}` })
  await expect(accepted.getByRole('link', { name: /^Оплатить/ })).toHaveCount(0)
  await expect(accepted.getByText(/Оплатите до/)).toHaveCount(0)
  // Each order shows its products' pictures, named by the products.
  await expect(unpaid.getByRole('img', { name: /^Dior Sauvage/ })).toHaveCount(2)
  await expect(accepted.getByRole('img', { name: /^Dior Sauvage/ })).toHaveCount(1)
  for (const picture of await active.getByRole('img').all())
    expect(await picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)

  // "Pay" leads to the order page's payment form; paying there takes it off the list of things to pay.
  await unpaid.getByRole('link', { name: `Оплатить заказ № ${card.number}` }).click()
  await expect(page).toHaveURL(new RegExp(`/ru/order/${card.id}#pay$`))
  await expect(main(page).getByText(new RegExp(`^Заказ ожидает оплаты: оплатите до ${payBy},`))).toBeInViewport()
  await main(page).getByRole('button', { name: 'Оплатить заказ' }).click()
  await expect(page).toHaveURL(/\/ru\/payment\/sandbox\/\d+$/)
  await main(page).getByRole('button', { name: 'Оплатить' }).click()
  await expect(main(page).getByRole('heading', { level: 1, name: 'Оплата прошла успешно' })).toBeVisible()
  await visit(page, '/ru/my-orders')
  await expect(active.getByRole('article')).toHaveCount(2)
  await expect(active.getByRole('link', { name: /^Оплатить/ })).toHaveCount(0)
  await expect(active.getByRole('article', { name: `Заказ № ${card.number}` }).getByText('Принят')).toBeVisible()

  // Not in the history, in Uzbek either.
  await visit(page, '/sr/my-orders/history')
  await expect(main(page).getByText('Buyurtmalar tarixi hozircha boʻsh')).toBeVisible()
  expect(errors).toEqual([])
})

test('the order page fits a phone and a desktop: quantity and sum of every line in view', async ({ page, request }) => {
  const who = await shopper(request, 'orders-pass-2', 'Нигора')
  const order = await placeOrder(request, who, 'card', products)
  await signIn(page, who)
  for (const width of [320, 360, 1280]) {
    // Tall enough for both lines without scrolling: "in view" is about the width.
    await page.setViewportSize({ width, height: 2400 })
    await visit(page, `/ru/order/${order.id}`)
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    expect(overflow, `${width} px`).toBeLessThanOrEqual(0)
    const lines = main(page).getByRole('list', { name: 'Товары' }).getByRole('listitem')
    await expect(lines).toHaveCount(products.length)
    for (const line of await lines.all()) {
      // The price by the quantity, then the line's sum, whole on the screen.
      const each = line.getByText(/× 1$/)
      await expect(each).toBeInViewport({ ratio: 1 })
      const sum = line.getByText(/сум$/).last()
      await expect(sum).toBeInViewport({ ratio: 1 })
    }
  }
})
