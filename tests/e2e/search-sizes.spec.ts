import { expect, type Locator, type Page, test } from '@playwright/test'
import { hydrated, jsOnly, main, visit, watchErrors } from './support/page.ts'

// Search by fragrance and sizes like Notino, on phones, with and without
// JavaScript, in the three languages: a search lists Dior Sauvage once with
// its volumes as chips and "from …" (the size a search names, marked, where
// it names one); the live dropdown the same; the product page shows the sizes
// as a compact row of chips per concentration, and reviews and similar
// products come within two screens of the basket button.

const texts = {
  ru: {
    sizesOf: 'Объёмы: ',
    from: /^от [\d\s]+сум$/,
    ml: 'мл',
    choices: 'Варианты',
    edt: 'Туалетная вода',
    edp: 'Парфюмерная вода',
    basket: 'В корзину',
    reviews: 'Отзывы',
    similar: 'Похожие товары',
    box: 'Поиск товаров',
    suggestions: 'Подсказки поиска',
  },
  uz: {
    sizesOf: 'Ҳажмлари: ',
    from: /^[\d\s]+сўм дан$/,
    ml: 'мл',
    choices: 'Вариантлар',
    edt: 'Туалет суви',
    edp: 'Парфюм суви',
    basket: 'Саватга',
    reviews: 'Шарҳлар',
    similar: 'Ўхшаш маҳсулотлар',
    box: 'Маҳсулотларни қидириш',
    suggestions: 'Қидирув таклифлари',
  },
  sr: {
    sizesOf: 'Hajmlari: ',
    from: /^[\d\s]+soʻm dan$/,
    ml: 'ml',
    choices: 'Variantlar',
    edt: 'Tualet suvi',
    edp: 'Parfyum suvi',
    basket: 'Savatga',
    reviews: 'Sharhlar',
    similar: 'Oʻxshash mahsulotlar',
    box: 'Mahsulotlarni qidirish',
    suggestions: 'Qidiruv takliflari',
  },
} as const

/** A size of the Sauvage fragrance: not its gift sets, shower gel or deodorant, products and lines of their own. */
const sauvageSize = new RegExp(
  `^Dior Sauvage, (${['туалетная вода', 'парфюмерная вода', 'духи', 'туалет суви', 'парфюм суви', 'атир', 'tualet suvi', 'parfyum suvi', 'atir'].join('|')}), (тестер, |tester, )?\\d+\\s(мл|ml)$`,
)

/** The cards of the Sauvage fragrance's sizes. */
const sauvageCards = (page: Page) =>
  main(page)
    .getByRole('article')
    .filter({ has: page.getByRole('heading').getByRole('link', { name: sauvageSize }) })

/** What `locator` finds stays inside the phone's width: no chip or price cut off at the edge. */
async function fitsWidth(page: Page, locator: Locator) {
  const width = page.viewportSize()!.width
  const rights = await locator.evaluateAll((elements) => elements.map((e) => e.getBoundingClientRect().right))
  expect(rights.length).toBeGreaterThan(0)
  for (const right of rights) expect(right).toBeLessThanOrEqual(width)
}

