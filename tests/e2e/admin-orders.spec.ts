import { expect, type Page, test } from '@playwright/test'
import type { AuditEntry, Paged } from '#api/types.ts'
import { placeOrder, type Shopper, shopper } from './support/orders.ts'
import { main, toasts, visit, watchErrors } from './support/page.ts'
import { messagesTo } from './support/sms.ts'
import { adminNav, ownerToken, readyStaff, staffSignIn } from './support/staff.ts'

// The orders desk as a manager uses it, with and without JavaScript.
// Each test places its own orders and makes its own staff, so the two projects never share one.

const product = 'dior-sauvage-eau-de-parfum-100-ml'

/** A cash courier order (accepted at once) whose receiver is the shopper, so their phone finds it. */
async function cashOrder(request: Parameters<typeof shopper>[0], who: Shopper, name: string) {
  return placeOrder(request, who, 'cash', [product], { name, phone: `+998${who.phone}` }, 'courier')
}

/** The phone as a manager types it from a call: spaces, no +998. */
const spoken = (national: string) =>
  `${national.slice(0, 2)} ${national.slice(2, 5)} ${national.slice(5, 7)} ${national.slice(7)}`

async function move(page: Page, button: string, status: string, number: string) {
  await main(page).getByRole('button', { name: button, exact: true }).click()
  await expect(toasts(page).getByText(`Заказ № ${number}: ${status}`)).toBeVisible()
}

test('a manager finds an order by phone and takes it to delivered; the customer gets an SMS at each step', async ({
  page,
  request,
}) => {
  const errors = watchErrors(page)
  const who = await shopper(request, 'desk-pass-1', 'Дилноза')
  const order = await cashOrder(request, who, 'Дилноза Каримова')
  const manager = await readyStaff(request, 'manager', 'Менеджер Азиз')
  await staffSignIn(page, manager)

  await visit(page, '/ru/admin/orders')
  await main(page).getByRole('searchbox', { name: 'Номер, телефон или получатель' }).fill(spoken(who.phone))
  await main(page).getByRole('button', { name: 'Найти' }).click()
  await expect(page).toHaveURL(/[?&]q=/)
  await expect(main(page).getByText('Найдено заказов: 1')).toBeVisible()
  // Nobody has opened it yet: it is new.
  await expect(main(page).getByRole('rowheader', { name: `Заказ № ${order.number} новый` })).toBeVisible()
  await main(page)
    .getByRole('link', { name: `Заказ № ${order.number}` })
    .click()
  await expect(main(page).getByRole('heading', { level: 1, name: `Заказ № ${order.number}` })).toBeVisible()
  // Phones are there to tap.
  await expect(
    main(page)
      .getByRole('link', { name: /^Позвонить: \+998/ })
      .first(),
  ).toHaveAttribute('href', `tel:+998${who.phone}`)

  await move(page, 'Собран', 'Собран', order.number)
  await move(page, 'Передать в доставку', 'В пути', order.number)
  await move(page, 'Доставлен', 'Доставлен', order.number)
  // A delivered order is final: no moves left.
  await expect(main(page).getByText('Заказ в конечном статусе: действий нет.')).toBeVisible()
  const timeline = main(page).getByRole('region', { name: 'История заказа' })
  await expect(timeline.getByRole('listitem').filter({ hasText: 'Менеджер Азиз' })).toHaveCount(3)

  // The customer hears of "on the way" and "delivered" (the periodic jobs send the outbox).
  const texts = () => messagesTo(who.phone).map((sms) => sms.text)
  await expect
    .poll(texts)
    .toEqual(
      expect.arrayContaining([
        `Atir: заказ №${order.number} в пути. Курьер позвонит перед приездом.`,
        `Atir: заказ №${order.number} доставлен. Спасибо за покупку!`,
      ]),
    )

  // The audit log has each step under the manager's name: on its screen…
  await timeline.getByRole('link', { name: 'Все действия с заказом в журнале' }).click()
  const entries = main(page)
    .getByRole('list', { name: 'Записи журнала' })
    .getByRole('listitem')
    .filter({ hasText: 'Статус заказа изменён' })
  await expect(entries).toHaveCount(3)
  for (const entry of await entries.all()) await expect(entry).toContainText('Менеджер Азиз')
  // …and, before → after, through the API.
  const audit = await request.get(`/api/v1/admin/audit/?entity=order&entity_id=${order.id}&action=order.status`, {
    headers: { Authorization: `Bearer ${await ownerToken(request)}` },
  })
  expect(audit.status()).toBe(200)
  const steps = ((await audit.json()) as Paged<AuditEntry>).results
    .map((e) => ({ by: e.staff_name, before: e.before, after: e.after }))
    .reverse()
  expect(steps).toEqual([
    {
      by: 'Менеджер Азиз',
      before: { status: 3, payment_status: 'pending' },
      after: { status: 4, payment_status: 'pending' },
    },
    {
      by: 'Менеджер Азиз',
      before: { status: 4, payment_status: 'pending' },
      after: { status: 5, payment_status: 'pending' },
    },
    {
      by: 'Менеджер Азиз',
      before: { status: 5, payment_status: 'pending' },
      after: { status: 6, payment_status: 'paid' },
    },
  ])
  expect(errors).toEqual([])
})

