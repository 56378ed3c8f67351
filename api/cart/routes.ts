import type { Context } from 'hono'
import { BASKET_TOTAL_MAX, QUANTITY_MAX } from '#contract/basket.ts'
import { type ApiDeps, type ApiEnv, createRouter } from '../http/context.ts'
import { requiredJson, routeGroup } from '../http/openapi.ts'
import { minimalAnswer, prefersMinimal } from '../http/prefer.ts'
import { errorSchema, jsonContent } from '../http/schemas.ts'
import { MediaLinks } from '../media/links.ts'
import { noStore, ownerRequired, requireOwner } from './owner.ts'
import {
  addToCartBody,
  CART_LINES_MAX,
  cartLimitErrorSchema,
  cartSchema,
  productIdParams,
  setQuantityBody,
} from './schemas.ts'
import { acceptCartPrices, addToCart, clearCart, readCart, removeFromCart, setCartQuantity } from './service.ts'

const who =
  'The basket of the signed-in customer (`Authorization: Bearer`), else of the visitor in the `Fingerprint` ' +
  'header; with neither: 400. Answers are `Cache-Control: private, no-store`.'
const answersCart =
  'Every change answers with the whole updated basket, as GET orders/cart/products/ does; with ' +
  '`Prefer: return=minimal` (a caller that does not read it) with 204 and no body.'

const error = (description: string) => jsonContent(errorSchema, description)
const noOwner = error('Invalid input (field `errors`), or neither a Fingerprint header nor a signed-in customer')
const changedQuietly = { description: 'Done, asked with `Prefer: return=minimal`: no body (`Preference-Applied`)' }
const unknownProduct = error('No product with this id')
const stockConflict = jsonContent(
  cartLimitErrorSchema,
  'More than the stock (or 999 units, or 100 products): `detail` says how many are available and ' +
    '`available_quantity` / `in_cart` give the numbers; nothing changed',
)

const route = routeGroup({ tags: ['cart'], middleware: [ownerRequired] as const })

const getRoute = route.get('/orders/cart/products/', {
  summary: 'The basket: lines with current prices and stock marks, and the totals',
  description:
    `${who} Lines are never dropped behind the customer's back: a sold-out product stays, marked ` +
    '`unavailable` and left out of the sums; a price that changed since the line was added is marked ' +
    '`price_changed` with `previous_price` until accepted (orders/cart/accept-prices/); a line above the ' +
    'current stock is marked `exceeds_stock`. The basket never reserves stock: the order does, at checkout.',
  responses: { 200: jsonContent(cartSchema, 'The basket'), 400: noOwner },
})

const addRoute = route.post('/orders/cart/products/', {
  summary: 'Add units of a product to the basket (to what it already holds)',
  description:
    `${who} The line's new quantity may not pass the stock: 409 with \`available_quantity\` and \`in_cart\` ` +
    `(a sold-out product: available_quantity 0). At most ${QUANTITY_MAX} units of one product (409), ` +
    `${CART_LINES_MAX} different products (409) and goods worth ${BASKET_TOTAL_MAX} sum at current prices ` +
    `(409). A new line remembers the current price as seen. ${answersCart}`,
  request: { body: requiredJson(addToCartBody) },
  responses: {
    200: jsonContent(cartSchema, 'The updated basket'),
    204: changedQuietly,
    400: noOwner,
    404: unknownProduct,
    409: stockConflict,
  },
})

const setRoute = route.put('/orders/cart/products/{product_id}/', {
  summary: 'Set the quantity of a line (the line is created when missing)',
  description:
    `${who} 1 to ${QUANTITY_MAX} units, at most the stock (409 with \`available_quantity\`), the basket's ` +
    `goods worth at most ${BASKET_TOTAL_MAX} sum (409). Lowering a line ` +
    `that exceeds the stock to the stock is how the customer fixes it. ${answersCart}`,
  request: { params: productIdParams, body: requiredJson(setQuantityBody) },
  responses: {
    200: jsonContent(cartSchema, 'The updated basket'),
    204: changedQuietly,
    400: noOwner,
    404: unknownProduct,
    409: stockConflict,
  },
})

const removeRoute = route.delete('/orders/cart/products/{product_id}/', {
  summary: 'Remove a line',
  description: `${who} Removing a product that is not in the basket is not an error (200). ${answersCart}`,
  request: { params: productIdParams },
  responses: { 200: jsonContent(cartSchema, 'The updated basket'), 204: changedQuietly, 400: noOwner },
})

const clearRoute = route.delete('/orders/cart/products/', {
  summary: 'Empty the basket',
  description: `${who} ${answersCart}`,
  responses: { 200: jsonContent(cartSchema, 'The empty basket'), 204: changedQuietly, 400: noOwner },
})

const acceptPricesRoute = route.post('/orders/cart/accept-prices/', {
  summary: 'Accept the current prices: every line forgets the price seen before',
  description:
    `${who} No body. Afterwards no line has \`price_changed\` (until a price changes again). ` +
    `Quantities and stock marks are left alone. ${answersCart}`,
  responses: { 200: jsonContent(cartSchema, 'The updated basket'), 204: changedQuietly, 400: noOwner },
})

export function cartRoutes({ database: { db }, config }: ApiDeps) {
  const basket = (c: Context<ApiEnv>, owner: string) => {
    noStore(c)
    return readCart(db, owner, c.get('lang'), new MediaLinks(config))
  }
  /** After a change: the basket as it is now, unless the caller asked for none. */
  const changed = async (c: Context<ApiEnv>, owner: string) => {
    if (!prefersMinimal(c)) return c.json(await basket(c, owner), 200)
    noStore(c)
    return minimalAnswer(c)
  }

  return createRouter()
    .openapi(getRoute, async (c) => c.json(await basket(c, requireOwner(c)), 200))
    .openapi(addRoute, async (c) => {
      const owner = requireOwner(c)
      const { product_id, quantity, if_absent } = c.req.valid('json')
      await addToCart(db, owner, product_id, quantity, c.get('lang'), { ifAbsent: if_absent })
      return changed(c, owner)
    })
    .openapi(setRoute, async (c) => {
      const owner = requireOwner(c)
      const { product_id } = c.req.valid('param')
      await setCartQuantity(db, owner, product_id, c.req.valid('json').quantity, c.get('lang'))
      return changed(c, owner)
    })
    .openapi(removeRoute, async (c) => {
      const owner = requireOwner(c)
      await removeFromCart(db, owner, c.req.valid('param').product_id)
      return changed(c, owner)
    })
    .openapi(clearRoute, async (c) => {
      const owner = requireOwner(c)
      await clearCart(db, owner)
      return changed(c, owner)
    })
    .openapi(acceptPricesRoute, async (c) => {
      const owner = requireOwner(c)
      await acceptCartPrices(db, owner)
      return changed(c, owner)
    })
}
