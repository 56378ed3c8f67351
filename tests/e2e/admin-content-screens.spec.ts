import { expect, type Page, test } from '@playwright/test'
import sharp from 'sharp'
import { main, toasts, visit, watchErrors } from './support/page.ts'
import { type ReadyStaff, readyStaff, staffSignIn } from './support/staff.ts'

// The content desk's other screens, with and without JavaScript:
// a story with an item shown on the home page and its readers counted, a
// post written, previewed and published, and a footer link to a page.

const tashkent = (offsetHours: number) => new Date(Date.now() + (offsetHours + 5) * 3600_000).toISOString().slice(0, 16)

const picture = async (background: string, width = 600, height = 800) => ({
  name: 'story.png',
  mimeType: 'image/png',
  buffer: await sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer(),
})

const russianTitle = (page: Page) => main(page).getByLabel(/^Заголовок · Русский/)

test('a content editor adds a story with an item; the home page shows it and the desk counts its reader', async ({
  page,
  request,
}, info) => {
  const errors = watchErrors(page)
  const editor = await readyStaff(request, 'content', 'Редактор Нигора')
  await staffSignIn(page, editor)
  const title = `Новинки ${info.project.name}`

  await visit(page, '/ru/admin/content')
  await main(page).getByRole('link', { name: 'Истории' }).click()
  await main(page).getByRole('link', { name: 'Добавить историю' }).click()
  await russianTitle(page).fill(title)
  await main(page).getByLabel('Показывать с').fill(tashkent(-1))
  await main(page)
    .getByLabel('Обложка')
    .setInputFiles(await picture('#f62559', 400, 400))
  await main(page).getByRole('button', { name: 'Сохранить' }).click()
  await expect(main(page).getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(toasts(page).getByText('Сохранено.')).toBeVisible()
  const storyUrl = page.url()
  const storyId = storyUrl.match(/stories\/(\d+)/)![1]

  await main(page).getByRole('link', { name: 'Добавить карточку' }).click()
  await main(page)
    .getByLabel('Картинка', { exact: true })
    .setInputFiles(await picture('#2255f6'))
  await russianTitle(page).fill('Осенний аромат')
  await main(page).getByLabel('Ссылка', { exact: true }).fill('/brands')
  await main(page).getByRole('button', { name: 'Сохранить' }).click()
  await expect(main(page).getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(main(page).getByRole('row', { name: /Осенний аромат/ })).toContainText('0')

  await visit(page, '/ru')
  const rail = main(page).getByRole('region', { name: 'Истории' })
  await expect(rail.getByRole('link', { name: new RegExp(title) })).toBeVisible()
  // Its page marks its items read for this visitor.
  await visit(page, `/ru/stories/${storyId}`)
  await expect(main(page).getByRole('heading', { level: 1, name: title })).toBeVisible()

  await visit(page, `/ru/admin/content/stories/${storyId}`)
  await expect(main(page).getByText('Прочитали: 1')).toBeVisible()
  await expect(main(page).getByRole('row', { name: /Осенний аромат/ })).toContainText('1')
  expect(errors).toEqual([])
})

test('a content editor writes a post, previews the draft and publishes it', async ({ page, request }, info) => {
  const editor = await readyStaff(request, 'content', 'Редактор Дилшод')
  await staffSignIn(page, editor)
  const title = `Ароматы зимы ${info.project.name}`

  await visit(page, '/ru/admin/content/posts')
  await russianTitle(page).fill(title)
  await main(page).getByRole('button', { name: 'Добавить статью' }).click()
  await expect(main(page).getByRole('heading', { level: 1, name: title })).toBeVisible()
  const id = page.url().match(/posts\/(\d+)/)![1]
  expect((await request.get(`/ru/posts/${id}`)).status()).toBe(404)

  await main(page)
    .getByLabel(/^Текст · Русский/)
    .fill('<h2>Что выбрать</h2><p>Тёплые <strong>древесные</strong> ноты.</p><img src=x onerror=alert(1)>')
  await main(page).getByRole('button', { name: 'Предпросмотр' }).click()
  await expect(main(page).getByRole('note')).toContainText('Предпросмотр черновика')
  const preview = main(page).getByRole('article')
  await expect(preview.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(preview.getByRole('heading', { level: 2, name: 'Что выбрать' })).toBeVisible()
  await expect(preview.locator('img[onerror]')).toHaveCount(0)
  expect((await request.get(`/ru/posts/${id}`)).status()).toBe(404)

  await main(page).getByRole('link', { name: 'Вернуться к редактору' }).click()
  await main(page).getByRole('button', { name: 'Опубликовать' }).click()
  await expect(toasts(page).getByText(/Опубликовано/)).toBeVisible()

  await visit(page, `/ru/posts/${id}`)
  const article = main(page).getByRole('article')
  await expect(article.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(article.locator('strong')).toHaveText('древесные')
  await expect(article.locator('img[onerror]')).toHaveCount(0)
})

/** A published page (the same for every project: the footer is one list they both write). */
async function publishedPage(request: import('@playwright/test').APIRequestContext, editor: ReadyStaff) {
  const headers = { Authorization: `Bearer ${editor.token}`, 'Accept-Language': 'ru' }
  const title = { uz: 'Совға сертификатлари', sr: "Sovg'a sertifikatlari", ru: 'Подарочные сертификаты' }
  const made = await request.post('/api/v1/admin/content/pages/', {
    headers,
    data: { slug: 'gift-cards', kind: 'page', title, body: { uz: '', sr: '', ru: 'Сертификаты на любую сумму.' } },
  })
  const list = await (await request.get('/api/v1/admin/content/pages/', { headers })).json()
  const page = made.ok() ? await made.json() : list.results.find((p: { slug: string }) => p.slug === 'gift-cards')
  expect((await request.post(`/api/v1/admin/content/pages/${page.id}/publish/`, { headers })).status()).toBe(200)
}

test('a content editor adds a footer link to a page; the shop footer shows it', async ({ page, request }) => {
  const editor = await readyStaff(request, 'content', 'Редактор Бахтиёр')
  await publishedPage(request, editor)
  await staffSignIn(page, editor)

  await visit(page, '/ru/admin/content/footer')
  const row = main(page).getByRole('group', { name: 'Новая ссылка' }).first()
  await row.getByLabel('Страница').selectOption({ label: 'Подарочные сертификаты (/gift-cards)' })
  await row.getByLabel(/^Заголовок · Русский/).fill('Сертификаты')
  await row.getByLabel(/^Заголовок · O'zbekcha/).fill('Sertifikatlar')
  await main(page).getByRole('button', { name: 'Сохранить' }).click()
  await expect(toasts(page).getByText('Сохранено.')).toBeVisible()

  await visit(page, '/ru')
  const footer = page.getByRole('contentinfo')
  await footer.getByRole('link', { name: 'Сертификаты', exact: true }).first().click()
  await expect(page).toHaveURL(/\/ru\/pages\/gift-cards$/)
  await expect(main(page).getByRole('heading', { level: 1, name: 'Подарочные сертификаты' })).toBeVisible()
  await visit(page, '/sr')
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Sertifikatlar' }).first()).toBeVisible()
  // The editor in Uzbek (Latin) offers the pages by their Latin titles.
  await visit(page, '/sr/admin/content/footer')
  await expect(main(page).getByRole('option', { name: "Sovg'a sertifikatlari (/gift-cards)" }).first()).toBeAttached()
  await expect(main(page).getByRole('option', { name: 'Подарочные сертификаты (/gift-cards)' })).toHaveCount(0)
})

test.describe('on a phone (360 px)', () => {
  test.use({ viewport: { width: 360, height: 780 } })

  test('the stories, posts and footer screens fit without sideways scrolling', async ({ page, request }) => {
    const editor = await readyStaff(request, 'content', 'Редактор Камола')
    await staffSignIn(page, editor)
    for (const path of ['stories', 'stories/new', 'posts', 'footer']) {
      await visit(page, `/ru/admin/content/${path}`)
      await expect(main(page).getByRole('heading', { level: 1 })).toBeVisible()
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      )
      expect(overflow, path).toBe(0)
    }
  })
})