test('a move on a stale page is refused with the reason and the order as it is now; cancel needs a reason', async ({
  page,
  request,
}) => {
  const who = await shopper(request, 'desk-pass-2', 'Шахло')
  const order = await cashOrder(request, who, 'Шахло Юсупова')
  const manager = await readyStaff(request, 'manager', 'Менеджер Бобур')
  const owner = await ownerToken(request)
  await staffSignIn(page, manager)
  await visit(page, `/ru/admin/orders/${order.id}`)
  await expect(main(page).getByRole('button', { name: 'Собран', exact: true })).toBeVisible()

  // Someone else moves it meanwhile.
  const moved = await request.post(`/api/v1/admin/orders/${order.id}/status/`, {
    headers: { Authorization: `Bearer ${owner}` },
    data: { status: 4, expected_status: 3 },
  })
  expect(moved.status()).toBe(200)

  await main(page).getByRole('button', { name: 'Собран', exact: true }).click()
  await expect(
    toasts(page)
      .getByRole('listitem')
      .filter({ hasText: /Собран/ }),
  ).toBeVisible()
  // The page now shows the fresh state: the next move is "on the way".
  await expect(main(page).getByRole('button', { name: 'Передать в доставку' })).toBeVisible()
  await expect(main(page).getByRole('button', { name: 'Собран', exact: true })).toHaveCount(0)

  // Cancelling asks for a reason: a blank one comes back with an error.
  await main(page).getByText('Отменить заказ', { exact: true }).click()
  const reason = main(page).getByRole('textbox', { name: 'Причина отмены' })
  await reason.fill('   ')
  await main(page).getByRole('button', { name: 'Отменить заказ с этой причиной' }).click()
  await expect(main(page).getByText('Обязательное поле')).toBeVisible()
  await main(page).getByRole('textbox', { name: 'Причина отмены' }).fill('Покупатель передумал')
  await main(page).getByRole('button', { name: 'Отменить заказ с этой причиной' }).click()
  await expect(toasts(page).getByText(`Заказ № ${order.number}: Отменён`)).toBeVisible()
  const timeline = main(page).getByRole('region', { name: 'История заказа' })
  await expect(timeline.getByText('Причина: Покупатель передумал')).toBeVisible()
})

