import { jsonb, timestamp } from 'drizzle-orm/pg-core'
import type { Localized } from '../../http/locale.ts'

/** A text stored once per interface language: `{ uz, sr, ru }`. */
export const localized = (name: string) => jsonb(name).$type<Localized>()

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
