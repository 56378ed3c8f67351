import { expect, type Page, test } from '@playwright/test'
import sharp from 'sharp'
import { main, toasts, visit, watchErrors, withJs } from './support/page.ts'
import { adminNav, readyStaff, staffSignIn, staffSignOut } from './support/staff.ts'

// The back office's products as a manager and a content editor use them, with
// and without JavaScript: a new product with titles in three languages and
// three pictures is found at once by the shop's search, by its Cyrillic and
// by its Latin name.

/** A made-up name no product has, in Uzbek Cyrillic and Latin (letters that map one to one). */
function freshName() {
  const consonants = [
    ['б', 'b'],
    ['д', 'd'],
    ['з', 'z'],
    ['к', 'k'],
    ['л', 'l'],
    ['м', 'm'],
    ['н', 'n'],
    ['р', 'r'],
    ['т', 't'],
  ]
  const vowels = [
    ['а', 'a'],
    ['и', 'i'],
    ['о', 'o'],
    ['у', 'u'],
  ]
  let cyrillic = ''
  let latin = ''
  for (let i = 0; i < 7; i++) {
    const set = i % 2 ? vowels : consonants
    const [c, l] = set[Math.floor(Math.random() * set.length)]!
    cyrillic += c
    latin += l
  }
  const capital = (s: string) => s[0]!.toUpperCase() + s.slice(1)
  return { cyrillic: capital(cyrillic), latin: capital(latin) }
}

/** A small picture made for the test. */
const picture = async (format: 'jpeg' | 'png', red: number) => {
  const image = sharp({ create: { width: 120, height: 90, channels: 3, background: { r: red, g: 120, b: 90 } } })
  return format === 'jpeg' ? image.jpeg().toBuffer() : image.png().toBuffer()
}

const languages = { uz: 'узбекский (кириллица)', sr: 'узбекский (латиница)', ru: 'русский' } as const

/** Types a title: with JavaScript each language is a tab, without it all three stand one under another. */
async function typeTitle(page: Page, lang: keyof typeof languages, title: string) {
  if (withJs()) await main(page).getByRole('tab', { name: languages[lang] }).click()
  await main(page).getByLabel(`Название (${languages[lang]})`, { exact: true }).fill(title)
}

