import { createHash } from 'node:crypto'
import { buildSearchKey } from '#api/catalogue/search-text.ts'
import { brands } from '#api/db/seed/brands.ts'
import { generateProducts } from '#api/db/seed/products.ts'

export const seededProductCount = 2000

/**
 * The search keys of the default seed: every distinct word of the product
 * titles (all three languages, the Latin one converted from Cyrillic), the
 * line spellings and the brand names with their folded key, and a digest of
 * every product's stored key. Folding and transliteration both decide these.
 */
export function seedSearchKeys() {
  const products = generateProducts(seededProductCount)
  const words = new Set<string>()
  const parts = [
    ...products.flatMap((p) => [p.title.ru, p.title.sr, p.title.uz, ...p.aliases]),
    ...brands.flatMap((b) => [b.name, ...b.aliases]),
  ]
  for (const part of parts) for (const word of part.split(/\s+/)) if (word) words.add(word)
  const keys = products.map((p) => `${p.slug}\t${p.searchKey}`).join('\n')
  return {
    productKeysSha256: createHash('sha256').update(keys).digest('hex'),
    words: Object.fromEntries([...words].sort().map((word) => [word, buildSearchKey([word])])),
  }
}
