import { type SQL, type SQLWrapper, sql } from 'drizzle-orm'
import { jsonb, timestamp } from 'drizzle-orm/pg-core'
import type { Localized } from '../../http/locale.ts'

/** A text stored once per interface language: `{ uz, sr, ru }`. */
export const localized = (name: string) => jsonb(name).$type<Localized>()

/** A point in time, with its time zone. */
export const moment = (name: string) => timestamp(name, { withTimezone: true })

export const createdAt = () => moment('created_at').notNull().defaultNow()

/** A single-use secret's times (a refresh token, a link code): made, valid until, spent. */
export const singleUse = () => ({
  createdAt: createdAt(),
  expiresAt: moment('expires_at').notNull(),
  usedAt: moment('used_at'),
})

/**
 * A product's search key with a space on either side, so `like '% dio%'` tests
 * a word start and `like '% dior %'` a whole word: the expression the index
 * product_search_words_idx is built on, and that search (api/catalogue/search.ts)
 * must write the same way for the planner to use it.
 */
export const wordsOf = (searchKey: SQLWrapper): SQL => sql`(' ' || ${searchKey} || ' ')`