for (const width of [360, 320])
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 360 ? 740 : 640 } })

    for (const [lang, t] of Object.entries(texts)) {
      test(`${lang}: a search lists a fragrance once, with its sizes as chips and "from"`, async ({ page }) => {
        const errors = watchErrors(page)
        await visit(page, `/${lang}/products?search=sauvage`)
        const cards = sauvageCards(page)
        await expect(cards).toHaveCount(1)
        const card = cards.first()
        const title = (await card.getByRole('heading').textContent()) ?? ''
        const chips = card.getByRole('list', { name: `${t.sizesOf}${title}` }).getByRole('link')
        expect(await chips.count()).toBeGreaterThanOrEqual(2)
        for (const chip of await chips.all()) {
          await expect(chip).toHaveText(new RegExp(`^\\d+ ${t.ml}`))
          await expect(chip).toHaveAttribute('href', new RegExp(`^/${lang}/products/dior-sauvage-`))
        }
        await expect(card.getByText(t.from)).toBeVisible()
        await fitsWidth(page, chips)

        // A chip opens that size's own page.
        const chip = chips.last()
        const href = (await chip.getAttribute('href')) ?? ''
        await chip.click()
        await expect(page).toHaveURL(new RegExp(`${href}$`))
        await expect(main(page).getByRole('navigation', { name: t.choices })).toBeVisible()
        expect(errors).toEqual([])
      })

      test(`${lang}: a search naming a size shows that size first, marked; each size on asking`, async ({ page }) => {
        await visit(page, `/${lang}/products?search=${encodeURIComponent('sauvage 100')}`)
        const card = sauvageCards(page).first()
        await expect(card.getByRole('heading')).toHaveText(new RegExp(`100 ${t.ml}$`))
        await expect(main(page).getByRole('article').first()).toContainText('Dior Sauvage, ')
        await expect(card.locator('[aria-current="true"]')).toHaveText(`100 ${t.ml}`)
        // Its own price, not "from".
        await expect(card.getByText(t.from)).toHaveCount(0)

        await visit(page, `/${lang}/products?search=sauvage&sizes=separate`)
        expect(await sauvageCards(page).count()).toBeGreaterThan(1)
        await expect(main(page).getByRole('list', { name: new RegExp(`^${t.sizesOf}`) })).toHaveCount(0)
      })

      // The dropdown is JavaScript; without it the box submits to the list tested above.
      test(`${lang}: the live dropdown lists a fragrance once, with "from" and its sizes`, jsOnly, async ({ page }) => {
        await visit(page, `/${lang}`)
        await hydrated(page)
        const box = page.getByRole('combobox', { name: t.box })
        await box.pressSequentially('sauvage')
        const options = page.getByRole('listbox', { name: t.suggestions }).getByRole('option')
        await expect(options.first()).toBeVisible()
        const sauvage = options.filter({ has: page.locator('.live-search__title', { hasText: sauvageSize }) })
        await expect(sauvage).toHaveCount(1)
        await expect(sauvage.locator('.live-search__price')).toHaveText(t.from)
        await expect(sauvage.locator('.live-search__size').first()).toHaveText(new RegExp(`^\\d+ ${t.ml}$`))
        await fitsWidth(page, sauvage.locator('.live-search__size, .live-search__price'))
      })

      test(`${lang}: the product page's sizes are a row of chips per concentration`, async ({ page, request }) => {
        const errors = watchErrors(page)
        const slug = 'dior-sauvage-eau-de-toilette-100-ml'
        const product = await (
          await request.get(`/api/v1/products/${slug}/`, { headers: { 'Accept-Language': lang } })
        ).json()
        await visit(page, `/${lang}/products/${slug}`)
        const choices = main(page).getByRole('navigation', { name: t.choices })
        await expect(choices.getByRole('link')).toHaveCount(product.line.members.length)
        // One headed row per concentration, in the API's order.
        const names = product.line.groups.map((g: { name: string }) => g.name)
        expect(names[0]).toBe(t.edt)
        await expect(choices.getByRole('heading', { level: 3 })).toHaveText(names)
        const edt = choices.getByRole('region', { name: t.edt })
        const current = edt.locator('[aria-current="page"]')
        await expect(current).toHaveCount(1)
        await expect(current).toHaveAttribute('href', `/${lang}/products/${slug}`)
        await expect(current).toContainText(`100 ${t.ml}`)
        // Each chip: the volume, its price and the price per 10 ml.
        for (const chip of await choices.getByRole('link').all())
          await expect(chip).toHaveText(new RegExp(`^(.+, )?\\d+\\s${t.ml}\\s.*\\d\\s\\S+\\s.*\\d/10\\s${t.ml}`))
        // A row of chips, not a column of tiles: three chips side by side.
        const boxes = await edt
          .getByRole('listitem')
          .evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top)))
        if (boxes.length >= 3) expect(new Set(boxes.slice(0, 3)).size).toBe(1)
        for (const member of product.line.members.filter((m: { in_stock: boolean }) => !m.in_stock)) {
          const chip = choices.locator(`a[href="/${lang}/products/${member.slug}"]`)
          const opacity = await chip
            .locator('span')
            .first()
            .evaluate((el) => Number(getComputedStyle(el).opacity))
          expect(opacity).toBeLessThan(1)
        }
        // Every chip and what it says, whole on the screen and inside the chip.
        await fitsWidth(page, choices.locator('a, a > span'))
        const cut = await choices
          .getByRole('link')
          .evaluateAll((links) => links.filter((a) => a.scrollWidth > a.clientWidth).map((a) => a.textContent))
        expect(cut).toEqual([])

        if (width === 360) {
          // Reviews and similar products within two screens of the basket button.
          const screen = page.viewportSize()!.height
          const top = async (locator: ReturnType<Page['locator']>) =>
            locator.evaluate((el) => el.getBoundingClientRect().top + window.scrollY)
          const basket = await top(
            main(page)
              .getByRole('button', { name: new RegExp(`^${t.basket}`) })
              .first(),
          )
          const reviews = await top(main(page).getByRole('heading', { name: t.reviews, level: 2 }))
          const similar = await top(main(page).getByRole('heading', { name: t.similar, level: 2 }))
          expect(reviews - basket).toBeLessThanOrEqual(2 * screen)
          expect(similar - basket).toBeLessThanOrEqual(2 * screen)
        }
        expect(errors).toEqual([])
      })
    }
  })
