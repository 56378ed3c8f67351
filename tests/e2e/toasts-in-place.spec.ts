import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test'
import { freshPhone } from './support/customer.ts'
import { type Shopper, shopper } from './support/orders.ts'
import { hydrated, jsOnly, main, withJs } from './support/page.ts'
import { messagesTo, nextCode } from './support/sms.ts'
import { type Lang, langs, text } from './support/texts.ts'

// Toasts say what just happened, where it happened: at the moment of the action, on its page, never on the
// next page, and never over a field, a choice or a total (on a phone above the pay bar). And the promo
// field of a new checkout starts empty. At 320 and 360 px, with and without JavaScript, in three languages.

const product = 'dior-sauvage-eau-de-parfum-100-ml'
const region = (page: Page, lang: Lang) => page.getByRole('region', { name: text(lang, 'account:toast.region') })

/**
 * What the region's toasts cover of what must stay clear (live-toasts.tsx): fields, their labels, choices,
 * the header's controls and the totals (`data-keep-clear`); the names of what is covered, none expected.
 */
function coveredBy(toaster: Locator) {
  return toaster.evaluate((region) => {
    const toasts = [...region.querySelectorAll('li')].map((toast) => toast.getBoundingClientRect())
    const clear = 'input:not([type="hidden"]), select, textarea, label, [data-keep-clear], .site-header :is(a, button)'
    // What of an element shows: not in a closed menu, and only its part inside what clips it (a strip's
    // sections that did not fit).
    const shown = (element: Element) => {
      if (!element.checkVisibility() || element.closest('[inert]')) return null
      let { left, top, right, bottom } = element.getBoundingClientRect()
      for (let box = element.parentElement; box; box = box.parentElement) {
        const style = getComputedStyle(box)
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue
        const clip = box.getBoundingClientRect()
        left = Math.max(left, clip.left)
        top = Math.max(top, clip.top)
        right = Math.min(right, clip.right)
        bottom = Math.min(bottom, clip.bottom)
      }
      return right > left && bottom > top ? { left, top, right, bottom } : null
    }
    const covered: string[] = []
    for (const element of document.querySelectorAll(clear)) {
      const r = region.contains(element) ? null : shown(element)
      if (!r) continue
      const over = toasts.some((t) => t.left < r.right && r.left < t.right && t.top < r.bottom && r.top < t.bottom)
      if (over)
        covered.push(element.getAttribute('aria-label') || element.textContent?.trim().slice(0, 40) || element.tagName)
    }
    return covered
  })
}

/** Waits for the toast (its words), keeps it (focus inside the region pauses it) and checks it covers nothing. */
async function expectClear(page: Page, lang: Lang, words: string) {
  const toaster = region(page, lang)
  const toast = toaster.getByRole('listitem').filter({ hasText: words })
  await expect(toast).toBeVisible()
  await toast.getByRole(withJs() ? 'button' : 'link', { name: text(lang, 'account:toast.close') }).focus()
  await expect.poll(() => coveredBy(toaster)).toEqual([])
  // Whole in the window (to a pixel's fraction: a box at the window's edge can measure 0.9999997), and on a
  // phone's checkout above its pay bar.
  await expect(toast).toBeInViewport({ ratio: 0.99 })
  const bar = page.getByRole('region', { name: text(lang, 'checkout:summary.total') })
  if ((await bar.count()) && (await bar.isVisible())) {
    const [box, barBox] = [await toast.boundingBox(), await bar.boundingBox()]
    if (box && barBox && box.y > barBox.y / 2) expect(box.y + box.height).toBeLessThanOrEqual(barBox.y)
  }
}

/** Signs in on the login page of `lang`. */
async function signIn(page: Page, lang: Lang, who: Shopper) {
  await page.goto(`/${lang}/login`)
  await hydrated(page)
  await main(page)
    .getByRole('textbox', { name: text(lang, 'account:fields.phone') })
    .fill(who.phone)
  await main(page).getByLabel(text(lang, 'account:fields.password'), { exact: true }).fill(who.password)
  await main(page)
    .getByRole('button', { name: text(lang, 'account:login.submit') })
    .click()
  await expect(region(page, lang).getByText(text(lang, 'account:toast.login_success'))).toBeVisible()
}

