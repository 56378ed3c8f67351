import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { expect, test } from '@playwright/test'
import { placeOrder, shopper } from './support/orders.ts'
import { main, signIn, toasts, visit, watchErrors } from './support/page.ts'

// A shopper has their order news sent to Telegram: the offer on the order
// page, the bot's one-time link on the profile's Telegram page, Start in the
// bot (played by `npm run telegram -- simulate`, as docs/telegram.md tells
// a demo shop without a bot token), then unlinking.

const root = fileURLToPath(new URL('../..', import.meta.url))

/** Sends `text` to the e2e shop's bot as Telegram user `from`, through the documented command; returns its output. */
async function simulate(from: number, text: string) {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['api/telegram/cli.ts', 'simulate', 'say', text, '--from', String(from)],
    {
      cwd: root,
      env: { ...process.env, PORT: process.env.E2E_PORT, DATA_DIR: `tests/.tmp/e2e-data-${process.env.E2E_PORT}` },
    },
  )
  return stdout
}

test('link Telegram from an order and the profile (the deep link shown), then unlink it', async ({ page, request }) => {
  const errors = watchErrors(page)
  const who = await shopper(request, 'telegram-pass-1', 'Шахзода')
  const order = await placeOrder(request, who, 'cash', ['dior-sauvage-eau-de-parfum-100-ml'])
  await signIn(page, who)

  // The order page offers it; the offer leads to the bot's link, with the way back.
  await visit(page, `/ru/order/${order.id}`)
  await expect(main(page).getByText('Следите за заказом в Telegram: новости придут туда вместо SMS.')).toBeVisible()
  await main(page).getByRole('button', { name: 'Получать в Telegram' }).click()
  await expect(page).toHaveURL(/\/ru\/profile\/telegram$/)
  await expect(main(page).getByRole('link', { name: 'Вернуться к заказу' })).toHaveAttribute(
    'href',
    `/ru/order/${order.id}`,
  )

  // On the profile's page: a fresh link (the one above is replaced), opened in Telegram.
  await visit(page, '/ru/profile/telegram')
  await main(page).getByRole('button', { name: 'Привязать Telegram' }).click()
  const open = main(page).getByRole('link', { name: 'Открыть Telegram' })
  await expect(open).toHaveAttribute('href', /^https:\/\/t\.me\/atir_e2e_bot\?start=[A-Za-z0-9_-]{32}$/)
  const code = new URL((await open.getAttribute('href')) ?? '').searchParams.get('start') ?? ''
  const telegramId = (test.info().project.name === 'chromium-js' ? 1 : 2) * 100_000_000 + (Date.now() % 100_000_000)
  expect(await simulate(telegramId, `/start ${code}`)).toContain('новости ваших заказов Atir будут приходить сюда')

  await main(page)
    .getByRole('link', { name: /проверить$/ })
    .click()
  await expect(main(page).getByText(/^Telegram привязан с .+, язык — Русский\.$/)).toBeVisible()
  expect(await simulate(telegramId, '/orders')).toContain(`№${order.number}`)

  await main(page).getByRole('button', { name: 'Отвязать Telegram' }).click()
  await expect(toasts(page).getByText('Telegram отвязан: новости заказов снова приходят по SMS.')).toBeVisible()
  await expect(main(page).getByRole('button', { name: 'Привязать Telegram' })).toBeVisible()
  expect(await simulate(telegramId, '/orders')).toContain('не привязан к аккаунту покупателя')
  expect(errors).toEqual([])
})
