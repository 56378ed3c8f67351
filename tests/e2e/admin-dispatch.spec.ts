import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import { placeOrder, shopper } from './support/orders.ts'
import { main, toasts, watchErrors, withJs } from './support/page.ts'
import { ownerToken, readyStaff, staffSignIn, staffSignOut } from './support/staff.ts'

// Dispatch and the courier's day on a phone (360 px), with and without
// JavaScript: a manager gives three orders to two couriers (two at once from
// the desk's list, one from its page), a courier follows its route with map
// links and records the cash, and the manager records the day's cash handed over.

test.use({ viewport: { width: 360, height: 740 } })

const product = 'dior-sauvage-eau-de-parfum-100-ml'
const run = () => (withJs() ? 'js' : 'nojs')

async function fitsThePhone(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
}

/** A cash courier order to Tashkent with no map point (the courier's map searches the typed address). */
async function courierOrder(request: APIRequestContext, password: string, name: string) {
  const who = await shopper(request, password, name)
  return placeOrder(request, who, 'cash', [product], { name, phone: `+998${who.phone}` }, 'courier')
}

test('a manager dispatches three orders to two couriers, seeing their load', async ({ page, request }) => {
  test.setTimeout(150_000)
  const errors = watchErrors(page)
  const orders = [
    await courierOrder(request, 'dispatch-pass-1', 'Шахноза'),
    await courierOrder(request, 'dispatch-pass-2', 'Лола'),
    await courierOrder(request, 'dispatch-pass-3', 'Севара'),
  ]
  const first = await readyStaff(request, 'courier', `Курьер Анвар ${run()}`)
  const second = await readyStaff(request, 'courier', `Курьер Бекзод ${run()}`)
  const manager = await readyStaff(request, 'manager', `Менеджер Ойбек ${run()}`)
  await staffSignIn(page, manager)

  // Two orders at once from the desk's list.
  await page.goto('/ru/admin/orders?status=3')
  const dispatch = main(page).getByRole('region', { name: 'Раздать курьерам' })
  await expect(dispatch.getByRole('list', { name: 'Загрузка курьеров' })).toContainText(`${first.name} · в работе: 0`)
  for (const order of orders.slice(0, 2))
    await main(page)
      .getByRole('checkbox', { name: `Отметить заказ № ${order.number}` })
      .check()
  await dispatch.getByRole('combobox', { name: 'Кому' }).selectOption({ label: `${first.name} · в работе: 0` })
  await fitsThePhone(page)
  await dispatch.getByRole('button', { name: 'Передать отмеченные' }).click()
  await expect(toasts(page).getByText('Передано заказов: 2')).toBeVisible()
  await expect(
    main(page).getByRole('region', { name: 'Раздать курьерам' }).getByRole('list', { name: 'Загрузка курьеров' }),
  ).toContainText(`${first.name} · в работе: 2`)

  // The third from its own page, to the other courier.
  await page.goto(`/ru/admin/orders/${orders[2]!.id}`)
  await main(page)
    .getByRole('combobox', { name: 'Ответственный за заказ' })
    .selectOption({ label: `${second.name} · в работе: 0` })
  await main(page).getByRole('button', { name: 'Назначить' }).click()
  await expect(toasts(page).getByText(`Ответственный: ${second.name}`)).toBeVisible()
  await fitsThePhone(page)

  const owner = { Authorization: `Bearer ${await ownerToken(request)}` }
  const assigned = async (id: number) =>
    (await (await request.get(`/api/v1/admin/orders/${id}/`, { headers: owner })).json()).assigned_staff?.id
  expect([await assigned(orders[0]!.id), await assigned(orders[1]!.id), await assigned(orders[2]!.id)]).toEqual([
    first.id,
    first.id,
    second.id,
  ])
  expect(errors).toEqual([])
})

