import { getConfig } from '#api/config.ts'
import type { ApiClient } from '#app/utils/api-client.server.ts'

/** Everything the header, menus and footer show, fetched in parallel. */
export async function loadShell(api: ApiClient) {
  const [headerMenu, footer, contacts, badges, groups] = await Promise.all([
    api.get('common/header-menu/'),
    api.get('common/footer/'),
    api.get('settings/contacts/'),
    api.get('common/badges/'),
    api.get('products/categories/').catch(() => ({ results: [] })),
  ])
  return { headerMenu: headerMenu.results, footer: footer.results, contacts, badges, categoryGroups: groups.results }
}

export type Shell = Awaited<ReturnType<typeof loadShell>>

/** SHOP_MODE=demo: every page shows the demo banner. */
export const isDemoShop = () => getConfig().SHOP_MODE === 'demo'
