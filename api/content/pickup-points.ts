import { z } from '@hono/zod-openapi'
import type { Db } from '../db/client.ts'
import type { StoredContacts, StoredPickupPoint } from '../db/schema/index.ts'
import type { Lang } from '../http/locale.ts'
import { pick } from '../http/locale.ts'
import { readSetting } from './settings.ts'

/** A place where customers collect orders, in one language (the contacts list them; a pickup order keeps its own). */
export const pickupPointSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    address: z.string(),
    hours: z.string().openapi({ example: 'Ежедневно 10:00–21:00' }),
    latitude: z.number(),
    longitude: z.number(),
  })
  .openapi('PickupPoint')

export function pickupPointView(point: StoredPickupPoint, lang: Lang): z.output<typeof pickupPointSchema> {
  return {
    id: point.id,
    name: pick(point.name, lang),
    address: pick(point.address, lang),
    hours: point.hours,
    latitude: point.latitude,
    longitude: point.longitude,
  }
}

/** The shop's pickup point with this id as it is now, in every language (an order keeps this copy), or null. */
export async function findPickupPoint(db: Db, id: string): Promise<StoredPickupPoint | null> {
  const stored = await readSetting<StoredContacts>(db, 'contacts')
  return stored?.pickup_points?.find((p) => p.id === id) ?? null
}
