import { getConfig } from '#api/config.ts'
import type { ApiClient } from '#app/utils/api-client.server.ts'

export type MenuItem = { id: number; title: string; slug: string }
export type Contacts = {
  phone: string
  phone2: string
  latitude: number
  longitude: number
  address: string
  facebook: string
  instagram: string
  telegram: string
}
export type Badges = { orders_total: number; cart_total: number; favourites_total: number }
export type CategoryGroup = { id: number; title: string; slug: string; children: MenuItem[] }

/** Everything the header, menus and footer show, fetched in parallel. */
export async function loadShell(api: ApiClient) {
  const [headerMenu, footer, contacts, badges, groups] = await Promise.all([
    api.get<{ results: MenuItem[] }>('common/header-menu/'),
    api.get<{ results: MenuItem[] }>('common/footer/'),
    api.get<Contacts>('settings/contacts/'),
    api.get<Badges>('common/badges/'),
    api.get<{ results: CategoryGroup[] }>('products/categories/').catch(() => ({ results: [] })),
  ])
  return { headerMenu: headerMenu.results, footer: footer.results, contacts, badges, categoryGroups: groups.results }
}

export type Shell = Awaited<ReturnType<typeof loadShell>>

/** SHOP_MODE=demo: every page shows the demo banner. */
export const isDemoShop = () => getConfig().SHOP_MODE === 'demo'
