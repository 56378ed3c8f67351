import { and, asc, eq } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { categories, footerLinks, type StoredApps, type StoredContacts } from '../db/schema/index.ts'
import type { Lang } from '../http/locale.ts'
import { pick } from '../http/locale.ts'
import { pickupPointView } from './pickup-points.ts'
import { readSetting } from './settings.ts'

export async function getContacts(db: Db, lang: Lang) {
  const stored = await readSetting<StoredContacts>(db, 'contacts')
  if (!stored) return null
  const { phone, phone2, latitude, longitude, address, facebook, instagram, telegram, email } = stored
  return {
    phone,
    phone2,
    latitude,
    longitude,
    address: pick(address, lang),
    facebook,
    instagram,
    telegram,
    email: email ?? null,
    pickup_points: pickupPointsOf(stored, lang),
  }
}

/** The shop's pickup points in `lang`, in the order staff listed them. */
export function pickupPointsOf(stored: Pick<StoredContacts, 'pickup_points'> | null, lang: Lang) {
  return (stored?.pickup_points ?? []).map((p) => pickupPointView(p, lang))
}

export async function getApps(db: Db): Promise<StoredApps> {
  return (await readSetting<StoredApps>(db, 'apps')) ?? { ios: null, android: null }
}

/** The categories of the header menu, in menu order (hidden ones left out). */
export async function headerMenu(db: Db, lang: Lang) {
  const rows = await db
    .select({ id: categories.id, title: categories.title, slug: categories.slug })
    .from(categories)
    .where(and(eq(categories.inHeader, true), eq(categories.isHidden, false)))
    .orderBy(asc(categories.position), asc(categories.id))
  return rows.map((r) => ({ ...r, title: pick(r.title, lang) }))
}

/** The footer's links, in footer order. */
export async function footerLinkList(db: Db, lang: Lang) {
  const rows = await db.select().from(footerLinks).orderBy(asc(footerLinks.position), asc(footerLinks.id))
  return rows.map((r) => ({ id: r.id, slug: r.slug, title: pick(r.title, lang) }))
}
