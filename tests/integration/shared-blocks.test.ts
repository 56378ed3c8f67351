import { RouterContextProvider } from 'react-router'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { createApiClient } from '#app/utils/api-client.server.ts'
import { apiContext } from '#app/utils/request-context.ts'
import { loadShell } from '#app/utils/shell.server.ts'
import { untilNotice } from '../support/until-state.ts'
import { setupTestApi } from './support/api.ts'
import { secondProcess } from './support/second-process.ts'
import { signedInStaff } from './support/staff.ts'

// What surrounds every storefront page and is the same for every shopper — the
// header menu, the footer, the contacts, the category menu and the store links
// (settings) — is made once and kept: the API keeps its answers and the
// storefront its copies of them, confirmed with a 304 on every page
// (app/utils/shared-answers.server.ts). Staff changing one through this process
// must show on the other process's next page: with DATABASE_URL the other has
// its own pool and caches and hears of the change by NOTIFY, as a second server
// would (support/second-process.ts).

const t = setupTestApi({ products: 20 })
const other = secondProcess(t)
let owner = ''

beforeAll(async () => {
  owner = (await signedInStaff(t, 'owner')).token
})

/** What the shop layout of a page on the other process shows around it: a page of its own each time. */
async function layoutOnOther() {
  const context = new RouterContextProvider()
  context.set(apiContext, other.api)
  const api = createApiClient(context, { lang: 'ru', fingerprint: 'visitor_0123456789abcdef' }, 'none')
  const [shell, apps] = await Promise.all([loadShell(api), api.get('settings/apps/')])
  return { ...shell, apps }
}

/** A back-office change through this process, as the demo owner. */
async function staffChange(method: string, path: string, body: unknown) {
  const answer = await t.json(`admin/${path}`, { method, body: JSON.stringify(body), token: owner })
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return answer.body
}

/** The other process's next pages, until one shows what `expectation` wants (its notice may take a moment). */
const onTheOther = (expectation: (layout: Awaited<ReturnType<typeof layoutOnOther>>) => void) =>
  vi.waitFor(async () => expectation(await layoutOnOther()), untilNotice)

const title = (ru: string) => ({ uz: `${ru} uz`, sr: `${ru} sr`, ru })

describe('the blocks around every page', () => {
  it('are made once and kept while nothing changed', async () => {
    const first = await layoutOnOther()
    const second = await layoutOnOther()
    for (const block of ['headerMenu', 'footer', 'contacts', 'categoryGroups', 'apps'] as const)
      expect(second[block], block).toBe(first[block])
  })

  it('show a category staff put in the header menu', async () => {
    const { headerMenu } = await layoutOnOther()
    const [category] = (await t.json('admin/categories/?size=100', { token: owner })).body.results.filter(
      (c: { in_header: boolean; is_hidden: boolean }) => !c.in_header && !c.is_hidden,
    )
    expect(headerMenu.map((item) => item.id)).not.toContain(category.id)
    await staffChange('PATCH', `categories/${category.id}/`, { in_header: true })
    await onTheOther(({ headerMenu }) => expect(headerMenu.map((item) => item.id)).toContain(category.id))
  })

  it('show the footer staff saved', async () => {
    await layoutOnOther()
    await staffChange('PUT', 'content/footer/', {
      results: [
        { title: title('Доставка и оплата'), slug: 'delivery' },
        { title: title('Возврат'), slug: 'returns' },
      ],
    })
    await onTheOther(({ footer }) => expect(footer.map((link) => link.title)).toEqual(['Доставка и оплата', 'Возврат']))
  })

  it('show the contacts staff saved', async () => {
    expect((await layoutOnOther()).contacts.phone).not.toBe('+998 71 205-05-05')
    await staffChange('PUT', 'content/contacts/', {
      phone: '+998 71 205-05-05',
      latitude: 41.31,
      longitude: 69.28,
      address: { uz: 'Тошкент', sr: 'Toshkent', ru: 'Ташкент, ул. Навои, 5' },
      telegram: 'https://t.me/atir',
    })
    await onTheOther(({ contacts }) =>
      expect(contacts).toMatchObject({ phone: '+998 71 205-05-05', address: 'Ташкент, ул. Навои, 5' }),
    )
  })

  it('show a category staff renamed in the category menu', async () => {
    const { categoryGroups } = await layoutOnOther()
    const shown = categoryGroups.flatMap((group) => group.children)[0]!
    await staffChange('PATCH', `categories/${shown.id}/`, { title: title('Ароматы для дома') })
    await onTheOther(({ categoryGroups }) =>
      expect(categoryGroups.flatMap((group) => group.children).find((c) => c.id === shown.id)?.title).toBe(
        'Ароматы для дома',
      ),
    )
  })

  it('show the store links staff saved (settings)', async () => {
    expect((await layoutOnOther()).apps.android).toBeNull()
    await staffChange('PUT', 'content/apps/', {
      ios: null,
      android: 'https://play.google.com/store/apps/details?id=uz.atir',
    })
    await onTheOther(({ apps }) => expect(apps.android).toBe('https://play.google.com/store/apps/details?id=uz.atir'))
  })
})
