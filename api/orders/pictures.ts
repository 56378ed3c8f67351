import { asc, inArray } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { productImages } from '../db/schema/index.ts'
import type { ImageLinks, MediaLinks } from '../media/links.ts'

/**
 * The first picture of each product on these order lines, by product id: the thumbnails of an order (the
 * customer's orders, the desk's order page). A product without pictures, or removed since, has none.
 */
export async function linePictures(
  db: Db,
  lines: { productId: number | null }[],
  media: MediaLinks,
): Promise<Map<number, ImageLinks>> {
  const ids = [...new Set(lines.map((line) => line.productId).filter((id): id is number => id != null))]
  if (!ids.length) return new Map()
  const rows = await db
    .selectDistinctOn([productImages.productId], { productId: productImages.productId, path: productImages.path })
    .from(productImages)
    .where(inArray(productImages.productId, ids))
    .orderBy(asc(productImages.productId), asc(productImages.position), asc(productImages.id))
  await media.load(rows.map((row) => row.path))
  return new Map(rows.map((row) => [row.productId, media.links(row.path)]))
}
