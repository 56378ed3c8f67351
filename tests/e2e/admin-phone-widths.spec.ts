import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import type { RouteConfigEntry } from '@react-router/dev/routes'
import { staffRoles } from '#contract/staff.ts'
import { sectionsFor } from '../../app/routes/$lang/admin/+shared/staff.ts'
import routes from '../../app/routes.ts'
import { toasts, withJs } from './support/page.ts'
import { ownerToken, readyStaff, staffSignIn } from './support/staff.ts'

// Every back-office page on a 360 px phone, for every role, with and without
// JavaScript (the two browser projects run this file each): the document is
// never wider than the screen, so nothing makes the browser zoom the page out.
// The pages come from app/routes.ts, their ids from the API; each is opened
// once per role that has its section, and measured as it loads (no screenshots).

const phone = { width: 360, height: 740 }
test.use({ viewport: phone })

/** The back office's page URL patterns (`orders/:id`) from app/routes.ts: no sign-in steps, downloads or catch-all. */
function adminPages(entries: RouteConfigEntry[] = routes, parent = ''): string[] {
  return entries.flatMap((entry) => {
    const path = [parent, entry.path].filter(Boolean).join('/')
    if (entry.children) return adminPages(entry.children, path)
    if (!path.startsWith(':lang/admin') || entry.file.endsWith('.ts')) return []
    const page = path.replace(/^:lang\/admin\/?/, '')
    return ['login', 'setup', 'logout', '*'].includes(page) ? [] : [page]
  })
}

type Ids = Record<string, string>

/** One id of each kind the pages name, read (or, where the demo has none, made) through the API as the owner. */
async function pageIds(request: APIRequestContext): Promise<Ids> {
  const token = await ownerToken(request)
  const headers = { Authorization: `Bearer ${token}` }
  const firstOrNone = async (path: string) => {
    const answer = await request.get(`/api/v1/admin/${path}`, { headers })
    expect(answer.status(), path).toBe(200)
    return (await answer.json()).results[0] as { id: number } | undefined
  }
  const first = async (path: string, make?: () => Promise<unknown>) => {
    let row = await firstOrNone(path)
    if (!row && make) {
      await make()
      row = await firstOrNone(path)
    }
    expect(row, `${path} has a row`).toBeTruthy()
    return row as { id: number }
  }
  const product = await first('products/')
  const batch = await first('batches/', async () => {
    const preview = await request.post('/api/v1/admin/products/bulk/preview/', {
      headers,
      data: { ids: [product.id], action: 'price_percent', percent: 10 },
    })
    expect(preview.status()).toBe(200)
  })
  const message = await first('inbox/', async () => {
    const sent = await request.post('/api/v1/feedback/', { data: { name: 'Walker', text: 'A message for the inbox' } })
    expect(sent.status()).toBe(201)
  })
  const story = await first('content/stories/')
  const storyItems = await (await request.get(`/api/v1/admin/content/stories/${story.id}/`, { headers })).json()
  return {
    // A delivered order where there is one: opening a new one marks it seen, which would take it out of
    // the new-order count another test is watching.
    orders: String(((await firstOrNone('orders/?status=6')) ?? (await first('orders/'))).id),
    customers: String((await first('customers/')).id),
    promo: String((await first('promo/')).id),
    staff: String((await first('staff/')).id),
    stock: String(product.id),
    products: String(product.id),
    kind: 'categories',
    catalogue: String((await first('categories/')).id),
    batches: String(batch.id),
    banners: String((await first('content/banners/')).id),
    pages: String((await first('content/pages/')).id),
    stories: String(story.id),
    item: String(storyItems.items[0].id),
    posts: String((await first('content/posts/')).id),
    reviews: String((await first('reviews/')).id),
    inbox: String(message.id),
  }
}

/** `orders/:id` → `orders/3920`: each `:param` by the segment before it (or its own name). */
function fill(page: string, ids: Ids): string {
  const parts = page.split('/')
  return parts
    .map((part, i) => {
      if (!part.startsWith(':')) return part
      const name = part.slice(1)
      const owner = parts[i - 1] === ':kind' ? 'catalogue' : (parts[i - 1] ?? '')
      const id = ids[name] ?? ids[owner]
      if (!id) throw new Error(`no id for ${part} of ${page}`)
      return id
    })
    .join('/')
}

/** How far the document is wider than the screen, once the page is there (and, with JavaScript, hydrated). */
async function overflowOf(page: Page, url: string) {
  const response = await page.goto(url)
  expect(response?.status() ?? 0, url).toBeLessThan(500)
  if (withJs()) await page.waitForFunction(() => '__reactRouterDataRouter' in window)
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
}

let ids: Ids | undefined

for (const role of staffRoles) {
  test(`every back-office page of the ${role} fits a 360 px phone`, async ({ page, request }) => {
    ids ??= await pageIds(request)
    const member = await readyStaff(request, role, `${role} ${test.info().project.name}`)
    await staffSignIn(page, member)
    const me = await (
      await request.get('/api/v1/admin/me/', { headers: { Authorization: `Bearer ${member.token}` } })
    ).json()
    const sections = new Set<string>(sectionsFor(me).map((section) => section.path))
    const pages = adminPages().filter((p) => sections.has(p.split('/')[0] ?? ''))
    // A courier has the fewest: their deliveries and their account.
    expect(pages.length).toBeGreaterThanOrEqual(2)
    const wide: string[] = []
    for (const p of pages) {
      const url = `/ru/admin/${fill(p, ids)}`.replace(/\/$/, '')
      const over = await overflowOf(page, url)
      if (over > 0) wide.push(`${url}: ${over} px too wide`)
    }
    expect(wide).toEqual([])
  })
}

test.describe('on a 1366 px desktop', () => {
  test.use({ viewport: { width: 1366, height: 768 } })

  test('the owner sees every menu link whole, and the welcome toast leaves the name and "Выйти" free', async ({
    page,
    request,
  }) => {
    const name = `Владелец ${test.info().project.name} 1366`
    const owner = await readyStaff(request, 'owner', name)
    await staffSignIn(page, owner)
    const toast = toasts(page)
      .getByRole('listitem')
      .filter({ hasText: `Здравствуйте, ${name}!` })
    await expect(toast).toBeVisible()
    const banner = page.getByRole('banner')
    const toastBox = (await toast.boundingBox())!
    for (const control of [banner.getByText(name, { exact: true }), banner.getByRole('button', { name: 'Выйти' })]) {
      const box = (await control.boundingBox())!
      const overlaps =
        box.x < toastBox.x + toastBox.width &&
        toastBox.x < box.x + box.width &&
        box.y < toastBox.y + toastBox.height &&
        toastBox.y < box.y + box.height
      expect(overlaps, `the toast covers ${await control.textContent()}`).toBe(false)
    }
    // The owner has every section: each link's text is whole ("Журнал действий", not "Жур…") and on screen.
    const links = page.getByRole('navigation', { name: 'Разделы бэк-офиса' }).getByRole('link')
    expect(await links.count()).toBeGreaterThan(8)
    const cut = await links.evaluateAll((elements) =>
      elements
        .filter((a) => {
          const box = a.getBoundingClientRect()
          return a.scrollWidth > a.clientWidth || box.right > window.innerWidth || box.left < 0 || box.width === 0
        })
        .map((a) => a.textContent),
    )
    expect(cut).toEqual([])
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0)
  })
})