/** The customer's basket holds the product (through the API, with their token). */
async function fillBasket(request: APIRequestContext, who: Shopper) {
  const { id } = await (await request.get(`/api/v1/products/${product}/`)).json()
  const added = await request.post('/api/v1/orders/cart/products/', {
    headers: { Authorization: `Bearer ${who.token}` },
    data: { product_id: id, quantity: 1 },
  })
  expect(added.status()).toBe(200)
}

/** From the checkout's first step to the payment step, picking up from the shop. */
async function toPayment(page: Page, lang: Lang) {
  await page.goto(`/${lang}/checkout`)
  await hydrated(page)
  await main(page)
    .getByRole('radio', { name: new RegExp(`^${text(lang, 'checkout:receive.pickup')}`) })
    .check()
  await main(page)
    .getByRole('button', { name: text(lang, 'checkout:next') })
    .click()
  await expect(page).toHaveURL(new RegExp(`/${lang}/checkout/contact$`))
  await main(page)
    .getByRole('button', { name: text(lang, 'checkout:next') })
    .click()
  await expect(page).toHaveURL(new RegExp(`/${lang}/checkout/payment$`))
  await hydrated(page)
}

for (const width of [320, 360])
  test.describe(`${width} px phone`, () => {
    test.use({ viewport: { width, height: 640 }, isMobile: true, hasTouch: true })

    for (const lang of langs) {
      test(`the "added" toast shows on the product's page and never on the next (${lang})`, async ({ page }) => {
        await page.goto(`/${lang}/products/${product}`)
        await hydrated(page)
        const title = (await page.getByRole('heading', { level: 1 }).textContent())?.trim() ?? ''
        const add = main(page).getByRole('button', {
          name: text(lang, 'basket:actions.add_label', { title }),
          exact: true,
        })
        const added = text(lang, 'basket:toast.added')
        await add.click()
        // At the moment of the action, on its page.
        await expect(region(page, lang).getByText(added)).toBeVisible()
        await expect(page).toHaveURL(new RegExp(`/${lang}/products/${product}`))

        // A second product, and at once on to the basket: whenever its answer comes, no toast there.
        const other = main(page)
          .getByRole('button', { name: new RegExp(`^${text(lang, 'basket:actions.add_label', { title: '' })}`) })
          .last()
        await other.click()
        await page
          .getByRole('banner')
          .getByRole('link', { name: new RegExp(`^${text(lang, 'common:shell.basket')}`) })
          .click()
        await expect(page).toHaveURL(new RegExp(`/${lang}/basket$`))
        await expect(main(page).getByRole('heading', { level: 1 })).toHaveText(text(lang, 'basket:page.title'))
        await page.waitForLoadState('networkidle')
        await expect(region(page, lang).getByText(added)).toHaveCount(0)
      })

      test(`applying a promo code: the toast covers no field, choice or total; a new checkout starts with an empty field (${lang})`, async ({
        page,
        request,
      }) => {
        test.setTimeout(120_000)
        const who = await shopper(request, `toasts-${lang}-${width}`, 'Dilnoza Karimova')
        await fillBasket(request, who)
        await signIn(page, lang, who)
        await toPayment(page, lang)
        const field = main(page).getByRole('textbox', { name: text(lang, 'checkout:payment.promo') })
        await expect(field).toHaveValue('')
        await field.pressSequentially('ATIR10')
        await main(page)
          .getByRole('button', { name: text(lang, 'checkout:payment.promo_apply') })
          .click()
        await expectClear(page, lang, text(lang, 'checkout:payment.promo_applied'))
        // The code is applied (said beside its removal); the field is for another one.
        await expect(
          main(page).getByText(
            new RegExp(`^${text(lang, 'checkout:payment.promo_active', { code: 'ATIR10', amount: '' })}`),
          ),
        ).toBeVisible()
        await expect(field).toHaveValue('')

        await main(page)
          .getByRole('button', { name: text(lang, 'checkout:payment.place') })
          .click()
        await expect(page).toHaveURL(new RegExp(`/${lang}/order/\\d+$`))
        await expect(main(page).getByText(/^ATIR10 \(−/)).toBeVisible()

        // The next checkout: no code, in the field or applied; typed, it is the code once.
        await fillBasket(request, who)
        await toPayment(page, lang)
        await expect(field).toHaveValue('')
        await expect(main(page).getByRole('button', { name: text(lang, 'checkout:payment.promo_remove') })).toHaveCount(
          0,
        )
        await field.pressSequentially('ATIR10')
        await expect(field).toHaveValue('ATIR10')
      })

      // Without JavaScript registration ends on its own page, with a link to the checkout.
      test(
        `after registering on the way to the checkout, the toast leaves its fields clear (${lang})`,
        jsOnly,
        async ({ page }) => {
          test.setTimeout(120_000)
          // A visitor's basket, then the checkout's sign-in dialog and its registration.
          await page.goto(`/${lang}/products/${product}`)
          await hydrated(page)
          const title = (await page.getByRole('heading', { level: 1 }).textContent())?.trim() ?? ''
          await main(page)
            .getByRole('button', { name: text(lang, 'basket:actions.add_label', { title }), exact: true })
            .click()
          await expect(region(page, lang).getByText(text(lang, 'basket:toast.added'))).toBeVisible()
          await page.goto(`/${lang}/basket`)
          await hydrated(page)
          await main(page)
            .getByRole('link', { name: text(lang, 'basket:page.checkout') })
            .click()
          await page
            .getByRole('dialog', { name: text(lang, 'account:login.title') })
            .getByRole('link', { name: text(lang, 'account:login.to_register') })
            .click()
          const dialog = page.getByRole('dialog', { name: text(lang, 'account:register.title') })
          const national = freshPhone()
          await dialog.getByRole('textbox', { name: text(lang, 'account:fields.full_name') }).fill('Nodira Aliyeva')
          await dialog.getByRole('textbox', { name: text(lang, 'account:fields.phone') }).fill(national)
          const seen = messagesTo(national).length
          await dialog.getByRole('button', { name: text(lang, 'account:register.get_code') }).click()
          await dialog
            .getByRole('textbox', { name: text(lang, 'account:code.label') })
            .fill(await nextCode(national, seen))
          await dialog.getByLabel(text(lang, 'account:fields.password'), { exact: true }).fill('in-place-secret-1')
          await dialog.getByLabel(text(lang, 'account:fields.password_confirm')).fill('in-place-secret-1')
          await dialog.getByRole('button', { name: text(lang, 'account:register.submit') }).click()
          await expect(page).toHaveURL(new RegExp(`/${lang}/checkout$`))
          await expectClear(page, lang, text(lang, 'account:toast.register_success'))
        },
      )
    }
  })

test('on a wide screen, the toast of an applied promo code sits beside the form, clear of the totals', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 1366, height: 768 })
  const who = await shopper(request, 'toasts-wide', 'Dilnoza Karimova')
  await fillBasket(request, who)
  await signIn(page, 'ru', who)
  await toPayment(page, 'ru')
  await main(page).getByRole('textbox', { name: 'Промокод' }).fill('ATIR10')
  await main(page).getByRole('button', { name: 'Применить промокод' }).click()
  await expectClear(page, 'ru', 'Промокод применён')
  const form = await main(page).getByRole('region', { name: 'Оплата' }).boundingBox()
  const toast = await region(page, 'ru').getByRole('listitem').first().boundingBox()
  expect(toast && form && toast.x).toBeGreaterThanOrEqual((form?.x ?? 0) + (form?.width ?? 0))
})
