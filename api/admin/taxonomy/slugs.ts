import { and, eq, sql } from 'drizzle-orm'
import { toLatin } from '../../catalogue/uzbek-latin.ts'
import type { Tx } from '../../db/client.ts'
import {
  type brands,
  type categories,
  type categoryGroups,
  type manufacturers,
  type sluggedKind,
  slugRedirects,
} from '../../db/schema/index.ts'
import { slugify } from '../../db/seed/slug.ts'

export type SluggedKind = (typeof sluggedKind.enumValues)[number]
type SluggedTable = typeof brands | typeof manufacturers | typeof categories | typeof categoryGroups

/** What the storefront's URLs accept (api/catalogue/query.ts keeps the same rule). */
export const slugPattern = /^[a-z0-9][a-z0-9-]{0,99}$/

// Room for a "-12" after a generated slug within the 100 characters of the pattern.
const generatedMax = 90

/**
 * A slug from a name in either script: Cyrillic is spelt in Uzbek Latin first
 * (the same letters search folds to), then kebab-cased; `fallback` when
 * nothing Latin is left ("!!!").
 */
export function slugFromName(name: string, fallback: string): string {
  const slug = slugify(toLatin(name)).slice(0, generatedMax).replace(/-+$/, '')
  return slug || fallback
}

/** `base`, or `base-2`, `base-3` … : the first one no other row of `table` has. */
export async function freeSlug(tx: Tx, table: SluggedTable, base: string, exceptId?: number): Promise<string> {
  const taken = (await tx.execute(
    sql`select slug from ${table} where (slug = ${base} or slug like ${`${base}-%`}) and id <> ${exceptId ?? 0}`,
  )) as unknown as { rows: { slug: string }[] }
  const used = new Set(taken.rows.map((r) => r.slug))
  if (!used.has(base)) return base
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`
}

/**
 * A row of `kind` now answers to `slug`: an old slug it leaves keeps
 * redirecting to it, and a slug it takes stops redirecting anywhere (the
 * live row wins).
 */
export async function moveSlug(tx: Tx, kind: SluggedKind, id: number, from: string | null, to: string) {
  await tx.delete(slugRedirects).where(and(eq(slugRedirects.kind, kind), eq(slugRedirects.oldSlug, to)))
  if (from === null || from === to) return
  await tx
    .insert(slugRedirects)
    .values({ kind, oldSlug: from, targetId: id })
    .onConflictDoUpdate({ target: [slugRedirects.kind, slugRedirects.oldSlug], set: { targetId: id } })
}
