import AxeBuilder from '@axe-core/playwright'
import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import { registerCustomer } from './support/customer.ts'

// axe-core on every page type in the three languages: no serious or critical
// violation, colour contrast included. Pages are batched per test to keep the
// run short. axe is injected as a script, which a context with JavaScript
// disabled never runs, so playwright.config.ts runs this file in chromium-js
// only; the no-JS project gets the same server-rendered markup.

const langs = ['uz', 'sr', 'ru'] as const
type Slugs = { product: string; category?: string; page?: string; post?: string }
async function first(request: APIRequestContext, path: string, key: string) {
  const body = await (await request.get(`/api/v1/${path}`)).json()
  const list = Array.isArray(body) ? body : (body.results ?? [])
  const value = list[0]?.[key]
  return value === undefined ? undefined : String(value)
}
async function slugs(request: APIRequestContext): Promise<Slugs> {
  const product = await first(request, 'products/?size=1&in_stock=true', 'slug')
  expect(product).toBeTruthy()
  return {
    product: product!,
    category: await first(request, 'products/categories/', 'slug'),
    page: await first(request, 'pages/', 'slug'),
    post: await first(request, 'posts/', 'id'),
  }
}

/** Opens each page and runs axe; fails once with every serious or critical violation found. */
async function audit(page: Page, paths: string[]) {
  const found: string[] = []
  for (const path of paths) {
    const t0 = Date.now()
    const response = await page.goto(path)
    const t1 = Date.now()
    expect(response?.status(), path).toBeLessThan(500)
    const result = await new AxeBuilder({ page })
      // The Yandex map is a third-party frame.
      .exclude('ymaps')
      // Only the violations: axe skips the detail of passes, much faster.
      .options({ resultTypes: ['violations'] })
      .analyze()
    if (process.env.A11Y_TIMING) console.log('TIMING', path, t1 - t0, Date.now() - t1)
    for (const v of result.violations) {
      if (v.impact !== 'serious' && v.impact !== 'critical') continue
      const nodes = v.nodes
      const targets = nodes
        .slice(0, 3)
        .map(
          (n) =>
            `${n.target.join(' ')}${n.failureSummary ? ` (${n.failureSummary.split('\n').slice(1, 2).join('').trim()})` : ''}`,
        )
      found.push(`${path}: ${v.id} [${v.impact}] ×${nodes.length}: ${targets.join('; ')}`)
    }
  }
  expect(found, found.join('\n')).toEqual([])
}

for (const lang of langs) {
  test(`/${lang}: public pages have no serious or critical axe violations`, async ({ page, request }) => {
    const s = await slugs(request)
    await audit(
      page,
      [
        `/${lang}`,
        `/${lang}/products`,
        `/${lang}/products/${s.product}`,
        s.category && `/${lang}/products/category/${s.category}`,
        `/${lang}/products/categories`,
        `/${lang}/brands`,
        s.page && `/${lang}/pages/${s.page}`,
        s.post && `/${lang}/posts/${s.post}`,
        `/${lang}/about`,
        `/${lang}/contact`,
        `/${lang}/mobile`,
        `/${lang}/basket`,
        `/${lang}/saved`,
        `/${lang}/login`,
        `/${lang}/register`,
        `/${lang}/reset-password`,
        `/${lang}/no-such-page`,
      ].filter((p): p is string => Boolean(p)),
    )
  })
}

for (const lang of langs)
  test(`/${lang}: signed-in pages have no serious or critical axe violations`, async ({ page }) => {
    const request = page.request
    const national = await registerCustomer(request, 'secret-123', 'Dilnoza Karimova')
    // A product in the basket, so checkout opens on its first step.
    const login = await request.post('/api/v1/auth/login/', {
      data: { phone: `+998${national}`, password: 'secret-123' },
    })
    const { access } = await login.json()
    const product = await (await request.get('/api/v1/products/?size=1&in_stock=true')).json()
    const added = await request.post('/api/v1/orders/cart/products/', {
      headers: { Authorization: `Bearer ${access}` },
      data: { product_id: product.results[0].id, quantity: 1 },
    })
    expect(added.status()).toBe(200)
    // Signing in through the storefront form stores the session cookie in this browser context.
    const signIn = await request.post('/ru/login', { form: { phone: national, password: 'secret-123' } })
    expect(signIn.status()).toBeLessThan(400)
    const paths = [
      `/${lang}/profile`,
      `/${lang}/profile/edit`,
      `/${lang}/profile/settings`,
      `/${lang}/profile/cards`,
      `/${lang}/my-orders`,
      `/${lang}/checkout`,
    ]
    await page.goto('/ru/profile')
    await expect(page).toHaveURL(/\/ru\/profile$/)
    await audit(page, paths)
  })

test('back-office pages have no serious or critical axe violations in any language', async ({ page }) => {
  await audit(
    page,
    langs.map((lang) => `/${lang}/admin/login`),
  )
  // The demo seed's owner (api/db/seed/staff.ts); the form stores the staff cookie in this browser context.
  const signIn = await page.request.post('/ru/admin/login', {
    form: { intent: 'login', phone: '+998900000001', password: 'atir-demo-owner' },
    maxRedirects: 0,
  })
  expect(signIn.status()).toBe(302)
  await page.goto('/ru/admin/account')
  await expect(page).toHaveURL(/\/ru\/admin\/account$/)
  await audit(
    page,
    langs.flatMap((lang) => [`/${lang}/admin/staff`, `/${lang}/admin/audit`, `/${lang}/admin/account`]),
  )
})
