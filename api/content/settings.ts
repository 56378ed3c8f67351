import { eq } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { settings } from '../db/schema/index.ts'
import type { Lang, Localized } from '../http/locale.ts'
import { pick } from '../http/locale.ts'

export type StoredContacts = {
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

export type StoredApps = { ios: string | null; android: string | null }

export async function readSetting<T>(db: Db, key: string): Promise<T | null> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key))
  return (row?.value as T | undefined) ?? null
}

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
  }
}

export async function getApps(db: Db): Promise<StoredApps> {
  return (await readSetting<StoredApps>(db, 'apps')) ?? { ios: null, android: null }
}
