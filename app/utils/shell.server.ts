import { getConfig } from '#api/config.ts'
import type { CategoryGroup, Contacts } from '#api/types.ts'
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
  return {
    headerMenu: headerMenu.results,
    footer: footer.results,
    // The pickup points are the checkout's: it loads them itself.
    contacts: omitPickupPoints(contacts),
    badges,
    categoryGroups: groups.results.map(menuGroup),
  }
}

/**
 * A category group as the menus show it: names and links. The categories'
 * pictures were a sixth of every page's data handoff, and no menu shows them.
 */
function menuGroup({ id, slug, title, children }: CategoryGroup) {
  return {
    id,
    slug,
    title,
    children: children.map((child) => ({ id: child.id, slug: child.slug, title: child.title })),
  }
}

function omitPickupPoints({ pickup_points: _, ...contacts }: Contacts) {
  return contacts
}

export type MenuGroup = ReturnType<typeof menuGroup>

export type Shell = Awaited<ReturnType<typeof loadShell>>

/** SHOP_MODE=demo: every page shows the demo banner. */
export const isDemoShop = () => getConfig().SHOP_MODE === 'demo'
