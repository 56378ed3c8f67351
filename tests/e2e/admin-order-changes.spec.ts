import { expect, type Page, test } from '@playwright/test'
import type { Contacts } from '#api/types.ts'
import { freshPhone } from './support/customer.ts'
import { placeOrder, shopper } from './support/orders.ts'
import { main, toasts, visit, watchErrors, withJs } from './support/page.ts'
import { messagesTo } from './support/sms.ts'
import { ownerToken, readyStaff, staffSignIn } from './support/staff.ts'

// The desk's order work on a phone (360 px), with and without JavaScript: a
// manager edits an order and takes one by phone, a courier delivers and
// takes the cash, a pickup order's customer is told where to collect it.

test.use({ viewport: { width: 360, height: 740 } })

const product = 'dior-sauvage-eau-de-parfum-100-ml'

/** The page is no wider than the phone: nothing to scroll sideways. */
async function fitsThePhone(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
}

/** Finds products by `query` in a draft form and adds the first one whose title starts with `title`; the totals show. */
async function addProduct(page: Page, query: string, title: string, totals: string) {
  await main(page).getByRole('searchbox', { name: 'Добавить товар: название, бренд или артикул' }).fill(query)
  await main(page).getByRole('button', { name: 'Найти', exact: true }).click()
  const found = main(page).getByRole('list', { name: 'Найденные товары' })
  await found
    .getByRole('button', { name: new RegExp(`^Добавить «${title}`) })
    .first()
    .click()
  await expect(main(page).getByRole('region', { name: totals })).toBeVisible()
}

const smsTexts = (national: string) => () => messagesTo(national).map((sms) => sms.text)

test('a manager edits an order and takes another one by phone', async ({ page, request }) => {
  const errors = watchErrors(page)
  const who = await shopper(request, 'change-pass-1', 'Нигора')
  const order = await placeOrder(request, who, 'cash', [product])
  const manager = await readyStaff(request, 'manager', `Менеджер Севара ${withJs() ? 'js' : 'nojs'}`)
  await staffSignIn(page, manager)

  // Two of the perfume and a Chanel besides.
  await visit(page, `/ru/admin/orders/${order.id}`)
  await main(page).getByRole('link', { name: 'Изменить заказ' }).click()
  await expect(main(page).getByRole('heading', { level: 1, name: `Изменение заказа № ${order.number}` })).toBeVisible()
  await main(page)
    .getByRole('spinbutton', { name: /^Dior Sauvage/ })
    .fill('2')
  await addProduct(page, 'Chanel', 'Chanel', 'Итог после изменений')
  await fitsThePhone(page)
  await main(page).getByRole('button', { name: 'Сохранить изменения' }).click()
  await expect(toasts(page).getByText(`Заказ № ${order.number} изменён`)).toBeVisible()
  const timeline = main(page).getByRole('region', { name: 'История заказа' })
  await expect(timeline.getByRole('listitem').filter({ hasText: 'Заказ изменён' })).toContainText(manager.name)
  await expect(main(page).getByRole('region', { name: 'Товары' }).getByRole('listitem')).toHaveCount(2)
  await expect
    .poll(smsTexts(who.phone))
    .toContainEqual(expect.stringMatching(new RegExp(`^Atir: заказ №${order.number} изменён\\. Итого [\\d ]+ сум\\.$`)))

  // A new customer calls: the order is taken for their number.
  await visit(page, '/ru/admin/orders')
  await main(page).getByRole('link', { name: 'Заказ по телефону' }).click()
  await expect(main(page).getByRole('heading', { level: 1, name: 'Заказ по телефону' })).toBeVisible()
  const caller = freshPhone()
  await main(page).getByRole('textbox', { name: 'Телефон покупателя' }).fill(`+998${caller}`)
  await main(page).getByRole('textbox', { name: 'Имя (для нового покупателя)' }).fill('Бахтиёр Азимов')
  await main(page).getByRole('button', { name: 'Найти покупателя' }).click()
  await expect(main(page).getByRole('status').filter({ hasText: 'Такого покупателя нет' })).toBeVisible()
  await addProduct(page, 'Dior Sauvage', 'Dior Sauvage', 'Итог заказа')
  await main(page).getByRole('radio', { name: 'Самовывоз' }).check()
  await main(page).getByRole('combobox', { name: 'Пункт самовывоза' }).selectOption('amir-temur')
  await fitsThePhone(page)
  await main(page).getByRole('button', { name: 'Оформить заказ' }).click()
  await expect(toasts(page).getByText(/^Заказ № \d+ оформлен$/)).toBeVisible()
  await expect(page).toHaveURL(/\/ru\/admin\/orders\/\d+$/)
  await expect(main(page).getByRole('heading', { level: 1 })).toContainText('Заказ №')
  await expect(main(page).getByRole('region', { name: 'История заказа' }).getByRole('listitem').first()).toContainText(
    manager.name,
  )
  await expect
    .poll(smsTexts(caller))
    .toContainEqual(expect.stringMatching(/принят\. Пришлём SMS, когда его можно будет забрать\.$/))
  expect(errors).toEqual([])
})

