import { getTableColumns, inArray, sql } from 'drizzle-orm'
import type { Tx } from '../db/client.ts'
import { recordset } from '../db/recordset.ts'
import { productCategories, products } from '../db/schema/index.ts'

type ProductSet = Partial<typeof products.$inferInsert>
type ProductKey = keyof ProductSet

const columns = getTableColumns(products)
const sqlType = (key: ProductKey) => {
  const type = columns[key].getSQLType()
  return type === 'serial' ? 'integer' : type
}

/**
 * Writes each product's own columns in one `update … from` per shape (the
 * set of columns a row changes: an import has a few), 5,000 products a
 * statement, instead of one statement per product.
 */
export async function updateProducts(tx: Tx, rows: { id: number; set: ProductSet }[]) {
  const shapes = new Map<string, { id: number; set: ProductSet }[]>()
  for (const row of rows) {
    const shape = Object.keys(row.set).sort().join(',')
    if (shape) shapes.set(shape, [...(shapes.get(shape) ?? []), row])
  }
  for (const [shape, group] of shapes) {
    const keys = shape.split(',') as ProductKey[]
    const types = Object.fromEntries([['id', 'integer'], ...keys.map((k) => [columns[k].name, sqlType(k)])])
    const assignments = keys.map((k) => `"${columns[k].name}" = v."${columns[k].name}"`).join(', ')
    for (let i = 0; i < group.length; i += 5000) {
      const values = group
        .slice(i, i + 5000)
        .map(({ id, set }) => Object.fromEntries([['id', id], ...keys.map((k) => [columns[k].name, set[k] ?? null])]))
      await tx.execute(sql`update ${products} p set ${sql.raw(assignments)}, updated_at = now()
        from ${recordset(values, types)} where p.id = v.id`)
    }
  }
}

/** Inserts products, 1,000 a statement; answers their ids by slug. */
export async function insertProducts(tx: Tx, rows: (typeof products.$inferInsert)[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>()
  for (let i = 0; i < rows.length; i += 1000)
    for (const { id, slug } of await tx
      .insert(products)
      .values(rows.slice(i, i + 1000))
      .returning({ id: products.id, slug: products.slug }))
      ids.set(slug, id)
  return ids
}

/** Replaces the categories of these products, in a few statements. */
export async function setCategoriesMany(tx: Tx, rows: { productId: number; categories: number[] }[]) {
  for (let i = 0; i < rows.length; i += 5000) {
    const chunk = rows.slice(i, i + 5000)
    await tx.delete(productCategories).where(
      inArray(
        productCategories.productId,
        chunk.map((r) => r.productId),
      ),
    )
    const pairs = chunk.flatMap((r) => r.categories.map((categoryId) => ({ productId: r.productId, categoryId })))
    for (let j = 0; j < pairs.length; j += 10_000) await tx.insert(productCategories).values(pairs.slice(j, j + 10_000))
  }
}
