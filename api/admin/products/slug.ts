import { and, eq, like, ne, or } from 'drizzle-orm'
import { foldText } from '../../catalogue/search-text.ts'
import type { Tx } from '../../db/client.ts'
import { products, slugRedirects } from '../../db/schema/index.ts'
import type { Localized } from '../../http/locale.ts'

const MAX = 100

/** Latin kebab-case of the product's Latin title (or the Russian one, transliterated): "Sauvage 100 ml" → "sauvage-100-ml". */
export function slugBase(title: Localized): string {
  const words = foldText(title.sr || title.ru || title.uz)
    .split(' ')
    .filter(Boolean)
  let slug = ''
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word
    if (next.length > MAX) break
    slug = next
  }
  return slug.replace(/[^a-z0-9-]/g, '') || 'product'
}

/** `base`, or `base-2`, `base-3`… whichever no other product has. */
export async function freeSlug(tx: Tx, base: string, productId: number | null): Promise<string> {
  const taken = await tx
    .select({ slug: products.slug })
    .from(products)
    .where(
      and(
        or(eq(products.slug, base), like(products.slug, `${base}-%`)),
        productId === null ? undefined : ne(products.id, productId),
      ),
    )
  const used = new Set(taken.map((r) => r.slug))
  if (!used.has(base)) return base
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`
}

/** The old slug keeps working (301 to the product); a redirect of the new slug is dropped, the live slug wins. */
export async function rememberOldSlug(tx: Tx, productId: number, oldSlug: string, newSlug: string) {
  await tx.delete(slugRedirects).where(and(eq(slugRedirects.kind, 'product'), eq(slugRedirects.oldSlug, newSlug)))
  await tx
    .insert(slugRedirects)
    .values({ kind: 'product', oldSlug, targetId: productId })
    .onConflictDoUpdate({ target: [slugRedirects.kind, slugRedirects.oldSlug], set: { targetId: productId } })
}