test('a courier takes its order on the way, records the cash and delivers it', async ({ page, request }) => {
  const errors = watchErrors(page)
  const who = await shopper(request, 'change-pass-2', 'Фаррух')
  const order = await placeOrder(
    request,
    who,
    'cash',
    [product],
    { name: 'Фаррух Каримов', phone: `+998${who.phone}` },
    'courier',
  )
  const courier = await readyStaff(request, 'courier', `Курьер Жасур ${withJs() ? 'js' : 'nojs'}`)
  const owner = { Authorization: `Bearer ${await ownerToken(request)}` }
  expect(
    (
      await request.post(`/api/v1/admin/orders/${order.id}/assign/`, { headers: owner, data: { staff_id: courier.id } })
    ).status(),
  ).toBe(200)
  expect(
    (
      await request.post(`/api/v1/admin/orders/${order.id}/status/`, {
        headers: owner,
        data: { status: 4, expected_status: 3 },
      })
    ).status(),
  ).toBe(200)

  // The courier's back office opens on their deliveries.
  await staffSignIn(page, courier)
  await expect(main(page).getByRole('heading', { level: 1, name: 'Мои доставки' })).toBeVisible()
  const card = main(page).getByRole('article', { name: new RegExp(`Заказ № ${order.number}`) })
  await expect(card.getByRole('link', { name: /^Позвонить: / })).toHaveAttribute('href', `tel:+998${who.phone}`)
  await expect(card.getByText('Bunyodkor 12')).toBeVisible()
  await expect(card.getByText('Получить с покупателя')).toBeVisible()
  await fitsThePhone(page)
  await card.getByRole('button', { name: `Взял заказ № ${order.number}` }).click()
  await expect(toasts(page).getByText(`Заказ № ${order.number}: В пути`)).toBeVisible()
  await card.getByRole('button', { name: `Получил наличные за № ${order.number}` }).click()
  await expect(toasts(page).getByText('Оплата наличными отмечена')).toBeVisible()
  await expect(card.getByText('Оплачен')).toBeVisible()
  await card.getByRole('button', { name: `Доставил заказ № ${order.number}` }).click()
  await expect(toasts(page).getByText(`Заказ № ${order.number}: Доставлен`)).toBeVisible()
  await expect(card).toHaveCount(0)
  await expect.poll(smsTexts(who.phone)).toContainEqual(`Atir: заказ №${order.number} доставлен. Спасибо за покупку!`)
  expect(errors).toEqual([])
})

test('a pickup order made ready: its customer gets the ready-to-collect SMS with the point', async ({
  page,
  request,
}) => {
  const errors = watchErrors(page)
  const who = await shopper(request, 'change-pass-3', 'Малика')
  const order = await placeOrder(request, who, 'cash', [product])
  const manager = await readyStaff(request, 'manager', `Менеджер Дильшод ${withJs() ? 'js' : 'nojs'}`)
  await staffSignIn(page, manager)

  if (withJs()) {
    // The open desk counts new orders in its title without a reload and, once
    // turned on, shows a notification (recorded here as the browser shows it).
    await page.context().grantPermissions(['notifications'])
    await page.addInitScript(() => {
      const Shown = window.Notification
      const titles: string[] = []
      Object.assign(window, { shownNotifications: titles })
      window.Notification = class extends Shown {
        constructor(title: string, options?: NotificationOptions) {
          super(title, options)
          titles.push(title)
        }
      }
    })
    await visit(page, '/ru/admin/orders')
    await main(page).getByRole('button', { name: 'Включить звук о новых заказах' }).click()
    await page.reload()
    const turnedOn = main(page).getByRole('button', { name: 'Звук о новых заказах: включён' })
    await expect(turnedOn).toHaveAttribute('aria-pressed', 'true')
    const count = async () => Number(/^\((\d+)\) /.exec(await page.title())?.[1] ?? 0)
    const shown = () => page.evaluate(() => (window as unknown as { shownNotifications: string[] }).shownNotifications)
    expect(await shown()).toEqual([])
    // Other tests open new orders meanwhile, so the count may stay put: the arrival is what tells.
    await placeOrder(request, who, 'cash', [product])
    await expect.poll(shown).toContainEqual(expect.stringMatching(/^Atir: новых заказов — \d+$/))
    expect(await count()).toBeGreaterThan(0)
    // The badge follows the title.
    const badge = main(page)
      .getByRole('status')
      .filter({ hasText: /^Новых: \d+$/ })
    await expect.poll(async () => (await badge.textContent()) === `Новых: ${await count()}`).toBe(true)
  }

  await visit(page, `/ru/admin/orders/${order.id}`)
  await main(page).getByRole('button', { name: 'Собран', exact: true }).click()
  await expect(toasts(page).getByText(`Заказ № ${order.number}: Собран`)).toBeVisible()
  // Collected, not carried: the next step hands it over.
  await expect(main(page).getByRole('button', { name: 'Выдан покупателю' })).toBeVisible()
  await expect(main(page).getByRole('button', { name: 'Передать в доставку' })).toHaveCount(0)
  const contacts = (await (await request.get('/api/v1/settings/contacts/')).json()) as Contacts
  const point = contacts.pickup_points.find((p) => p.id === 'amir-temur')!
  await expect
    .poll(smsTexts(who.phone))
    .toContainEqual(
      `Atir: заказ №${order.number} собран и ждёт вас. ${point.name}: ${point.address}, ${point.hours}. Назовите номер заказа.`,
    )
  expect(
    messagesTo(who.phone)
      .map((sms) => sms.text)
      .join('\n'),
  ).not.toContain('в пути')
  expect(errors).toEqual([])
})
