import { z } from '@hono/zod-openapi'
import { QUANTITY_MAX } from '#contract/basket.ts'
import { productCardSchema } from '../catalogue/schemas.ts'
import { idParam, idSchema } from '../http/schemas.ts'

// Requests and answers of the basket (orders/cart/…). Money is whole sum.

/** Most different products one basket holds. */
export const CART_LINES_MAX = 100
export const productIdSchema = idSchema.openapi({
  description: 'Product id (`id` of a product from products/)',
  example: 42,
})

const quantitySchema = z.number().int().min(1).max(QUANTITY_MAX)

/** `{product_id}` in a path: digits only, else 400 with a field error on `product_id`. */
export const productIdParams = z.object({
  product_id: idParam('product_id', 42),
})

export const addToCartBody = z
  .strictObject({
    product_id: productIdSchema,
    quantity: quantitySchema.default(1).openapi({
      description: `Units to add to what the basket already holds; 1 to ${QUANTITY_MAX}, default 1`,
      example: 1,
    }),
    if_absent: z
      .boolean()
      .default(false)
      .openapi({
        description:
          'true: add only when the basket does not hold the product yet, else leave its line as it is. What an ' +
          '"add to basket" button sends: pressed twice (a double tap, a form sent again), it still adds once.',
      }),
  })
  .openapi('CartAdd')

export const setQuantityBody = z
  .strictObject({
    quantity: quantitySchema.openapi({
      description: `The line's new quantity, 1 to ${QUANTITY_MAX} (remove the line with DELETE)`,
      example: 2,
    }),
  })
  .openapi('CartQuantity')

export const cartProductSchema = productCardSchema
  .omit({ highlight: true, brand_highlight: true })
  .extend({
    stock: z.number().int().openapi({ description: 'Units in stock now' }),
    is_liked: z.boolean().openapi({ description: 'In the favourites of the same visitor or customer' }),
  })
  .openapi('CartProduct')

export const cartLineSchema = z
  .object({
    product: cartProductSchema,
    quantity: z.number().int().openapi({ description: 'Units in the basket (1–999)' }),
    price: z.number().int().openapi({ description: 'Current unit price: sale_price when set, else price' }),
    line_total: z.number().int().openapi({ description: 'price × quantity' }),
    regular_total: z.number().int().openapi({ description: 'product.price × quantity, before the discount' }),
    price_changed: z.boolean().openapi({
      description:
        'The unit price differs from the one the visitor saw when the line was added (or last accepted with ' +
        'orders/cart/accept-prices/)',
    }),
    previous_price: z
      .number()
      .int()
      .nullable()
      .openapi({ description: 'The unit price seen before, when price_changed; else null' }),
    available_quantity: z
      .number()
      .int()
      .openapi({ description: 'Units that can be ordered now (the stock); 0 when sold out' }),
    unavailable: z
      .boolean()
      .openapi({ description: 'Sold out: the line stays, marked, but is left out of the sums and the order' }),
    exceeds_stock: z.boolean().openapi({
      description: 'quantity > available_quantity (the stock fell after the line was written); lower the quantity',
    }),
    added_at: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('CartLine')

export const cartSchema = z
  .object({
    products: z.array(cartLineSchema).openapi({ description: 'Lines, most recently added first' }),
    total_items: z
      .number()
      .int()
      .openapi({ description: 'Units in all lines, sold-out ones included: the header badge (cart_total)' }),
    total_price: z
      .number()
      .int()
      .openapi({ description: 'Sum of regular_total over the lines that are not unavailable: before discounts' }),
    discount: z.number().int().openapi({ description: 'Sum of (price − sale_price) × quantity over those lines' }),
    total: z.number().int().openapi({ description: 'To pay: total_price − discount = sum of their line_total' }),
    price_changed: z.boolean().openapi({ description: 'Some line has price_changed' }),
    ready_for_checkout: z.boolean().openapi({
      description:
        'At least one line, none unavailable or over the stock, and no unaccepted price change. Otherwise ' +
        'the basket page shows the notices and the customer fixes the lines (or accepts the prices) first.',
    }),
  })
  .openapi('Cart')

export const cartLimitErrorSchema = z
  .object({
    detail: z.string().openapi({
      description:
        'Localised: how many are in stock (and already in the basket), "sold out", at most 999 units of one ' +
        'product, or at most 100 different products',
      example: 'В наличии 5 шт., в корзине уже 4 шт.',
    }),
    available_quantity: z.number().int().openapi({ description: 'Units of the product in stock now; 0 when sold out' }),
    in_cart: z.number().int().openapi({ description: 'Units of this product already in the basket' }),
  })
  .openapi('CartLimitError')

export type CartLine = z.infer<typeof cartLineSchema>
export type Cart = z.infer<typeof cartSchema>
export type CartProduct = z.infer<typeof cartProductSchema>
