import { expect, test } from '@playwright/test'
import { placeOrder, shopper } from './support/orders.ts'
import { main, toasts, visit, watchErrors, withJs } from './support/page.ts'
import { messagesTo } from './support/sms.ts'
import { ownerToken, readyStaff, staffSignIn } from './support/staff.ts'

// An exchange at the desk on a phone (360 px), with and without JavaScript:
// the customer brings back a perfume in one size and takes another size of
// the same fragrance; the difference is settled in cash, the order's history
// shows the exchange and the customer gets one SMS about it.

test.use({ viewport: { width: 360, height: 740 } })

const product = 'dior-sauvage-eau-de-parfum-100-ml'

type Member = { id: number; title: string; in_stock: boolean; size_kind: string | null }

test('a manager exchanges a size on a delivered order', async ({ page, request }) => {
  const errors = watchErrors(page)
  const who = await shopper(request, 'exchange-pass-1', 'Дилфуза')
  const order = await placeOrder(request, who, 'cash', [product])
  const owner = { Authorization: `Bearer ${await ownerToken(request)}` }
  for (const [status, expected] of [
    [4, 3],
    [6, 4],
  ])
    expect(
      (
        await request.post(`/api/v1/admin/orders/${order.id}/status/`, {
          headers: owner,
          data: { status, expected_status: expected },
        })
      ).status(),
    ).toBe(200)
  // Another regular bottle of the same fragrance, in stock: the size the customer takes instead.
  const detail = await (await request.get(`/api/v1/products/${product}/`)).json()
  const other = (detail.line.members as Member[]).find((m) => m.id !== detail.id && m.in_stock && !m.size_kind)!
  expect(other).toBeDefined()

  const manager = await readyStaff(request, 'manager', `Менеджер Малика ${withJs() ? 'js' : 'nojs'}`)
  await staffSignIn(page, manager)
  await visit(page, `/ru/admin/orders/${order.id}`)
  await main(page).getByRole('link', { name: 'Обмен', exact: true }).click()
  await expect(main(page).getByRole('heading', { level: 1, name: `Обмен по заказу № ${order.number}` })).toBeVisible()

  await main(page)
    .getByRole('spinbutton', { name: /^Вернуть: Dior Sauvage/ })
    .fill('1')
  await main(page).getByRole('radio', { name: 'Наличными (выдали или приняли сейчас)' }).check()
  await main(page).getByRole('textbox', { name: 'Причина обмена' }).fill('Нужен другой объём')
  await main(page).getByRole('searchbox', { name: 'Добавить товар: название, бренд или артикул' }).fill(other.title)
  await main(page).getByRole('button', { name: 'Найти', exact: true }).click()
  await main(page)
    .getByRole('list', { name: 'Найденные товары' })
    .getByRole('button', { name: `Добавить «${other.title}»` })
    .click()
  await expect(main(page).getByRole('spinbutton', { name: `Взамен: ${other.title}` })).toHaveValue('1')
  const money = main(page).getByRole('region', { name: 'Итог обмена' })
  await expect(money).toContainText(/Вернуть покупателю|Доплата покупателя|Без доплаты/)
  await expect(main(page).getByRole('textbox', { name: 'Причина обмена' })).toHaveValue('Нужен другой объём')
  const replacement = async () => Number((await money.getByRole('definition').nth(1).textContent())?.replace(/\D/g, ''))
  const one = await replacement()
  if (withJs()) {
    // With JavaScript the money follows the quantity at once, the page staying where it is.
    await main(page)
      .getByRole('spinbutton', { name: `Взамен: ${other.title}` })
      .fill('2')
    await expect.poll(replacement).toBe(2 * one)
    await main(page)
      .getByRole('spinbutton', { name: `Взамен: ${other.title}` })
      .fill('1')
    await expect.poll(replacement).toBe(one)
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  await main(page).getByRole('button', { name: 'Оформить обмен' }).click()

  await expect(toasts(page).getByText(`Обмен по заказу № ${order.number} оформлен`)).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/ru/admin/orders/${order.id}$`))
  const step = main(page)
    .getByRole('region', { name: 'История заказа' })
    .getByRole('listitem')
    .filter({ hasText: 'Обмен товара' })
  await expect(step).toContainText(manager.name)
  await expect(step).toContainText(other.title)
  await expect(main(page).getByRole('region', { name: 'Товары' }).getByRole('listitem')).toHaveCount(2)
  await expect
    .poll(() => messagesTo(who.phone).map((sms) => sms.text))
    .toContainEqual(expect.stringContaining(`Atir: по заказу №${order.number} оформлен обмен: вы вернули`))

  expect(errors).toEqual([])
})