test('a courier follows its route with map links and records the cash; the manager records it handed over', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000)
  const errors = watchErrors(page)
  const paid = await courierOrder(request, 'route-pass-1', 'Гулноза')
  const unpressed = await courierOrder(request, 'route-pass-2', 'Дилфуза')
  const courier = await readyStaff(request, 'courier', `Курьер Равшан ${run()}`)
  const manager = await readyStaff(request, 'manager', `Менеджер Санжар ${run()}`)
  const owner = { Authorization: `Bearer ${await ownerToken(request)}` }
  for (const order of [paid, unpressed]) {
    const given = await request.post(`/api/v1/admin/orders/${order.id}/assign/`, {
      headers: owner,
      data: { staff_id: courier.id },
    })
    expect(given.status()).toBe(200)
    await request.post(`/api/v1/admin/orders/${order.id}/status/`, {
      headers: owner,
      data: { status: 4, expected_status: 3 },
    })
  }

  await staffSignIn(page, courier)
  await expect(main(page).getByRole('heading', { level: 1, name: 'Мои доставки' })).toBeVisible()
  const route = main(page).getByRole('list', { name: 'Заказы для доставки' })
  // Same district: the order placed (promised) first comes first.
  await expect(route.getByRole('heading', { level: 2 }).first()).toContainText(paid.number)
  const card = (number: string) => route.getByRole('article', { name: new RegExp(`Заказ № ${number}`) })
  const map = card(paid.number).getByRole('link', { name: 'Открыть на Яндекс Картах' })
  await expect(map).toHaveAttribute('href', /^https:\/\/yandex\.uz\/maps\/\?text=.*Bunyodkor/)
  await expect(card(paid.number).getByRole('link', { name: /^Позвонить: / })).toBeVisible()
  await expect(card(paid.number).getByText('Получить с покупателя')).toBeVisible()
  await fitsThePhone(page)

  await card(paid.number)
    .getByRole('button', { name: `Взял заказ № ${paid.number}` })
    .click()
  await expect(toasts(page).getByText(`Заказ № ${paid.number}: В пути`)).toBeVisible()
  await card(paid.number)
    .getByRole('button', { name: `Получил наличные за № ${paid.number}` })
    .click()
  await expect(toasts(page).getByText('Оплата наличными отмечена')).toBeVisible()
  // The card follows at once: paid, nothing left to collect.
  await expect(card(paid.number).getByText('Оплачен')).toBeVisible()
  await expect(card(paid.number).getByText('Получить с покупателя')).toHaveCount(0)
  await expect(card(paid.number).getByRole('button', { name: `Получил наличные за № ${paid.number}` })).toHaveCount(0)
  await card(paid.number)
    .getByRole('button', { name: `Доставил заказ № ${paid.number}` })
    .click()
  await expect(toasts(page).getByText(`Заказ № ${paid.number}: Доставлен`)).toBeVisible()
  // The second handed over for cash without pressing "cash received": its cash is counted all the same.
  await card(unpressed.number)
    .getByRole('button', { name: `Взял заказ № ${unpressed.number}` })
    .click()
  await expect(toasts(page).getByText(`Заказ № ${unpressed.number}: В пути`)).toBeVisible()
  await card(unpressed.number)
    .getByRole('button', { name: `Доставил заказ № ${unpressed.number}` })
    .click()
  await expect(toasts(page).getByText(`Заказ № ${unpressed.number}: Доставлен`)).toBeVisible()

  const mine = main(page).getByRole('region', { name: 'Мои наличные' })
  const held = (paid.total + unpressed.total).toLocaleString('ru-RU').replace(/\s/g, '\\s')
  await expect(mine.getByText(new RegExp(`К сдаче: ${held}`))).toBeVisible()
  await expect(mine.getByRole('list', { name: 'Наличные по заказам' }).getByRole('listitem')).toHaveCount(2)
  await fitsThePhone(page)
  await staffSignOut(page)

  // The day's handover: the manager sees what the courier holds and records it received.
  await staffSignIn(page, manager)
  await page.goto('/ru/admin/cash')
  const holder = main(page).getByRole('article', { name: courier.name })
  await expect(holder.getByText(new RegExp(`К сдаче: ${held}`))).toBeVisible()
  await fitsThePhone(page)
  await holder.getByRole('button', { name: new RegExp(`^Принял .+ от ${courier.name}$`) }).click()
  await expect(toasts(page).getByText('Наличные сданы: заказов 2.')).toBeVisible()
  await expect(holder.getByText(/К сдаче: 0/)).toBeVisible()
  await expect(holder.getByRole('button', { name: /^Принял/ })).toHaveCount(0)
  const audit = await request.get(`/api/v1/admin/audit/?action=cash.handover&entity=staff&entity_id=${courier.id}`, {
    headers: owner,
  })
  expect((await audit.json()).results).toEqual([expect.objectContaining({ staff_id: manager.id, via: 'web' })])
  expect(errors).toEqual([])
})
