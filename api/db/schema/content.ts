import { boolean, index, jsonb, pgEnum, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core'
import { pageKinds } from '#contract/content.ts'
import type { Localized } from '../../http/locale.ts'
import { localized } from './columns.ts'

/** Edits saved but not yet published: the shop keeps showing the published texts until then. */
export type ContentDraft = { title: Localized; body: Localized }

export const pageKind = pgEnum('page_kind', pageKinds)

/** Content managed by the shop's staff, one row per page, texts in three languages. */
export const pages = pgTable(
  'pages',
  {
    id: serial().primaryKey(),
    slug: text().notNull().unique(),
    kind: pageKind().notNull().default('page'),
    title: localized('title').notNull(),
    body: localized('body').notNull(),
    position: smallint().notNull().default(0),
    // False until first published: the shop does not show it.
    isPublished: boolean('is_published').notNull().default(true),
    draft: jsonb().$type<ContentDraft>(),
  },
  (t) => [index('pages_kind_idx').on(t.kind, t.position)],
)

export const posts = pgTable('posts', {
  id: serial().primaryKey(),
  title: localized('title').notNull(),
  body: localized('body').notNull(),
  image: text(),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  isPublished: boolean('is_published').notNull().default(true),
  draft: jsonb().$type<ContentDraft>(),
})

export const footerLinks = pgTable('footer_links', {
  id: serial().primaryKey(),
  title: localized('title').notNull(),
  slug: text().notNull(),
  position: smallint().notNull().default(0),
})

/** Shop-wide settings edited by staff (contacts, store links), one JSON value per key. */
/** A place where customers collect orders (in the `contacts` setting): `id` stays when staff edit the point. */
export type StoredPickupPoint = {
  id: string
  name: Localized
  address: Localized
  hours: string
  latitude: number
  longitude: number
}

/** The `contacts` setting: the shop's phones, address, links and pickup points. */
export type StoredContacts = {
  /** Absent in contacts saved before pickup points existed: none. */
  pickup_points?: StoredPickupPoint[]
  phone: string
  phone2: string
  latitude: number
  longitude: number
  address: Localized
  facebook: string
  instagram: string
  telegram: string
  email?: string
}

/** The `apps` setting: the mobile apps' store links. */
export type StoredApps = { ios: string | null; android: string | null }

export const settings = pgTable('settings', {
  key: text().primaryKey(),
  value: jsonb().notNull(),
})
