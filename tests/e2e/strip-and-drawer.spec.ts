import { expect, type Page, test } from '@playwright/test'
import { main, visit, withJs } from './support/page.ts'
import { langs, text } from './support/texts.ts'

// The header's ways into the shop: on a wide screen the category strip is one row (the groups, the
// sections that fit and "More" with the rest) and its dropdowns open over the page; on a phone the menu
// drawer offers my orders, favourites, brands, help and the language besides the groups; a list whose
// query names a section, category or brand the shop does not have is a 404. With and without JavaScript,
// in three languages.

const strip = (page: Page, lang: (typeof langs)[number]) =>
  page.getByRole('navigation', { name: text(lang, 'common:shell.categories') })

test.describe('1366 px', () => {
  test.use({ viewport: { width: 1366, height: 768 } })

  for (const lang of langs)
    test(`the strip is one row; what does not fit is under "More" (${lang})`, async ({ page }) => {
      await visit(page, `/${lang}`)
      const nav = strip(page, lang)
      // What the strip shows: its controls outside the dropdowns, not inert, and inside what clips them (the
      // sections' row hides those that wrapped).
      const controls = await nav.evaluate((element) => {
        const inClip = (control: Element) => {
          const r = control.getBoundingClientRect()
          for (let box = control.parentElement; box && box !== element; box = box.parentElement) {
            const style = getComputedStyle(box)
            if (style.overflowX === 'visible' && style.overflowY === 'visible') continue
            const clip = box.getBoundingClientRect()
            if (r.top >= clip.bottom || r.bottom <= clip.top || r.left >= clip.right || r.right <= clip.left)
              return false
          }
          return true
        }
        return [...element.querySelectorAll('a, button')]
          .filter((control) => control.checkVisibility() && !control.closest('[popover]'))
          .map((control) => ({
            title: control.textContent?.trim() ?? '',
            link: control.tagName === 'A',
            top: Math.round(control.getBoundingClientRect().top),
            shown: !control.closest('[inert]') && inClip(control),
          }))
      })
      // Every control shown sits on one row.
      const shown = controls.filter((control) => control.shown)
      expect(shown.length).toBeGreaterThan(2)
      expect(new Set(shown.map((control) => control.top)).size).toBe(1)
      // The header's sections (the links outside the dropdowns): each one is either in the row or in "More".
      const sections = controls.filter((control) => control.link).map(({ title, shown }) => ({ title, inRow: shown }))
      expect(sections.length).toBeGreaterThan(0)
      const hidden = sections.filter((section) => !section.inRow).map((section) => section.title)
      const more = nav.getByRole('button', { name: text(lang, 'common:shell.more') })
      if (hidden.length) {
        await more.click()
        const dropdown = nav
          .getByRole('listitem')
          .filter({ has: page.getByRole('button', { name: text(lang, 'common:shell.more') }) })
          .getByRole('list')
        await expect(dropdown).toBeVisible()
        for (const title of hidden) await expect(dropdown.getByRole('link', { name: title, exact: true })).toBeVisible()
        await page.keyboard.press('Escape')
        await expect(dropdown).toBeHidden()
      } else if (withJs()) await expect(more).toHaveCount(0)
    })

  test('a group dropdown opens over the page, not under what follows it', async ({ page }) => {
    await visit(page, '/ru')
    const nav = strip(page, 'ru')
    const group = nav.getByRole('button', { name: 'Парфюмерия' })
    await group.click()
    const dropdown = nav
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: 'Парфюмерия' }) })
      .getByRole('list')
    await expect(dropdown).toBeVisible()
    // Below its button, and what is at its middle is the dropdown itself.
    const [button, box] = [await group.boundingBox(), await dropdown.boundingBox()]
    expect(box && button && box.y).toBeGreaterThanOrEqual((button?.y ?? 0) + (button?.height ?? 0) - 1)
    const onTop = await dropdown.evaluate((list) => {
      const r = list.getBoundingClientRect()
      return list.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2))
    })
    expect(onTop).toBe(true)
  })
})

for (const width of [320, 360])
  test.describe(`${width} px phone`, () => {
    test.use({ viewport: { width, height: 700 }, isMobile: true, hasTouch: true })

    for (const lang of langs)
      test(`the drawer lists my orders, favourites, brands, help and the language (${lang})`, async ({ page }) => {
        await visit(page, `/${lang}`)
        await page.getByRole('button', { name: text(lang, 'common:shell.menu'), exact: true }).click()
        const drawer = page.getByRole('dialog', { name: text(lang, 'common:shell.menu') })
        await expect(drawer).toBeVisible()
        await expect(drawer.getByRole('navigation', { name: text(lang, 'common:shell.language') })).toBeVisible()
        const link = (key: string) => drawer.getByRole('link', { name: text(lang, key), exact: true })
        // One link for everyone (the page is shared by all shoppers); a visitor is asked to sign in on the way.
        await expect(link('common:shell.orders')).toHaveAttribute('href', `/${lang}/my-orders`)
        await expect(link('common:shell.saved')).toHaveAttribute('href', `/${lang}/saved`)
        await expect(link('common:shell.footer.brands')).toHaveAttribute('href', `/${lang}/brands`)
        await link('common:shell.help').click()
        await expect(page).toHaveURL(new RegExp(`/${lang}/pages/help$`))
        await expect(main(page).getByRole('heading', { level: 1 })).toBeVisible()
        await page.getByRole('button', { name: text(lang, 'common:shell.menu'), exact: true }).click()
        await link('common:shell.footer.brands').click()
        await expect(page).toHaveURL(new RegExp(`/${lang}/brands$`))
        await expect(main(page).getByRole('heading', { level: 1 })).toBeVisible()
        await page.getByRole('button', { name: text(lang, 'common:shell.menu'), exact: true }).click()
        await link('common:shell.orders').click()
        if (withJs())
          await expect(page.getByRole('dialog', { name: text(lang, 'account:login_required.title') })).toContainText(
            text(lang, 'account:login_required.text'),
          )
        else await expect(page).toHaveURL(new RegExp(`/${lang}/login\\?redirectTo=%2F${lang}%2Fmy-orders$`))
      })

    for (const lang of langs)
      test(`a list naming a section, category or brand the shop does not have is a 404 (${lang})`, async ({ page }) => {
        for (const query of ['sections=no-such-section', 'brand=no-such-brand', 'sections=perfume,no-such-category']) {
          const response = await page.goto(`/${lang}/products?${query}`)
          expect(response?.status(), query).toBe(404)
          await expect(main(page).getByRole('heading', { level: 1 })).toBeVisible()
        }
        const category = await page.goto(`/${lang}/products/category/mens-perfume?brand=no-such-brand`)
        expect(category?.status()).toBe(404)
        // What the shop has is still a list.
        const known = await page.goto(`/${lang}/products?brand=dior`)
        expect(known?.status()).toBe(200)
      })
  })
