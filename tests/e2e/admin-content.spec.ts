import { expect, type Page, test } from '@playwright/test'
import sharp from 'sharp'
import { main, toasts, visit, watchErrors } from './support/page.ts'
import { readyStaff, staffSignIn } from './support/staff.ts'

// The content desk as a content editor uses it, with and without
// JavaScript: banners scheduled into the home page, a page edited with rich
// text, previewed and published. Each project makes its own staff and rows.

const tashkent = (offsetHours: number) => new Date(Date.now() + (offsetHours + 5) * 3600_000).toISOString().slice(0, 16)

const picture = async (background: string) => ({
  name: 'banner.png',
  mimeType: 'image/png',
  buffer: await sharp({ create: { width: 960, height: 360, channels: 3, background } })
    .png()
    .toBuffer(),
})

async function addBanner(page: Page, title: string, window: { from: number; to: number }) {
  await visit(page, '/ru/admin/content/banners/new')
  await main(page)
    .getByLabel(/^Заголовок · Русский/)
    .fill(title)
  await main(page).getByLabel('Ссылка', { exact: true }).fill('/brands')
  await main(page).getByLabel('Показывать с').fill(tashkent(window.from))
  await main(page).getByLabel('Показывать до').fill(tashkent(window.to))
  await main(page)
    .getByLabel('Картинка для компьютера')
    .setInputFiles(await picture('#f62559'))
  await main(page)
    .getByLabel('Картинка для телефона')
    .setInputFiles(await picture('#2255f6'))
  await main(page).getByRole('button', { name: 'Сохранить' }).click()
  await expect(main(page).getByRole('heading', { level: 1, name: 'Баннеры' })).toBeVisible()
  await expect(toasts(page).getByText('Сохранено.')).toBeVisible()
}

test('a content editor schedules a banner and sees it on the home page; one starting tomorrow waits', async ({
  page,
  request,
}, info) => {
  const errors = watchErrors(page)
  const editor = await readyStaff(request, 'content', 'Редактор Лола')
  await staffSignIn(page, editor)
  const now = `Весенняя акция ${info.project.name}`
  const later = `Завтрашняя акция ${info.project.name}`

  await page.getByRole('navigation').getByRole('link', { name: 'Контент' }).first().click()
  await main(page).getByRole('link', { name: 'Баннеры' }).click()
  await addBanner(page, now, { from: -1, to: 24 })
  await addBanner(page, later, { from: 24, to: 48 })
  await expect(main(page).getByRole('row', { name: new RegExp(now) })).toContainText('Показывается')
  await expect(main(page).getByRole('row', { name: new RegExp(later) })).toContainText('Ждёт своих дат')

  await visit(page, '/ru')
  const banners = main(page).getByRole('region', { name: 'Акции' })
  await expect(banners.getByText(now)).toBeAttached()
  await expect(banners.getByText(later)).toHaveCount(0)
  // The phone picture is offered to narrow screens; only the first banner loads with high priority.
  const slide = banners.getByRole('listitem').filter({ hasText: now })
  await expect(slide.locator('source[media="(max-width: 599px)"]')).toHaveCount(1)
  await expect(banners.locator('img[fetchpriority="high"]')).toHaveCount(1)
  expect(errors).toEqual([])
})

test('a content editor writes a page in rich text, previews the draft and publishes it', async ({
  page,
  request,
}, info) => {
  const editor = await readyStaff(request, 'content', 'Редактор Саида')
  await staffSignIn(page, editor)
  const slug = `gift-wrapping-${info.project.name}`

  await visit(page, '/ru/admin/content/pages')
  await main(page).getByLabel('Адрес').fill(slug)
  await main(page)
    .getByLabel(/^Заголовок · Русский/)
    .fill('Подарочная упаковка')
  await main(page).getByRole('button', { name: 'Добавить страницу' }).click()
  await expect(main(page).getByRole('heading', { level: 1, name: 'Подарочная упаковка' })).toBeVisible()
  // Not in the shop before it is published.
  expect((await request.get(`/ru/pages/${slug}`)).status()).toBe(404)

  await main(page)
    .getByLabel(/^Текст · Русский/)
    .fill('<h2>Как упаковываем</h2><p>Мы <strong>бесплатно</strong> упакуем заказ.</p><script>alert(1)</script>')
  await main(page).getByRole('button', { name: 'Предпросмотр' }).click()
  await expect(main(page).getByRole('note')).toContainText('Предпросмотр черновика')
  const preview = main(page).getByRole('article')
  await expect(preview.getByRole('heading', { level: 2, name: 'Как упаковываем' })).toBeVisible()
  await expect(preview.locator('strong')).toHaveText('бесплатно')
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
  expect((await request.get(`/ru/pages/${slug}`)).status()).toBe(404)

  await main(page).getByRole('link', { name: 'Вернуться к редактору' }).click()
  await main(page).getByRole('button', { name: 'Опубликовать' }).click()
  await expect(toasts(page).getByText(/Опубликовано/)).toBeVisible()

  await visit(page, `/ru/pages/${slug}`)
  const article = main(page).getByRole('article')
  await expect(article.getByRole('heading', { level: 1, name: 'Подарочная упаковка' })).toBeVisible()
  await expect(article.getByRole('heading', { level: 2, name: 'Как упаковываем' })).toBeVisible()
  await expect(article.locator('strong')).toHaveText('бесплатно')
  await expect(article.locator('script')).toHaveCount(0)
})
