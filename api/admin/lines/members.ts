import { asc, eq, inArray, like, or } from 'drizzle-orm'
import type { Concentration, SizeKind } from '#contract/product-lines.ts'
import { foldText } from '../../catalogue/search-text.ts'
import type { Tx } from '../../db/client.ts'
import { productLines, products } from '../../db/schema/index.ts'
import { ApiError, type FieldError } from '../../http/errors.ts'
import type { Lang } from '../../http/locale.ts'
import { message } from '../../http/messages.ts'

// The writes every change of a line's membership shares, inside the caller's
// transaction: the rows locked, checked and renumbered.

/**
 * Line changes take turns across processes (they are rare, and a product's
 * line and its line's order are read and written together): no two of them
 * lock products and lines in opposite orders. Imports take it too.
 */
export const linesLockKey = 'product lines'

/** A product as a line's member: which line it is in now and what tells it apart. */
export type MemberRow = {
  id: number
  title: { ru: string }
  lineId: number | null
  concentration: Concentration | null
  sizeKind: SizeKind | null
}

/** One place of a line as it is written: the product, and its concentration and size kind when given. */
export type MemberInput = { id: number; concentration?: Concentration | null; sizeKind?: SizeKind | null }

/** The line row, locked against other changes of the line; null when there is none. */
export async function lockLine(tx: Tx, lineId: number) {
  const [line] = await tx.select().from(productLines).where(eq(productLines.id, lineId)).for('update')
  return line ?? null
}

/** These products, locked in id order (two changes never wait on each other crosswise). */
export async function lockProducts(tx: Tx, ids: number[]): Promise<Map<number, MemberRow>> {
  if (!ids.length) return new Map()
  const rows = await tx
    .select({
      id: products.id,
      title: products.title,
      lineId: products.lineId,
      concentration: products.concentration,
      sizeKind: products.sizeKind,
    })
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(asc(products.id))
    .for('update')
  return new Map(rows.map((row) => [row.id, row]))
}

/** The ids of the line's products in its order. */
export async function memberIds(tx: Tx, lineId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: products.id })
    .from(products)
    .where(eq(products.lineId, lineId))
    .orderBy(asc(products.linePosition), asc(products.id))
  return rows.map((r) => r.id)
}

/**
 * Refuses a membership that cannot be: a product twice or unknown (400), or
 * one already in another line (409: a product is in one line at most).
 */
export async function checkMembers(tx: Tx, lineId: number | null, ids: number[], field: string, lang: Lang) {
  const seen = new Set<number>()
  const twice = ids.find((id) => seen.size === seen.add(id).size)
  if (twice !== undefined) {
    const detail = message(lang, 'admin_line_duplicate', { id: twice })
    throw new ApiError(400, detail, [{ field, message: detail }])
  }
  const found = await lockProducts(tx, ids)
  const unknown = ids.find((id) => !found.has(id))
  if (unknown !== undefined) {
    const detail = message(lang, 'admin_line_product_unknown', { id: unknown })
    throw new ApiError(400, detail, [{ field, message: detail }])
  }
  const elsewhere = [...found.values()].filter((p) => p.lineId !== null && p.lineId !== lineId)
  if (elsewhere.length) {
    const names = new Map(
      (
        await tx
          .select({ id: productLines.id, name: productLines.name })
          .from(productLines)
          .where(
            inArray(
              productLines.id,
              elsewhere.map((p) => p.lineId as number),
            ),
          )
      ).map((l) => [l.id, l.name]),
    )
    const errors: FieldError[] = elsewhere.map((p) => ({
      field,
      message: message(lang, 'admin_line_product_taken', {
        title: p.title.ru,
        line: names.get(p.lineId as number) ?? '',
      }),
    }))
    throw new ApiError(409, errors[0]!.message, errors)
  }
  return found
}

/**
 * Makes the line exactly `members`, in that order: products left out leave
 * it, the others take places 0, 1, 2… and the concentration and size kind
 * given. Answers the ids it had before.
 */
export async function writeMembers(tx: Tx, lineId: number, members: MemberInput[]): Promise<number[]> {
  const before = await memberIds(tx, lineId)
  const kept = new Set(members.map((m) => m.id))
  const leaving = before.filter((id) => !kept.has(id))
  if (leaving.length)
    await tx.update(products).set({ lineId: null, linePosition: 0 }).where(inArray(products.id, leaving))
  for (const [position, member] of members.entries())
    await tx
      .update(products)
      .set({
        lineId,
        linePosition: position,
        ...(member.concentration !== undefined ? { concentration: member.concentration } : {}),
        ...(member.sizeKind !== undefined ? { sizeKind: member.sizeKind } : {}),
      })
      .where(eq(products.id, member.id))
  return before
}

/** The name a line gets from its first product: the Russian title up to its first comma. */
export const nameFrom = (title: { ru: string }) =>
  title.ru.split(',')[0]!.trim().slice(0, 120) || title.ru.slice(0, 120)

/** A new line row with a slug no other line has (the name in Latin, kebab-case). */
export async function insertLine(tx: Tx, name: string): Promise<{ id: number; slug: string; name: string }> {
  const base =
    foldText(name)
      .split(' ')
      .filter(Boolean)
      .join('-')
      .replace(/[^a-z0-9-]/g, '')
      .slice(0, 100)
      .replace(/-+$/, '') || 'line'
  const taken = new Set(
    (
      await tx
        .select({ slug: productLines.slug })
        .from(productLines)
        .where(or(eq(productLines.slug, base), like(productLines.slug, `${base}-%`)))
    ).map((r) => r.slug),
  )
  let slug = base
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`
  const [row] = await tx.insert(productLines).values({ slug, name }).returning()
  return row!
}

/** Deletes the line when no product is left in it. */
export async function dropIfEmpty(tx: Tx, lineId: number) {
  const left = await tx.select({ id: products.id }).from(products).where(eq(products.lineId, lineId)).limit(1)
  if (!left.length) await tx.delete(productLines).where(eq(productLines.id, lineId))
}