test("an unpaid online order's payment link is shown and sent by SMS; cash is marked received; the order is given to someone", async ({
  page,
  request,
}) => {
  const who = await shopper(request, 'desk-pass-4', 'Зарина')
  const card = await placeOrder(request, who, 'card', [product], { name: 'Зарина Умарова', phone: `+998${who.phone}` })
  const cash = await cashOrder(request, who, 'Зарина Умарова')
  const manager = await readyStaff(request, 'manager', 'Менеджер Жасур')
  await staffSignIn(page, manager)

  await visit(page, `/ru/admin/orders/${card.id}`)
  await main(page).getByRole('button', { name: 'Показать ссылку' }).click()
  await expect(main(page).getByRole('textbox', { name: 'Ссылка на оплату заказа' })).toHaveValue(/^https?:\/\/\S+$/)
  await main(page).getByRole('button', { name: 'Отправить ссылку по SMS' }).click()
  await expect(toasts(page).getByText('Ссылка на оплату отправлена по SMS')).toBeVisible()
  await expect
    .poll(() => messagesTo(who.phone).filter((sms) => sms.text.startsWith(`Atir: оплатите заказ №${card.number} `)))
    .toHaveLength(1)

  await visit(page, `/ru/admin/orders/${cash.id}`)
  await main(page).getByRole('button', { name: 'Наличные получены' }).click()
  await expect(toasts(page).getByText('Оплата наличными отмечена')).toBeVisible()
  const money = main(page).getByRole('region', { name: 'Оплата' })
  // Paid, with the cash in the payment history.
  await expect(money.getByRole('definition').filter({ hasText: /^Оплачен$/ })).toBeVisible()
  await expect(
    money.getByRole('row').filter({ hasText: 'Наличные' }).getByRole('cell', { name: 'Оплачен' }),
  ).toBeVisible()
  await expect(main(page).getByRole('button', { name: 'Наличные получены' })).toHaveCount(0)

  // A manager dispatches: the order goes to whoever is chosen, here the manager (named with the load).
  const assignee = main(page).getByRole('combobox', { name: 'Ответственный за заказ' })
  await expect(assignee.getByRole('option', { name: 'Менеджер Жасур · в работе: 0' })).toHaveCount(1)
  await assignee.selectOption(String(manager.id))
  await main(page).getByRole('button', { name: 'Назначить' }).click()
  await expect(toasts(page).getByText('Ответственный: Менеджер Жасур')).toBeVisible()
  await expect(
    main(page).getByRole('region', { name: 'Покупатель и получатель' }).getByText('Менеджер Жасур'),
  ).toBeVisible()
})

test('the packing slip has the order, the receiver and the cash to collect', async ({ page, request }) => {
  const who = await shopper(request, 'desk-pass-3', 'Камола')
  const order = await cashOrder(request, who, 'Камола Назарова')
  const manager = await readyStaff(request, 'manager', 'Менеджер Сардор')
  await staffSignIn(page, manager)
  await visit(page, `/ru/admin/orders/${order.id}`)
  await main(page).getByRole('link', { name: 'Накладная для печати' }).click()
  const slip = main(page).getByRole('article', { name: `Накладная · заказ № ${order.number}` })
  await expect(slip).toBeVisible()
  await expect(slip.getByRole('img', { name: `QR-код номера заказа ${order.number}` })).toBeVisible()
  await expect(slip.getByText('Камола Назарова')).toBeVisible()
  await expect(slip.getByText(/^Получить с покупателя: /)).toBeVisible()
})

test('a content editor has no orders link and cannot open the desk', async ({ page, request }) => {
  const editor = await readyStaff(request, 'content', 'Редактор Нилуфар')
  await staffSignIn(page, editor)
  await expect(adminNav(page).getByRole('link', { name: 'Заказы' })).toHaveCount(0)
  const answer = await request.get('/api/v1/admin/orders/', { headers: { Authorization: `Bearer ${editor.token}` } })
  expect(answer.status()).toBe(403)
  const desk = await page.goto('/ru/admin/orders')
  expect(desk?.status()).toBe(403)
})
