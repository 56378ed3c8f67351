import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import { placeOrder, type Shopper, shopper } from './support/orders.ts'
import { main, signIn, visit } from './support/page.ts'
import { type Lang, langs, text } from './support/texts.ts'

// A sum is read whole on a small phone: on the order, basket, checkout and my-orders pages no money figure
// breaks across lines, neither inside its number nor before or inside its currency word («816 000 с / ум»).
// And the order page lists its lines as cards: the picture, the title, the price by the quantity, the sum.
// At 320 and 360 px, with and without JavaScript, in three languages.

const products = ['dior-sauvage-eau-de-parfum-100-ml', 'dior-sauvage-eau-de-toilette-gift-set-100-ml']
const currency: Record<Lang, string> = { ru: 'сум', uz: 'сўм', sr: 'soʻm' }

/** Every money figure shown on the page: its text and how many lines it takes. */
function moneyFigures(page: Page, word: string) {
  return page.evaluate((word) => {
    const figure = new RegExp(`\\d[\\d\\s,]*\\s${word}`, 'g')
    const found: { text: string; lines: number }[] = []
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of node.textContent?.matchAll(figure) ?? []) {
        const range = document.createRange()
        range.setStart(node, match.index)
        range.setEnd(node, match.index + match[0].length)
        const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0)
        // Not on screen (a closed summary, a visually hidden label): nothing to read.
        if (!rects.length || !node.parentElement?.checkVisibility()) continue
        const tops = new Set(rects.map((r) => Math.round(r.top)))
        found.push({ text: match[0], lines: tops.size })
      }
    }
    return found
  }, word)
}

async function expectWhole(page: Page, lang: Lang, where: string) {
  const figures = await moneyFigures(page, currency[lang])
  expect(figures.length, `money on ${where}`).toBeGreaterThan(0)
  expect(
    figures.filter((f) => f.lines > 1),
    `sums broken across lines on ${where}`,
  ).toEqual([])
}

/** The customer's basket holds the products (through the API, with their token). */
async function fillBasket(request: APIRequestContext, who: Shopper) {
  for (const slug of products) {
    const { id } = await (await request.get(`/api/v1/products/${slug}/`)).json()
    const added = await request.post('/api/v1/orders/cart/products/', {
      headers: { Authorization: `Bearer ${who.token}` },
      data: { product_id: id, quantity: 3 },
    })
    expect(added.status()).toBe(200)
  }
}

for (const width of [320, 360])
  test.describe(`${width} px phone`, () => {
    test.use({ viewport: { width, height: 700 }, isMobile: true, hasTouch: true })

    for (const lang of langs)
      test(`every sum whole on the order, basket, checkout and my orders; the order's lines as cards (${lang})`, async ({
        page,
        request,
      }) => {
        test.setTimeout(120_000)
        const who = await shopper(request, `money-${lang}-${width}`, 'Дилноза Каримова')
        const order = await placeOrder(request, who, 'cash', products)
        await fillBasket(request, who)
        await signIn(page, who)

        await visit(page, `/${lang}/order/${order.id}`)
        const lines = main(page)
          .getByRole('list', { name: text(lang, 'orders:order.items') })
          .getByRole('listitem')
        await expect(lines).toHaveCount(products.length)
        for (const line of await lines.all()) {
          // The picture is decorative (alt=""), the title beside it names the line.
          await expect(line.locator('img')).toBeVisible()
          await expect(line.getByRole('link')).toBeVisible()
          await expect(line).toContainText('× 1')
          // The line's sum, whole on the screen once scrolled to.
          const sum = line.getByText(new RegExp(`${currency[lang]}$`)).last()
          await sum.scrollIntoViewIfNeeded()
          await expect(sum).toBeInViewport({ ratio: 1 })
        }
        await expectWhole(page, lang, 'the order page')

        await visit(page, `/${lang}/basket`)
        await expect(main(page).getByRole('list', { name: text(lang, 'basket:page.lines') })).toBeVisible()
        await expectWhole(page, lang, 'the basket')

        await visit(page, `/${lang}/checkout`)
        await expect(page).toHaveURL(new RegExp(`/${lang}/checkout$`))
        await expectWhole(page, lang, 'the checkout')

        await visit(page, `/${lang}/my-orders`)
        await expect(
          main(page)
            .getByRole('link', { name: new RegExp(order.number) })
            .first(),
        ).toBeVisible()
        await expectWhole(page, lang, 'my orders')
      })
  })
