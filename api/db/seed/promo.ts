import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Db } from '../client.ts'
import { promoCodes } from '../schema/index.ts'

/**
 * Demo promo codes: ATIR10 (10 % off, no end), ATIR50K (50,000 sum off from
 * 500,000, 1,000 uses) and YANGIYIL2024 (expired: 'promo code does not exist').
 */
const demoCodes = [
  { code: 'ATIR10', percent: 10 },
  { code: 'ATIR50K', amount: 50_000, minTotal: 500_000, usageLimit: 1000 },
  {
    code: 'YANGIYIL2024',
    percent: 15,
    validFrom: new Date('2023-12-20T00:00:00+05:00'),
    validTo: new Date('2024-01-10T00:00:00+05:00'),
  },
]

export const demoPromoCodes = demoCodes.map((c) => c.code)

export async function seedPromoCodes(db: Db) {
  await db
    .insert(promoCodes)
    .values(demoCodes)
    // A reset keeps promo codes (orders point at them): the demo ones are there already.
    .onConflictDoNothing()
}

/** The demo codes still active in this database: a live shop must not start with them (anyone can read them here). */
export async function activeDemoPromoCodes(db: Db): Promise<string[]> {
  const rows = await db
    .select({ code: promoCodes.code })
    .from(promoCodes)
    .where(and(inArray(promoCodes.code, demoPromoCodes), eq(promoCodes.active, true)))
    .orderBy(asc(promoCodes.code))
  return rows.map((r) => r.code)
}
