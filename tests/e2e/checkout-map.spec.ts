import { expect, test } from '@playwright/test'
import { registerCustomer } from './support/customer.ts'
import { basketToCheckout, main, signIn, watchErrors, withJs } from './support/page.ts'

// The checkout map picker (Yandex Maps JS API 2.1), against the e2e server
// that has a maps key. Yandex itself is
// never called: the loader URL is answered by a small fake of the few calls the
// picker uses, served from the real address so the CSP and the nonce are tested too.
test.describe.configure({ mode: 'serial' })
// The second e2e server (playwright.config.ts) has a maps key and Payme set up.
test.use({ baseURL: `http://127.0.0.1:${process.env.E2E_PROVIDERS_PORT}` })

const product = 'dior-sauvage-eau-de-parfum-100-ml'
const customer = { phone: '', password: 'checkout-map-1' }

test.beforeAll(async ({ request }) => {
  customer.phone = await registerCustomer(request, customer.password, 'Гулноза')
})

const fakeYmaps = `
window.ymaps = {
  ready: function (fn) { setTimeout(fn, 0) },
  Map: function (el, state) {
    el.setAttribute('data-fake-map', state.center.join(','))
    this.geoObjects = { add: function (mark) { window.__mark = mark } }
    this.events = { add: function () {} }
    this.destroy = function () {}
  },
  Placemark: function (at) {
    var coords = at, handlers = {}
    this.geometry = { getCoordinates: function () { return coords }, setCoordinates: function (c) { coords = c } }
    this.events = { add: function (name, fn) { handlers[name] = fn } }
    this.drag = function (c) { coords = c; handlers.dragend() }
  },
  geocode: function () {
    return Promise.resolve({ geoObjects: { get: function () {
      return { getThoroughfare: function () { return 'улица Амира Темура' }, getPremiseNumber: function () { return '108' } }
    } } })
  },
}`

test('with JavaScript the point is required and the placemark fills the address; without it the fields alone', async ({
  page,
}) => {
  const loads: string[] = []
  await page.route('https://api-maps.yandex.ru/**', (route) => {
    loads.push(route.request().url())
    return route.fulfill({ contentType: 'text/javascript', body: fakeYmaps })
  })
  const errors = watchErrors(page)
  await signIn(page, customer)
  // From the basket: with JavaScript a client-side navigation, so the picker's script is added by React.
  await basketToCheckout(page, product)
  await main(page)
    .getByRole('combobox', { name: /^Район/ })
    .selectOption({ label: 'Мирабадский район' })
  await main(page).getByRole('textbox', { name: 'Улица' }).fill('Шота Руставели')
  await main(page).getByRole('textbox', { name: 'Дом' }).fill('3')

  if (withJs()) {
    await expect(main(page).getByRole('application', { name: 'Точка доставки на карте' })).toHaveAttribute(
      'data-fake-map',
      /^41\./,
    )
    expect(loads[0]).toContain('lang=ru_RU')
    expect(loads[0]).toContain('coordorder=latlong')
    // No point yet: the step asks for one.
    await main(page).getByRole('button', { name: 'Далее' }).click()
    await expect(main(page).getByText('Выберите место доставки на карте').first()).toBeVisible()
    await expect(page).toHaveURL(/\/ru\/checkout$/)
    // Dragging the placemark fills the address from the geocoder.
    await page.evaluate(() => (window as unknown as { __mark: { drag(c: number[]): void } }).__mark.drag([41.3, 69.27]))
    await expect(main(page).getByRole('textbox', { name: 'Улица' })).toHaveValue('улица Амира Темура')
    await expect(main(page).getByRole('textbox', { name: 'Дом' })).toHaveValue('108')
    await expect(main(page).getByText('Точка выбрана. Проверьте улицу и дом.')).toBeVisible()
  } else {
    expect(loads).toEqual([])
  }
  await main(page).getByRole('button', { name: 'Далее' }).click()
  await expect(page).toHaveURL(/\/ru\/checkout\/contact$/)
  // Back: the point is kept with the address.
  await main(page).getByRole('button', { name: 'Назад' }).click()
  await expect(page).toHaveURL(/\/ru\/checkout$/)
  if (withJs()) await expect(main(page).getByText('Точка выбрана. Проверьте улицу и дом.')).toBeVisible()

  // The order keeps the point: its page links to it on the map.
  await main(page).getByRole('button', { name: 'Далее' }).click()
  await expect(page).toHaveURL(/\/ru\/checkout\/contact$/)
  await main(page).getByRole('button', { name: 'Далее' }).click()
  await expect(page).toHaveURL(/\/ru\/checkout\/payment$/)
  await main(page).getByRole('button', { name: 'Оформить заказ' }).click()
  await expect(page).toHaveURL(/\/ru\/order\/\d+$/)
  const onMap = main(page).getByRole('link', { name: 'на карте' })
  if (withJs()) await expect(onMap).toHaveAttribute('href', /pt=69\.27,41\.3&/)
  else await expect(onMap).toHaveCount(0)
  expect(errors).toEqual([])
})
