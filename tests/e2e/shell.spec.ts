import { expect, test } from '@playwright/test'
import { visit, withJs } from './support/page.ts'

const shellTexts = {
  ru: { lang: 'ru', login: 'Войти', basket: 'Корзина' },
  uz: { lang: 'uz-Cyrl', login: 'Кириш', basket: 'Сават' },
  sr: { lang: 'uz-Latn', login: 'Kirish', basket: 'Savat' },
} as const

test.describe('language in the path', () => {
  test('/ redirects by cookie, then Accept-Language, then ru', async ({ request, baseURL }) => {
    const location = async (headers: Record<string, string>) => {
      const response = await request.get('/', { headers, maxRedirects: 0 })
      expect(response.status()).toBe(302)
      return new URL(response.headers().location ?? '', baseURL).pathname
    }
    expect(await location({ 'Accept-Language': 'en-US' })).toBe('/ru')
    expect(await location({ 'Accept-Language': 'uz-Cyrl-UZ,ru;q=0.5' })).toBe('/uz')
    expect(await location({ 'Accept-Language': 'uz-Latn,uz;q=0.9' })).toBe('/sr')
    expect(await location({ 'Accept-Language': 'uz-Latn', Cookie: 'i18n_redirected=ru' })).toBe('/ru')
    expect(await location({ Cookie: 'i18n_redirected=uz' })).toBe('/uz')
  })

  test('visiting a language remembers it in i18n_redirected', async ({ page, context }) => {
    await page.goto('/sr')
    const cookie = (await context.cookies()).find((c) => c.name === 'i18n_redirected')
    expect(cookie?.value).toBe('sr')
    expect(cookie?.path).toBe('/')
    expect(cookie?.sameSite).toBe('Lax')
    expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600)
    await page.goto('/')
    await expect(page).toHaveURL(/\/sr$/)
  })

  for (const [code, texts] of Object.entries(shellTexts)) {
    test(`/${code} renders the shell in its language`, async ({ page }) => {
      await page.goto(`/${code}`)
      await expect(page.locator('html')).toHaveAttribute('lang', texts.lang)
      await expect(page.getByRole('link', { name: texts.login }).first()).toBeVisible()
      await expect(page.getByRole('link', { name: new RegExp(`^${texts.basket}`) })).toBeVisible()
      await expect(page.getByRole('link', { name: /^atir/i }).first()).toHaveAttribute('href', `/${code}`)
      const alternates = page.locator('link[rel="alternate"][hreflang]')
      await expect(alternates).toHaveCount(4)
      await expect(page.locator('link[hreflang="x-default"]')).toHaveAttribute('href', /\/ru$/)
    })
  }

  test('the language switcher keeps the path and the query', async ({ page }) => {
    await page.goto('/ru/pages/about?ref=footer')
    await page.getByRole('navigation', { name: 'Язык' }).first().getByRole('link', { name: 'Oʻzbekcha' }).click()
    await expect(page).toHaveURL(/\/sr\/pages\/about\?ref=footer$/)
    await expect(page.locator('html')).toHaveAttribute('lang', 'uz-Latn')
  })

  for (const path of ['/en', '/xx/yy']) {
    test(`an unknown language prefix is a 404 in the shop's shell: ${path}`, async ({ page }) => {
      const response = await page.goto(path)
      expect(response?.status()).toBe(404)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Страница не найдена')
      await expect(page.getByText(`Страница ${path} не найдена.`)).toBeVisible()
      await expect(page.getByRole('main').getByRole('code')).toHaveText(path)
      await expect(page.getByRole('banner').getByRole('link', { name: 'Войти' }).first()).toBeVisible()
      await expect(page.getByRole('contentinfo')).toBeVisible()
    })
  }
})

