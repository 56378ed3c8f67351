import { type APIRequestContext, expect, test } from '@playwright/test'
import type { ProductDetail } from '#api/types.ts'
import { main, toasts, visit, watchErrors } from './support/page.ts'
import { readyStaff, staffSignIn } from './support/staff.ts'

// Product lines, with and without JavaScript: a shopper picks a size on the
// product page (its address, price and basket button follow), a list's card
// stands for a line with "from …" and its volumes, and an editor groups two
// products into a line from a product's page.

const sauvage = 'dior-sauvage-eau-de-parfum-100-ml'

const detail = async (request: APIRequestContext, slug: string) => {
  const answer = await request.get(`/api/v1/products/${slug}/`, { headers: { 'Accept-Language': 'ru' } })
  expect(answer.status()).toBe(200)
  return (await answer.json()) as ProductDetail
}

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
/** A choice's link: its size label first, then its price and price per 10 ml. */
const choiceName = (label: string) => new RegExp(`^${literal(label)}(?![\\p{L}\\p{N},])`, 'u')

test("a shopper picks another size: the address, the price and the basket button are that size's", async ({
  page,
  request,
}) => {
  const errors = watchErrors(page)
  const { line, id } = await detail(request, sauvage)
  const members = line?.members ?? []
  expect(members.length).toBeGreaterThanOrEqual(2)
  // Another size, in a concentration's row of chips named by their size.
  const groupOf = (memberId: number) => line!.groups.find((g) => g.member_ids.includes(memberId))!
  const other = members.find((m) => m.id !== id)!
  const chosen = await detail(request, other.slug)
  const chip = (m: (typeof members)[number]) =>
    choices.getByRole('region', { name: groupOf(m.id).name }).getByRole('link', { name: choiceName(m.size_label) })

  await visit(page, `/ru/products/${sauvage}`)
  const choices = main(page).getByRole('navigation', { name: 'Варианты' })
  await expect(choices.getByRole('link')).toHaveCount(members.length)
  await expect(choices.locator('[aria-current="page"]')).toHaveAccessibleName(
    choiceName(members.find((m) => m.id === id)!.size_label),
  )
  const link = chip(other)
  await expect(link).toHaveAttribute('href', `/ru/products/${other.slug}`)
  await link.click()

  await expect(page).toHaveURL(new RegExp(`/ru/products/${other.slug}$`))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(chosen.title)
  await expect(chip(other)).toHaveAttribute('aria-current', 'page')
  // The page's own price (the large one, not the choices'): the chosen size's.
  const paid = (chosen.sale_price ?? chosen.price).toLocaleString('ru-RU').replace(/\s/g, '\\s')
  await expect(page.locator('.product__summary > .price')).toHaveText(new RegExp(`^[^\\d]*${paid}\\s*сум`))
  const canonical = page.locator('link[rel="canonical"]')
  await expect(canonical).toHaveAttribute('href', new RegExp(`/ru/products/${other.slug}$`))
  if (chosen.in_stock)
    await expect(main(page).getByRole('button', { name: `В корзину: ${chosen.title}`, exact: true })).toBeVisible()
  else await expect(main(page).getByRole('button', { name: /^В корзину: / })).toHaveCount(0)
  expect(errors).toEqual([])
})

test('a card of a list stands for a line: "from …" and its volumes, and opens a page offering them', async ({
  page,
}) => {
  const errors = watchErrors(page)
  await visit(page, '/ru/products?brand=dior')
  const card = main(page)
    .getByRole('article')
    .filter({ has: page.getByRole('list', { name: /^Объёмы: / }) })
    .first()
  await expect(card).toBeVisible()
  await expect(card.getByText(/^от [\d\s]+сум$/)).toBeVisible()
  const chips = card.getByRole('list', { name: /^Объёмы: / }).getByRole('link')
  const volumes = await chips.allTextContents()
  expect(volumes.length).toBeGreaterThanOrEqual(2)
  await card.getByRole('heading').getByRole('link').click()
  await expect(page).toHaveURL(/\/ru\/products\/[a-z0-9-]+$/)
  const offered = main(page).getByRole('navigation', { name: 'Варианты' }).getByRole('link')
  // Every volume of the card is offered on the page.
  for (const volume of volumes) await expect(offered.filter({ hasText: volume }).first()).toBeVisible()
  expect(errors).toEqual([])
})

test('a manager groups two products into a line on a product page; the shop offers both', async ({ page, request }) => {
  const errors = watchErrors(page)
  const manager = await readyStaff(request, 'manager', 'Менеджер Нилуфар')
  const headers = { Authorization: `Bearer ${manager.token}` }
  const choices = await (await request.get('/api/v1/admin/products/choices/', { headers })).json()
  const name = `Линия ${Date.now().toString(36)}`
  const create = async (volume: number, price: number) => {
    const answer = await request.post('/api/v1/admin/products/', {
      headers,
      data: {
        title: { uz: `${name}, ${volume} мл`, sr: `${name}, ${volume} ml`, ru: `${name}, ${volume} мл` },
        description: { uz: 'Гул ҳиди.', sr: 'Gul hidi.', ru: 'Цветочный аромат.' },
        brand_id: choices.brands[0].id,
        category_ids: [choices.categories[0].id],
        audience: 'women',
        country: 'uz',
        volume,
        unit: 'ml',
        price,
      },
    })
    expect(answer.status(), await answer.text()).toBe(201)
    return (await answer.json()) as { id: number; slug: string }
  }
  const small = await create(30, 300_000)
  const large = await create(100, 700_000)

  await staffSignIn(page, manager)
  await visit(page, `/ru/admin/products/${small.id}`)
  const section = main(page).getByRole('region', { name: 'Линейка' })
  await expect(section.getByText('Товар не в линейке: на его странице нет выбора объёма.')).toBeVisible()
  await section.getByLabel('Другой товар: артикул, штрихкод, адрес или номер').fill(large.slug)
  await section.getByRole('button', { name: 'Объединить' }).click()

  await expect(toasts(page).getByText('Товары в одной линейке.')).toBeVisible()
  await expect(section.getByRole('link', { name: `Линейка «${name}»` })).toBeVisible()
  await expect(section.getByRole('listitem')).toHaveCount(2)
  await expect(section.getByRole('link', { name: `${name}, 100 мл` })).toBeVisible()

  await visit(page, `/ru/products/${small.slug}`)
  const offered = main(page).getByRole('navigation', { name: 'Варианты' })
  await expect(offered.getByRole('link')).toHaveCount(2)
  await expect(offered.getByRole('link', { name: /^100 мл/ })).toHaveAttribute('href', `/ru/products/${large.slug}`)
  expect(errors).toEqual([])
})
