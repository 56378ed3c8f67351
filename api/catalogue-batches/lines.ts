import { inArray, max } from 'drizzle-orm'
import { linesLockKey } from '../admin/lines/members.ts'
import { lockKey } from '../db/advisory-lock.ts'
import type { Tx } from '../db/client.ts'
import { productLines, products } from '../db/schema/index.ts'
import { updateProducts } from './write-many.ts'

/** A product's line as a batch row sets it: the line's slug, or null for none. */
export type LineMove = { productId: number; line: string | null }

const lastPosition = 32_767

/**
 * Puts products in the lines their rows name, each after the line's last
 * product; a slug no line has makes a new line, named after the first row
 * naming it (`names`: its Russian title up to the first comma) or the slug.
 * Set-based: an import may move thousands.
 */
export async function placeInLines(tx: Tx, moves: LineMove[], names: Map<string, string>) {
  if (!moves.length) return
  await lockKey(tx, linesLockKey)
  const slugs = [...new Set(moves.flatMap((m) => (m.line ? [m.line] : [])))]
  const ids = new Map<string, number>()
  if (slugs.length) {
    const known = await tx
      .select({ id: productLines.id, slug: productLines.slug })
      .from(productLines)
      .where(inArray(productLines.slug, slugs))
    for (const line of known) ids.set(line.slug, line.id)
    const missing = slugs.filter((slug) => !ids.has(slug))
    if (missing.length) {
      const made = await tx
        .insert(productLines)
        .values(missing.map((slug) => ({ slug, name: names.get(slug) || slug })))
        .returning({ id: productLines.id, slug: productLines.slug })
      for (const line of made) ids.set(line.slug, line.id)
    }
  }
  const lineIds = [...ids.values()]
  const tops = lineIds.length
    ? await tx
        .select({ lineId: products.lineId, top: max(products.linePosition) })
        .from(products)
        .where(inArray(products.lineId, lineIds))
        .groupBy(products.lineId)
    : []
  const next = new Map(tops.map((t) => [t.lineId as number, (t.top ?? -1) + 1]))
  await updateProducts(
    tx,
    moves.map(({ productId, line }) => {
      if (!line) return { id: productId, set: { lineId: null, linePosition: 0 } }
      const lineId = ids.get(line) as number
      const position = next.get(lineId) ?? 0
      next.set(lineId, position + 1)
      return { id: productId, set: { lineId, linePosition: Math.min(position, lastPosition) } }
    }),
  )
}

/** The name a new line gets from a row: its Russian title up to the first comma. */
export const lineNameOf = (title: string | null | undefined) => (title ?? '').split(',')[0]!.trim().slice(0, 120)
