import { describe, expectTypeOf, it } from 'vitest'
import type {
  Answer,
  ApiPath,
  Cart,
  Category,
  CategoryGroup,
  KnownPath,
  Order,
  ProductDetail,
  Results,
  ReviewPage,
  StaffApiAnswers,
  StaffOrder,
  StaffOrderCounts,
  StockProduct,
} from '#api/types.ts'
import type { ApiClient } from '#app/utils/api-client.server.ts'
import type { StaffApiClient } from '#app/utils/staff-session.server.ts'

// The API client's answer types follow from the called path (api/types.ts);
// these are checked by tsc (`npm run typecheck`), the runtime part is empty.
describe('answers inferred from the path', () => {
  it('fills a template with any value, one segment per parameter', () => {
    expectTypeOf<Answer<'GET', `orders/${string}/`>>().toEqualTypeOf<Order>()
    expectTypeOf<Answer<'GET', `orders/${number}/`>>().toEqualTypeOf<Order>()
    expectTypeOf<Answer<'GET', `products/${string}/`>>().toEqualTypeOf<ProductDetail>()
    expectTypeOf<Answer<'GET', `products/${string}/reviews/`>>().toEqualTypeOf<ReviewPage>()
    expectTypeOf<Answer<'POST', `orders/${string}/cancel/`>>().toEqualTypeOf<Order>()
  })

  it('prefers a fixed path to a template it also fits', () => {
    expectTypeOf<Answer<'GET', 'orders/cart/products/'>>().toEqualTypeOf<Cart>()
    expectTypeOf<Answer<'GET', 'products/categories/'>>().toEqualTypeOf<Results<CategoryGroup>>()
    expectTypeOf<Answer<'GET', `products/categories/${string}/`>>().toEqualTypeOf<Category>()
  })

  it('refuses a path the API does not answer, or the wrong method', () => {
    expectTypeOf<KnownPath<'GET', 'orders/nope/x/'>>().toBeNever()
    expectTypeOf<KnownPath<'GET', `orders/${string}/`>>().toEqualTypeOf<`orders/${string}/`>()
    const wrongCalls = (api: ApiClient) => [
      // @ts-expect-error: the API answers no such path
      api.get('orders/nope/x/'),
      // @ts-expect-error: promo/check/ takes POST only
      api.get('promo/check/'),
    ]
    expectTypeOf(wrongCalls).toBeFunction()
    expectTypeOf<'promo/check/'>().not.toExtend<ApiPath<'GET'>>()
    expectTypeOf<'promo/check/'>().toExtend<ApiPath<'POST'>>()
  })

  it('gives the client call its answer without a type argument', () => {
    const api = {} as ApiClient
    const call = () => api.get(`orders/${String(1)}/`)
    expectTypeOf(call).returns.resolves.toEqualTypeOf<Order>()
    const send = () => api.send('PUT', `orders/cart/products/${1}/`, { quantity: 2 })
    expectTypeOf(send).returns.resolves.toEqualTypeOf<Cart>()
  })
})

describe('the back office: staff answers by path (StaffApiAnswers)', () => {
  it('answers a staff call from its own map, a fixed path before a template', () => {
    expectTypeOf<Answer<'GET', `admin/orders/${number}/`, StaffApiAnswers>>().toEqualTypeOf<StaffOrder>()
    expectTypeOf<Answer<'GET', 'admin/orders/counts/', StaffApiAnswers>>().toEqualTypeOf<StaffOrderCounts>()
    const staff = {} as StaffApiClient
    const correct = () => staff.send('POST', `admin/stock/products/${1}/corrections/`, { quantity: 3, reason: 'x' })
    expectTypeOf(correct).returns.resolves.toEqualTypeOf<StockProduct>()
  })

  it('keeps the two maps apart', () => {
    expectTypeOf<KnownPath<'GET', 'admin/orders/'>>().toBeNever()
    expectTypeOf<KnownPath<'GET', 'orders/', StaffApiAnswers>>().toBeNever()
    const wrongCalls = (staff: StaffApiClient) => [
      // @ts-expect-error: a storefront path is not a staff one
      staff.get('orders/'),
      // @ts-expect-error: an order's status changes by POST only
      staff.get(`admin/orders/${1}/status/`),
    ]
    expectTypeOf(wrongCalls).toBeFunction()
  })
})