/** The shop's search: the header's live suggestions with JavaScript, the search page without. */
async function shopFinds(page: Page, query: string, title: string) {
  await visit(page, '/ru')
  if (withJs()) {
    const box = page.getByRole('combobox', { name: 'Поиск товаров' })
    await expect(box).toBeVisible()
    await box.pressSequentially(query)
    const listbox = page.getByRole('listbox', { name: 'Подсказки поиска' })
    await expect(listbox.getByRole('option', { name: new RegExp(title) })).toBeVisible()
    return
  }
  const box = page.getByRole('searchbox', { name: 'Поиск товаров' }).first()
  await box.fill(query)
  await box.press('Enter')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Поиск: «${query}»`)
  await expect(page.getByRole('article').getByRole('link', { name: title }).first()).toBeVisible()
}

test('a manager creates a product in three languages and its copy; a content editor adds three pictures and edits its text; the shop finds it in both scripts', async ({
  page,
  request,
}) => {
  const errors = watchErrors(page)
  const manager = await readyStaff(request, 'manager', 'Менеджер Азиз')
  await staffSignIn(page, manager)
  const name = freshName()
  const ruTitle = `${name.cyrillic} парфюмерная вода`

  await adminNav(page).getByRole('link', { name: 'Товары' }).click()
  await expect(main(page).getByRole('heading', { level: 1, name: 'Товары' })).toBeVisible()
  await main(page).getByRole('link', { name: 'Новый товар' }).click()
  await expect(page).toHaveURL(/\/ru\/admin\/products\/new$/)
  await expect(main(page).getByText('Новый товар начинает с остатка 0: его добавляет склад.')).toBeVisible()
  await typeTitle(page, 'uz', `${name.cyrillic} атир суви`)
  await typeTitle(page, 'sr', `${name.latin} atir suvi`)
  await typeTitle(page, 'ru', ruTitle)
  await main(page).getByLabel('Бренд', { exact: true }).selectOption({ index: 1 })
  await main(page).getByRole('group', { name: 'Категории' }).getByRole('checkbox').first().check()
  // The price is grouped as it is typed (a missing zero shows); without JavaScript the grouped sum is read as typed.
  const price = main(page).getByLabel('Цена, сум', { exact: true })
  const js = test.info().project.name === 'chromium-js'
  await price.fill(js ? '185000' : '185 000')
  if (js) await expect(price).toHaveValue(/^185\s000$/)
  await main(page).getByRole('button', { name: 'Создать товар' }).click()

  await expect(toasts(page).getByText('Товар создан. Добавьте картинки.')).toBeVisible()
  await expect(main(page).getByRole('heading', { level: 1, name: ruTitle })).toBeVisible()
  const doctor = main(page).getByRole('region', { name: 'Проверка товара' })
  await expect(doctor.getByText('Нет картинки.')).toBeVisible()
  await expect(doctor.getByText('Нет на складе: купить нельзя.')).toBeVisible()
  await expect(main(page).getByLabel('Цена, сум', { exact: true })).toHaveValue(/^185\s000$/)
  const productPath = new URL(page.url()).pathname

  // Its sibling (another volume) starts as a hidden copy of it, on a page of its own.
  await main(page).getByRole('button', { name: 'Создать копию' }).click()
  await expect(toasts(page).getByText(/^Копия создана и скрыта/)).toBeVisible()
  await expect(page).toHaveURL(/\/ru\/admin\/products\/\d+$/)
  await expect(page).not.toHaveURL(new RegExp(`${productPath}$`))
  await expect(main(page).getByRole('heading', { level: 1, name: ruTitle })).toBeVisible()
  await expect(main(page).getByRole('checkbox', { name: 'Скрыть из магазина' })).toBeChecked()
  await expect(main(page).getByLabel('Цена, сум', { exact: true })).toHaveValue(/^185\s000$/)
  await staffSignOut(page)

  // The content editor: texts and pictures; the brand, categories, visibility, codes and price show locked.
  const editor = await readyStaff(request, 'content', 'Контент Малика')
  await staffSignIn(page, editor)
  await visit(page, productPath)
  await expect(main(page).getByText('Бренд, категории, свойства, видимость и коды меняет менеджер.')).toBeVisible()
  await expect(main(page).getByLabel('Бренд', { exact: true })).toBeDisabled()
  await expect(main(page).getByRole('checkbox', { name: 'Скрыть из магазина' })).toBeDisabled()
  await expect(main(page).getByLabel('Цена, сум', { exact: true })).not.toBeEditable()
  await main(page)
    .getByLabel('Картинки (можно ещё 10)')
    .setInputFiles([
      { name: 'front.jpg', mimeType: 'image/jpeg', buffer: await picture('jpeg', 200) },
      { name: 'side.png', mimeType: 'image/png', buffer: await picture('png', 120) },
      { name: 'box.jpg', mimeType: 'image/jpeg', buffer: await picture('jpeg', 40) },
    ])
  await main(page).getByRole('button', { name: 'Загрузить' }).click()
  await expect(toasts(page).getByText('Картинки добавлены.')).toBeVisible()
  const pictures = main(page).getByRole('region', { name: 'Картинки (3 из 10)' })
  await expect(pictures.getByRole('img')).toHaveCount(3)
  await expect(doctor.getByText('Нет картинки.')).toBeHidden()

  // A text saved by the content editor; the locked fields keep what the manager chose.
  await typeTitle(page, 'ru', '')
  await main(page).getByRole('button', { name: 'Сохранить', exact: true }).click()
  await expect(main(page).getByLabel('Название (русский)', { exact: true })).toHaveAttribute('aria-invalid', 'true')
  await expect(main(page).getByLabel('Бренд', { exact: true })).not.toHaveValue('')
  await typeTitle(page, 'ru', `${ruTitle} 100 мл`)
  await main(page).getByRole('button', { name: 'Сохранить', exact: true }).click()
  await expect(toasts(page).getByText('Сохранено.')).toBeVisible()
  await expect(main(page).getByRole('heading', { level: 1, name: `${ruTitle} 100 мл` })).toBeVisible()
  await expect(main(page).getByLabel('Цена, сум', { exact: true })).toHaveValue(/^185\s000$/)

  await shopFinds(page, name.cyrillic.toLowerCase(), `${ruTitle} 100 мл`)
  await shopFinds(page, name.latin.toLowerCase(), `${ruTitle} 100 мл`)
  expect(errors).toEqual([])
})
