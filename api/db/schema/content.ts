import { index, jsonb, pgEnum, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core'
import { localized } from './columns.ts'

export const pageKind = pgEnum('page_kind', [
  'page',
  'help',
  'terms',
  'instruction',
  'privacy',
  'offer',
  'about',
  'contact',
])

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
  },
  (t) => [index('pages_kind_idx').on(t.kind, t.position)],
)

export const posts = pgTable('posts', {
  id: serial().primaryKey(),
  title: localized('title').notNull(),
  body: localized('body').notNull(),
  image: text(),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
})

export const footerLinks = pgTable('footer_links', {
  id: serial().primaryKey(),
  title: localized('title').notNull(),
  slug: text().notNull(),
  position: smallint().notNull().default(0),
})

/** Shop-wide settings edited by staff (contacts, store links), one JSON value per key. */
export const settings = pgTable('settings', {
  key: text().primaryKey(),
  value: jsonb().notNull(),
})