test.describe('shell', () => {
  test('header, category strip, top bar and footer come from the API', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.goto('/ru')
    const strip = page.getByRole('navigation', { name: 'Категории' }).first()
    await expect(strip.getByRole('link').first()).toBeVisible()
    await expect(page.getByRole('link', { name: /^\+998/ }).first()).toHaveAttribute('href', /^tel:\+998\d{9}$/)
    await expect(page.getByRole('link', { name: 'Мы в Telegram' }).first()).toHaveAttribute('href', /t\.me/)
    await expect(page.getByRole('contentinfo').getByRole('link').first()).toBeVisible()
    await expect(page.getByRole('search').first()).toBeVisible()
  })

  test('the header search is a GET form to the product list', async ({ page, javaScriptEnabled }) => {
    await visit(page, '/ru')
    // With JavaScript the same input becomes the live-search combobox.
    const role = javaScriptEnabled ? 'combobox' : 'searchbox'
    const search = page.getByRole(role, { name: 'Поиск товаров' }).first()
    await search.fill('dior')
    await search.press('Enter')
    await expect(page).toHaveURL(/\/ru\/products\?search=dior$/)
  })

  test('the mobile menu opens on a narrow screen', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 })
    // The hydrated drawer (a menu opened before the scripts run is the no-JS specs' part).
    await visit(page, '/ru')
    await page.getByRole('button', { name: 'Меню' }).click()
    const menu = page.getByRole('dialog', { name: 'Меню' })
    await menu.getByRole('button', { name: 'Парфюмерия' }).click()
    await expect(menu.getByRole('link', { name: 'Мужская парфюмерия' })).toBeVisible()
    await expect(menu.getByRole('link', { name: /^\+998/ }).first()).toBeVisible()
    await expect(menu.getByRole('link', { name: 'Войти' })).toBeVisible()
    // Going somewhere closes it (with JavaScript the drawer closes on the client-side navigation).
    await menu.getByRole('link', { name: 'Мужская парфюмерия' }).click()
    await expect(page).toHaveURL(/\/ru\/products\/category\/[a-z0-9-]+$/)
    await expect(menu).toBeHidden()
  })

  test('a menu opened by the first tap, before the scripts, stays open as they arrive', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 })
    await page.goto('/ru')
    // The tap is the page's first sign of presence: with JavaScript it also asks for the scripts.
    await page.getByRole('button', { name: 'Меню' }).click()
    const menu = page.getByRole('dialog', { name: 'Меню' })
    await menu.getByRole('button', { name: 'Парфюмерия' }).click()
    if (withJs()) await page.waitForFunction(() => '__reactRouterDataRouter' in window)
    await page.waitForLoadState('networkidle')
    await expect(menu.getByRole('link', { name: 'Мужская парфюмерия' })).toBeVisible()
    // The page behind does not scroll while the drawer is open (a class on <html>, set by the scripts).
    if (withJs()) await expect(page.locator('html')).toHaveClass(/scroll-locked/)
    await menu.getByRole('button', { name: 'Закрыть меню' }).click()
    await expect(menu).toBeHidden()
    if (withJs()) await expect(page.locator('html')).not.toHaveClass(/scroll-locked/)
  })

  test('a screen narrower than 320 px is sent to the mobile-app page before any script loads', async ({ page }) => {
    await page.setViewportSize({ width: 300, height: 600 })
    const scripts: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url())
    })
    await page.goto('/ru/products')
    if (withJs()) {
      await expect(page).toHaveURL(/\/ru\/mobile$/)
      expect(scripts).toEqual([])
    } else {
      // Only a script knows the screen's width: without one the page stays and works.
      await expect(page).toHaveURL(/\/ru\/products$/)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    }
  })

  test.describe('on a phone narrower than 320 px', () => {
    // A folded Galaxy Fold: the page's min-width of 320 px widens the phone's layout viewport (and
    // innerWidth) to 320, so only the screen's own width tells.
    test.use({
      viewport: { width: 280, height: 653 },
      screen: { width: 280, height: 653 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 3,
    })

    test('the shopper is sent to the mobile-app page before any script loads', async ({ page }) => {
      await page.goto('/ru/products')
      if (!withJs()) {
        await expect(page).toHaveURL(/\/ru\/products$/)
        return
      }
      await expect(page).toHaveURL(/\/ru\/mobile$/)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    })
  })

  test('320 px wide renders without horizontal scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 })
    await page.goto('/uz')
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    expect(overflow).toBe(0)
    await expect(page).toHaveURL(/\/uz$/)
  })
})

