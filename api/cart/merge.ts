import { type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { QUANTITY_MAX } from '#contract/basket.ts'
import type { Db } from '../db/client.ts'
import { cartItems, favourites, products, storyReads } from '../db/schema/index.ts'

const col = (column: AnyPgColumn) => sql.identifier(column.name)

async function returnedRows(db: Db, query: SQL): Promise<number> {
  const result = (await db.execute(query)) as unknown as { rows: unknown[] }
  return result.rows.length
}

/**
 * Moves the basket, favourites and read stories of the visitor `fingerprint`
 * into the account of `userId`, in one transaction (a savepoint when called inside
 * one). Called on login and registration with the request's Fingerprint.
 *
 * - A product only the visitor had moves over as it is (quantity, the price
 *   seen, when it was added).
 * - A product in both baskets gets the sum of both quantities, capped by the
 *   stock (and 999); a line already over the stock (the stock fell after it
 *   was written) keeps its own quantity and stays marked `exceeds_stock`, so
 *   the merge never loses units the customer can see and fix.
 * - Favourites and story reads are deduplicated (a story read as a visitor
 *   stays read after signing in).
 * - The visitor's rows are gone afterwards: exactly the rows deleted are the
 *   rows merged (DELETE … RETURNING feeds the INSERT), so a line the visitor
 *   adds concurrently is either merged or left for the next merge, never lost.
 */
export async function mergeVisitorIntoAccount(
  db: Db,
  fingerprint: string,
  userId: number,
): Promise<{ lines: number; favourites: number }> {
  const visitor = `v:${fingerprint}`
  const customer = `u:${userId}`
  return db.transaction(async (tx) => {
    const t = tx
    const lines = await returnedRows(
      t,
      sql`with moved as (
            delete from ${cartItems} where ${col(cartItems.owner)} = ${visitor}
            returning ${col(cartItems.productId)} as product_id, ${col(cartItems.quantity)} as quantity,
                      ${col(cartItems.priceSeen)} as price_seen, ${col(cartItems.addedAt)} as added_at
          )
          insert into ${cartItems} as c (${col(cartItems.owner)}, ${col(cartItems.productId)},
                                         ${col(cartItems.quantity)}, ${col(cartItems.priceSeen)}, ${col(cartItems.addedAt)})
          select ${customer}, m.product_id, m.quantity, m.price_seen, m.added_at from moved m
          on conflict (${col(cartItems.owner)}, ${col(cartItems.productId)}) do update set
            ${col(cartItems.quantity)} = least(
              c.${col(cartItems.quantity)} + excluded.${col(cartItems.quantity)},
              greatest(
                (select least(p.${col(products.stock)}, ${QUANTITY_MAX}) from ${products} p
                  where p.${col(products.id)} = excluded.${col(cartItems.productId)}),
                c.${col(cartItems.quantity)},
                excluded.${col(cartItems.quantity)}
              )
            ),
            ${col(cartItems.addedAt)} = least(c.${col(cartItems.addedAt)}, excluded.${col(cartItems.addedAt)})
          returning 1`,
    )
    const liked = await returnedRows(
      t,
      sql`with moved as (
            delete from ${favourites} where ${col(favourites.owner)} = ${visitor}
            returning ${col(favourites.productId)} as product_id, ${col(favourites.addedAt)} as added_at
          )
          insert into ${favourites} (${col(favourites.owner)}, ${col(favourites.productId)}, ${col(favourites.addedAt)})
          select ${customer}, m.product_id, m.added_at from moved m
          on conflict (${col(favourites.owner)}, ${col(favourites.productId)}) do nothing
          returning 1`,
    )
    await t.execute(
      sql`with moved as (
            delete from ${storyReads} where ${col(storyReads.reader)} = ${visitor}
            returning ${col(storyReads.storyItemId)} as story_item_id, ${col(storyReads.readAt)} as read_at
          )
          insert into ${storyReads} (${col(storyReads.storyItemId)}, ${col(storyReads.reader)}, ${col(storyReads.readAt)})
          select m.story_item_id, ${customer}, m.read_at from moved m
          on conflict do nothing`,
    )
    return { lines, favourites: liked }
  })
}
