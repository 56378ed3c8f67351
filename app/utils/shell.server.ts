import { getConfig } from '#api/config.ts'
import type { CategoryGroup, Contacts } from '#api/types.ts'
import type { ApiClient } from '#app/utils/api-client.server.ts'

/**
 * Everything the header, menus and footer show but the shopper's own part
 * (app/utils/personal.server.ts), fetched in parallel. It is the same for
 * every shopper: the API client keeps it and the API confirms it with a 304
 * until staff change it (app/utils/shared-answers.server.ts), and what is made
 * of it here is made once per answer.
 */
export async function loadShell(api: ApiClient) {
  const [headerMenu, footer, contacts, groups] = await Promise.all([
    api.get('common/header-menu/'),
    api.get('common/footer/'),
    api.get('settings/contacts/'),
    api.get('products/categories/').catch(() => ({ results: [] })),
  ])
  return {
    headerMenu: headerMenu.results,
    footer: footer.results,
    // The pickup points are the checkout's: it loads them itself.
    contacts: once(contacts, omitPickupPoints),
    categoryGroups: once(groups, (answer) => answer.results.map(menuGroup)),
  }
}

const made = new WeakMap<object, unknown>()

/** `make(answer)`, made once for each answer the API client hands over (a kept one is the same object). */
function once<A extends object, T>(answer: A, make: (answer: A) => T): T {
  if (made.has(answer)) return made.get(answer) as T
  const value = make(answer)
  made.set(answer, value)
  return value
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