// The e2e servers run in the default SHOP_MODE=demo.
test.describe('demo mode banner', () => {
  const banners = {
    ru: { name: 'Демо-режим', text: 'Демо-режим: оплата и SMS не настоящие' },
    uz: { name: 'Демо режим', text: 'Демо режим: тўлов ва SMS ҳақиқий эмас' },
    sr: { name: 'Demo rejim', text: 'Demo rejim: toʻlov va SMS haqiqiy emas' },
  } as const

  test('every storefront page says that payments and SMS are simulated, in its language', async ({ page }) => {
    const pages = [
      ['/ru', 'ru'],
      ['/uz/products', 'uz'],
      ['/sr/basket', 'sr'],
      ['/ru/login', 'ru'],
      ['/sr/pages/offer', 'sr'],
      ['/uz/mobile', 'uz'],
      ['/ru/no-such-page', 'ru'],
    ] as const
    for (const [path, lang] of pages) {
      await page.goto(path)
      const note = page.getByRole('note', { name: banners[lang].name })
      await expect(note, path).toHaveText(banners[lang].text)
      await expect(note, path).toBeVisible()
    }
  })

  test('on a 320 px phone it is one short line at the very top, before the skip link', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 })
    await page.goto('/uz')
    const box = await page.getByRole('note', { name: banners.uz.name }).boundingBox()
    expect(box).toMatchObject({ x: 0, y: 0, width: 320 })
    expect(box!.height).toBeLessThanOrEqual(28)
    // Keyboard users still reach the skip link first: the note takes no focus.
    await page.keyboard.press('Tab')
    await expect(page.getByRole('link', { name: 'Асосий мазмунга ўтиш' })).toBeFocused()
  })
})

test.describe('errors', () => {
  test('an unknown route is a 404 page naming the path', async ({ page }) => {
    const response = await page.goto('/ru/no-such-page')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Страница не найдена')
    await expect(page.getByText('Страница /ru/no-such-page не найдена.')).toBeVisible()
    await expect(page.getByRole('main').getByRole('code')).toHaveText('/ru/no-such-page')
    await expect(page.getByRole('link', { name: 'На главную', exact: true })).toHaveAttribute('href', '/ru')
  })

  test('a category id that is not digits is a 404', async ({ page }) => {
    const response = await page.goto('/sr/products/categories/abc')
    expect(response?.status()).toBe(404)
    await expect(page.getByText('/sr/products/categories/abc sahifasi topilmadi.')).toBeVisible()
  })
})

test('Googlebot gets the complete document in one piece', async ({ request }) => {
  const response = await request.get('/ru', {
    headers: { 'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
  })
  expect(response.status()).toBe(200)
  const html = await response.text()
  expect(html).toContain('<html lang="ru"')
  expect(html).toContain('Парфюмерия и косметика с доставкой')
  expect(html).toContain('</html>')
  expect(html).not.toContain('<!--$?-->')
})

test('a bot asking for a missing page gets the 404 status and a bare page', async ({ request }) => {
  const response = await request.get('/uz/no-such-page', {
    headers: { 'User-Agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' },
  })
  expect(response.status()).toBe(404)
  const html = await response.text()
  expect(html).toContain('<h1>Саҳифа топилмади</h1>')
  expect(html).not.toContain('<script')
})

test('security headers on HTML responses', async ({ request }) => {
  const response = await request.get('/ru')
  const headers = response.headers()
  expect(headers['content-security-policy']).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/)
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'")
  expect(headers['x-content-type-options']).toBe('nosniff')
  expect(headers['referrer-policy']).toBeTruthy()
  const html = await response.text()
  const nonce = headers['content-security-policy']?.match(/'nonce-([^']+)'/)?.[1]
  expect(html).toContain(`nonce="${nonce}"`)
})

test('Tab reaches the search box, the basket link and the login link, each with a name', async ({ page }) => {
  await page.goto('/ru')
  const search = page.getByRole('search').first().locator('input').first()
  const basket = page.getByRole('link', { name: new RegExp(`^${'Корзина'}`) }).first()
  const login = page.getByRole('link', { name: 'Войти' }).first()
  const reached: string[] = []
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('Tab')
    reached.push(
      await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null
        el?.setAttribute('data-tabbed', '')
        return el ? `${el.tagName} ${el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30) ?? ''}` : ''
      }),
    )
  }
  for (const [name, control] of [
    ['search box', search],
    ['basket link', basket],
    ['login link', login],
  ] as const) {
    await expect(control, `${name} is reached with Tab (reached: ${reached.join(' | ')})`).toHaveAttribute(
      'data-tabbed',
      '',
    )
  }
  await expect(search).toHaveAccessibleName(/.+/)
})
