import { expect, type Page, test } from '@playwright/test'
import { main, wake, withJs } from './support/page.ts'
import {
  exitCode,
  newPhone,
  registerCustomer,
  type ServerProcess,
  startServer,
  tmpDataDir,
} from './support/server-process.ts'
import { startEskizStandIn, startHungServer } from './support/upstreams.ts'

// An external service that accepts the connection and never answers
// (Eskiz for SMS, Payme for saved cards) costs the customer SMS_TIMEOUT_MS /
// PAYMENT_TIMEOUT_MS, then a clear message in their language, never a page
// that hangs. The server of this spec is wired to local stand-ins of both.
test.describe.configure({ mode: 'serial' })

const smsTimeoutMs = 1_500
const paymentTimeoutMs = 1_500
// The provider's timeout plus the round trip of the form on a busy machine.
const slack = 6_000

let server: ServerProcess
let eskiz: Awaited<ReturnType<typeof startEskizStandIn>>
let payme: Awaited<ReturnType<typeof startHungServer>>
const customer = { national: '', password: 'hung-pass-1' }
const data = tmpDataDir('hung')

test.beforeAll(async () => {
  eskiz = await startEskizStandIn()
  payme = await startHungServer()
  server = await startServer({
    dataDir: data.dir,
    env: {
      SEED_PRODUCTS: '10',
      SMS_PROVIDER: 'eskiz',
      ESKIZ_EMAIL: 'shop@example.uz',
      ESKIZ_PASSWORD: 'stand-in',
      ESKIZ_BASE_URL: eskiz.baseUrl,
      SMS_TIMEOUT_MS: String(smsTimeoutMs),
      PAYMENT_PROVIDER: 'payme',
      PAYME_MERCHANT_ID: 'hung-merchant',
      PAYME_KEY: 'hung-payme-key',
      PAYME_API_URL: `http://127.0.0.1:${payme.port}/api`,
      PAYMENT_TIMEOUT_MS: String(paymentTimeoutMs),
    },
  })
  // The card customer registers while Eskiz still answers.
  const registered = await registerCustomer(server, eskiz.codeOf, customer.password)
  customer.national = registered.phone.slice(4)
})

test.afterAll(async () => {
  server?.child.kill('SIGKILL')
  if (server) await exitCode(server.child)
  await eskiz?.close()
  await payme?.close()
  data.remove()
})

/** With JavaScript, waits until the page has hydrated (the search box becomes a combobox). */
async function visit(page: Page, path: string) {
  await page.goto(`${server.url}${path}`)
  await wake(page)
  if (withJs()) await expect(page.getByRole('combobox', { name: 'Поиск товаров' })).toBeVisible()
}

test('Eskiz hangs: asking for a registration code says the SMS service is not answering', async ({ page }) => {
  eskiz.hang = true
  await visit(page, '/ru/register')
  const name = main(page).getByRole('textbox', { name: 'Имя и фамилия' })
  await name.fill('Дилноза Каримова')
  await main(page).getByRole('textbox', { name: 'Номер телефона' }).fill(newPhone().slice(4))
  const started = Date.now()
  await main(page).getByRole('button', { name: 'Получить код' }).click()
  await expect(main(page).getByText('SMS-сервис не отвечает. Попробуйте через минуту.').first()).toBeVisible({
    timeout: smsTimeoutMs + slack,
  })
  expect(Date.now() - started).toBeGreaterThanOrEqual(smsTimeoutMs)
  // Still step 1 with what was typed, ready for another try.
  await expect(main(page).getByText('Шаг 1 из 4')).toBeVisible()
  await expect(name).toHaveValue('Дилноза Каримова')
})

test('Payme hangs: adding a saved card says the payment system is not answering', async ({ page }) => {
  await page.goto(`${server.url}/ru/login?redirectTo=${encodeURIComponent('/ru/profile/cards')}`)
  await wake(page)
  if (withJs()) await expect(page.getByRole('combobox', { name: 'Поиск товаров' })).toBeVisible()
  await main(page).getByRole('textbox', { name: 'Номер телефона' }).fill(customer.national)
  await main(page).getByLabel('Пароль', { exact: true }).fill(customer.password)
  await main(page).getByRole('button', { name: 'Войти' }).click()
  await expect(page).toHaveURL(/\/ru\/profile\/cards$/)
  await wake(page)
  if (withJs()) await expect(page.getByRole('combobox', { name: 'Поиск товаров' })).toBeVisible()

  const number = main(page).getByRole('textbox', { name: 'Номер карты' })
  await number.fill('8600 0691 9540 6311')
  const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0')
  await main(page).getByRole('textbox', { name: 'Срок действия' }).fill(`03/${nextYear}`)
  const started = Date.now()
  await main(page).getByRole('button', { name: 'Получить код' }).click()
  // A toast with JavaScript, a message over the form without.
  await expect(page.getByText('Платёжная система не отвечает. Попробуйте через минуту.').first()).toBeVisible({
    timeout: paymentTimeoutMs + slack,
  })
  expect(Date.now() - started).toBeGreaterThanOrEqual(paymentTimeoutMs)
  // No card was saved and the number stays for another try.
  await expect(main(page).getByText('Сохранённых карт пока нет.')).toBeVisible()
  await expect(number).toHaveValue(/^8600 ?0691 ?9540 ?6311$/)
})
