import { expect, type Page, test } from '@playwright/test'
import { registerCustomer } from './support/customer.ts'
import { main, signIn, toasts, visit, withJs } from './support/page.ts'
import { messagesTo, nextCode } from './support/sms.ts'

// The phone polish, with and without JavaScript: the menu drawer, the desktop
// category menu, the profile's sections as tabs with card tiles, the home banners' strip.

const phone = { width: 320, height: 640 }
const desktop = { width: 1280, height: 800 }

/** How far the page scrolls sideways (0 when nothing sticks out). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)

test.describe('menu drawer', () => {
  test.use({ viewport: phone })

  test('a titled drawer with its own close button, groups, language control and no browser triangles', async ({
    page,
  }) => {
    await visit(page, '/ru')
    const drawer = page.getByRole('dialog', { name: 'Меню' })
    await expect(drawer).toBeHidden()
    await page.getByRole('button', { name: 'Меню', exact: true }).click()
    await expect(drawer).toBeVisible()
    await expect(drawer.getByRole('heading', { level: 2, name: 'Меню' })).toBeVisible()

    // The language switcher: one control of three equal parts, the current one marked.
    const languages = drawer.getByRole('navigation', { name: 'Язык' })
    const parts = languages.getByRole('link')
    await expect(parts).toHaveCount(3)
    await expect(languages.getByRole('link', { name: 'Русский' })).toHaveAttribute('aria-current', 'true')
    const widths = await parts.evaluateAll((links) =>
      links.map((link) => Math.round(link.getBoundingClientRect().width)),
    )
    expect(new Set(widths).size).toBe(1)

    // A group opens its categories; its toggle has no list marker (the browser's ▸).
    const group = drawer.getByRole('button', { name: 'Парфюмерия' })
    expect(await group.evaluate((summary) => getComputedStyle(summary).display)).not.toBe('list-item')
    await group.click()
    await expect(drawer.getByRole('link', { name: 'Мужская парфюмерия' })).toBeVisible()
    expect(await overflow(page)).toBe(0)

    // Its own close button, not the ☰ doing both.
    await drawer.getByRole('button', { name: 'Закрыть меню' }).click()
    await expect(drawer).toBeHidden()
    await expect(page).toHaveURL(/\/ru$/)

    // A category link goes to its page and the drawer is gone there.
    // Opened again, the group is still open as it was left.
    await page.getByRole('button', { name: 'Меню', exact: true }).click()
    await drawer.getByRole('link', { name: 'Мужская парфюмерия' }).click()
    await expect(page).toHaveURL(/\/ru\/products\/category\/[\w-]+$/)
    await expect(page.getByRole('dialog', { name: 'Меню' })).toBeHidden()
  })

  test('the drawer speaks the page language', async ({ page }) => {
    await visit(page, '/sr')
    await page.getByRole('button', { name: 'Menyu', exact: true }).click()
    const drawer = page.getByRole('dialog', { name: 'Menyu' })
    await expect(drawer.getByRole('button', { name: 'Menyuni yopish' })).toBeVisible()
  })
})

test.describe('desktop category menu', () => {
  test.use({ viewport: desktop })

  test('header groups open their child categories', async ({ page }) => {
    await visit(page, '/ru')
    const strip = page.getByRole('navigation', { name: 'Категории' })
    await expect(page.getByRole('button', { name: 'Меню', exact: true })).toBeHidden()
    const group = strip.getByRole('button', { name: 'Парфюмерия' })
    // The header's sections may repeat a category's name: the one in the group's dropdown.
    const child = strip
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: 'Парфюмерия' }) })
      .getByRole('link', { name: 'Мужская парфюмерия' })
    await expect(child).toBeHidden()
    await group.click()
    await expect(child).toBeVisible()
    await expect(child).toHaveAttribute('href', /^\/ru\/products\/category\/[\w-]+$/)
    await child.click()
    await expect(page).toHaveURL(/\/ru\/products\/category\/[\w-]+$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Мужская парфюмерия' })).toBeVisible()
    // Closed after the navigation.
    await expect(child).toBeHidden()
  })

  test('a group opened by the first click, before the scripts, stays open as they arrive', async ({ page }) => {
    await page.goto('/ru')
    const strip = page.getByRole('navigation', { name: 'Категории' })
    const child = strip
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: 'Парфюмерия' }) })
      .getByRole('link', { name: 'Мужская парфюмерия' })
    // With JavaScript this click is also what asks for the scripts.
    await strip.getByRole('button', { name: 'Парфюмерия' }).click()
    if (withJs()) await page.waitForFunction(() => '__reactRouterDataRouter' in window)
    await page.waitForLoadState('networkidle')
    await expect(child).toBeVisible()
  })

  test('phones keep the groups in the drawer, not in the strip', async ({ page }) => {
    await page.setViewportSize(phone)
    await visit(page, '/ru')
    await expect(
      page.getByRole('navigation', { name: 'Категории' }).getByRole('button', { name: 'Парфюмерия' }),
    ).toBeHidden()
    expect(await overflow(page)).toBe(0)
  })
})

test.describe('profile on phones', () => {
  test.describe.configure({ mode: 'serial' })
  const customer = { phone: '', password: 'phone-polish-1' }
  const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0')

  test.beforeAll(async ({ request }) => {
    customer.phone = await registerCustomer(request, customer.password, 'Shahnoza Aliyeva')
  })

  test('the sections are one row of tabs with "My cards"; a column on a desktop', async ({ page }) => {
    await signIn(page, customer)
    await page.setViewportSize(phone)
    await visit(page, '/ru/profile/edit')
    const nav = main(page).getByRole('navigation', { name: 'Разделы профиля' })
    await expect(nav.getByRole('link')).toHaveCount(8)
    await expect(nav.getByRole('link', { name: 'Личные данные' })).toHaveAttribute('aria-current', 'page')
    const row = await nav.boundingBox()
    expect(row?.height).toBeLessThan(60)
    expect(await overflow(page)).toBe(0)
    await nav.getByRole('link', { name: 'Мои карты' }).click()
    await expect(page).toHaveURL(/\/ru\/profile\/cards$/)
    await expect(main(page).getByRole('heading', { level: 1, name: 'Мои карты' })).toBeVisible()

    // A section far along the row: its tab is scrolled into sight, before and with the scripts.
    await visit(page, '/ru/profile/help')
    await expect(nav.getByRole('link', { name: 'Помощь' })).toHaveAttribute('aria-current', 'page')
    await expect(nav.getByRole('link', { name: 'Помощь' })).toBeInViewport({ ratio: 1 })

    await page.setViewportSize(desktop)
    const column = await nav.boundingBox()
    expect(column?.height).toBeGreaterThan(200)
  })

  test('saved cards are card tiles with the system mark', async ({ page }) => {
    await signIn(page, customer)
    await page.setViewportSize(phone)
    for (const number of ['8600069195406311', '9860123412341234']) {
      await visit(page, '/ru/profile/cards')
      await main(page).getByRole('textbox', { name: 'Номер карты' }).fill(number)
      await main(page).getByRole('textbox', { name: 'Срок действия' }).fill(`03/${nextYear}`)
      const seen = messagesTo(customer.phone).length
      await main(page).getByRole('button', { name: 'Получить код' }).click()
      await main(page)
        .getByRole('textbox', { name: 'Код из SMS' })
        .fill(await nextCode(customer.phone, seen))
      await main(page).getByRole('button', { name: 'Подтвердить' }).click()
      await expect(toasts(page).getByText('Карта сохранена.')).toBeVisible()
    }
    const list = main(page).getByRole('list', { name: 'Сохранённые карты' })
    const tiles = list.getByRole('listitem')
    await expect(tiles).toHaveCount(2)
    const uzcard = tiles.filter({ hasText: '8600 **** **** 6311' })
    await expect(uzcard.getByRole('img', { name: 'Uzcard' })).toBeVisible()
    await expect(uzcard.getByRole('link', { name: 'Удалить карту 8600 **** **** 6311' })).toBeVisible()
    await expect(tiles.filter({ hasText: '9860 **** **** 1234' }).getByRole('img', { name: 'Humo' })).toBeVisible()
    // A card's shape (wider than tall), side by side on a desktop, never a bulleted line of text.
    const box = await uzcard.boundingBox()
    expect(box && box.width / box.height).toBeGreaterThan(1.4)
    expect(await uzcard.evaluate((item) => getComputedStyle(item.parentElement as Element).listStyleType)).toBe('none')
    expect(await overflow(page)).toBe(0)
  })
})

test.describe('home banners', () => {
  test.use({ viewport: desktop })

  test('one horizontal strip, not a stack of tall slides', async ({ page }) => {
    await visit(page, '/ru')
    const banners = page.getByRole('region', { name: 'Акции', exact: true })
    // Every slide, also the ones the carousel makes inert (out of the accessibility tree).
    const slides = banners.locator('li')
    expect(await slides.count()).toBeGreaterThan(1)
    const tops = await slides.evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top)))
    expect(new Set(tops).size).toBe(1)
    expect((await banners.boundingBox())?.height).toBeLessThan(desktop.height * 0.8)
    // Without JavaScript the next banner peeks in, so the strip reads as scrollable.
    if (!withJs()) {
      const second = await slides.nth(1).boundingBox()
      expect(second?.x).toBeLessThan(desktop.width)
    }
  })
})
