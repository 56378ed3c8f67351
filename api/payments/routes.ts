import { z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { customerRoutes } from '../auth/openapi.ts'
import { cardProviderOf } from '../cards/provider.ts'
import { type ApiDeps, type ApiEnv, createRouter } from '../http/context.ts'
import { ApiError } from '../http/errors.ts'
import { requireUser } from '../http/identity.ts'
import { message } from '../http/messages.ts'
import { requiredJson, routeGroup } from '../http/openapi.ts'
import { errorSchema, idParam, idSchema, jsonContent } from '../http/schemas.ts'
import { handleClick } from '../integrations/payments/click/shop-api.ts'
import { handlePayme, paymeNotPost } from '../integrations/payments/payme/merchant.ts'
import { completeSandboxPayment, readSandboxPayment } from '../integrations/payments/sandbox/checkout.ts'
import { orderDetail } from '../orders/routes.ts'
import { orderSchema } from '../orders/schemas.ts'
import { customerOrder } from '../orders/service.ts'
import { checkPaymentConfig, startPayment } from './service.ts'
import { uzumWebhooks } from './uzum-routes.ts'

const tags = ['payments']
const error = (description: string) => jsonContent(errorSchema, description)

export const startSchema = z
  .object({
    order_id: z.number().int(),
    provider: z.enum(['sandbox', 'payme', 'click', 'uzum', 'card:sandbox', 'card:payme']).openapi({
      description:
        'card:…: a saved card was charged at once (the order is paid); redirect_url is the result page. ' +
        'uzum with a payment_id: the sandbox page plays Uzum Bank for the order (demo mode)',
    }),
    payment_id: z.number().int().nullable().openapi({
      description:
        'The sandbox, saved-card or demo Uzum payment; null for Payme, Click and Uzum Bank (their calls create it)',
    }),
    amount: z.number().int().openapi({ description: 'Whole sum' }),
    redirect_url: z.string().openapi({
      description:
        'Send the customer here: the storefront sandbox page `/{lang}/payment/sandbox/{payment_id}` (relative), ' +
        'or the Payme checkout / Click pay page / Uzum Bank open-service link (absolute)',
    }),
    return_url: z
      .string()
      .openapi({ description: 'Where the provider sends the customer back: `/{lang}/payment/result/{order_id}`' }),
  })
  .openapi('PaymentStart')

export const sandboxSchema = z
  .object({
    id: z.number().int(),
    order_id: z.number().int(),
    provider: z.enum(['sandbox', 'uzum']).openapi({ description: 'uzum: the page plays Uzum Bank (its webhooks)' }),
    amount: z.number().int(),
    status: z.string(),
  })
  .openapi('SandboxPayment')

const orderParams = z.object({ order_id: idParam('order_id', 42) })
const paymentParams = z.object({ payment_id: idParam('payment_id', 17) })

const customer = customerRoutes(tags)

const startRoute = customer.post('/payments/{order_id}/start/', {
  summary: 'Start paying an order online (status 1, method card / payme / click / uzum)',
  description:
    'PAYMENT_PROVIDER=sandbox (default): a sandbox payment is created and `redirect_url` is the storefront page ' +
    'that approves or declines it (an order paid by uzum: an Uzum transaction opened through its check and ' +
    'create webhooks, which the page confirms or reverses through them). payme / click / uzum: the provider ' +
    'page; the provider then calls payments/payme/, payments/click/… or payments/uzum/… and the order ' +
    'becomes accepted (3) once paid. A declined or failed ' +
    'payment leaves the order awaiting payment: start again. Not payable (paid, cancelled, cash): 409. ' +
    "A card order with a saved card (the order's `card_id`, or `card_id` here) is charged at once: paid → " +
    '`redirect_url` is the result page; declined → 402, no answer → 503, the order stays payable. ' +
    '`card_id: null` pays with a new card on the provider page instead.',
  request: {
    params: orderParams,
    body: {
      required: false,
      content: {
        'application/json': {
          schema: z
            .object({
              card_id: idSchema.nullable().optional().openapi({
                description:
                  "A confirmed saved card (GET cards/) for a card order; null: a new card; omitted: the order's",
              }),
            })
            .strict(),
        },
      },
    },
  },
  responses: {
    200: jsonContent(startSchema, 'Where to send the customer'),
    400: error('Not a confirmed card of this customer, or a card for an order not paid by card'),
    401: error('Not signed in'),
    402: error('The saved card was declined; the order still awaits payment'),
    404: error('No such order of this customer'),
    409: error('The order does not await payment, or its card charge is already running'),
    503: error('The card provider did not answer; the order still awaits payment'),
  },
})

const sandboxGetRoute = customer.get('/payments/sandbox/{payment_id}/', {
  summary: 'Sandbox: the payment the local payment page shows',
  request: { params: paymentParams },
  responses: { 200: jsonContent(sandboxSchema, 'The sandbox payment'), 404: error('Unknown, or not the sandbox') },
})

const sandboxCompleteRoute = customer.post('/payments/sandbox/{payment_id}/complete/', {
  summary: 'Sandbox: approve or decline the payment (the same state changes as a real provider)',
  description:
    '`approve: true` → payment_status paid, order status 3 (accepted). `approve: false` → payment_status failed, ' +
    'the order stays at 1 and can be started again. An Uzum payment goes through Uzum’s confirm or reverse ' +
    'webhook. Only with PAYMENT_PROVIDER=sandbox (else 404). Answers the order.',
  request: {
    params: paymentParams,
    body: requiredJson(z.object({ approve: z.boolean() })),
  },
  responses: {
    200: jsonContent(orderSchema, 'The order after the payment'),
    404: error('Unknown payment, or not the sandbox'),
    409: error('The payment is already completed, or the order no longer awaits payment'),
  },
})

const route = routeGroup({ tags })

const paymeRoute = route.post('/payments/payme/', {
  summary: 'Payme merchant API (JSON-RPC 2.0; Payme calls it)',
  description:
    'Methods CheckPerformTransaction, CreateTransaction, PerformTransaction, CancelTransaction, CheckTransaction, ' +
    'GetStatement. `Authorization: Basic base64("Paycom:" + PAYME_KEY)`, else error -32504. `account.order_id` is ' +
    'the order id; amounts in tiyin (order total × 100). Always HTTP 200 with `result` or `error` ' +
    '({code, message: {ru, uz, en}, data}); any method but POST → −32300. CheckPerformTransaction answers ' +
    '`{allow: true, detail}`: the fiscal receipt (receipt_type 0; items with title, price in tiyin, count, ' +
    '`code` = IKPU, `package_code`, `vat_percent` 12, `discount` = the line share of promo and cashback; ' +
    '`shipping` {title, price} when delivery is charged). Transactions: state 1 created, 2 performed (order accepted), −1 ' +
    'cancelled before perform (order stays payable), −2 cancelled after perform (order cancelled, refunded); a ' +
    'created transaction older than 12 hours is cancelled with reason 4. A created transaction holds its order: ' +
    'CheckPerformTransaction and CreateTransaction of another transaction for it answer −31099 (data order_id); ' +
    'the same CreateTransaction again, even sent at the same moment, answers the one transaction.',
  request: {
    body: {
      content: {
        'application/json': {
          schema: z
            .object({ jsonrpc: z.string().optional(), id: z.unknown(), method: z.string(), params: z.unknown() })
            .openapi('PaymeRequest'),
        },
      },
    },
  },
  responses: {
    200: jsonContent(
      z.object({
        jsonrpc: z.literal('2.0'),
        id: z.unknown(),
        result: z.unknown().optional(),
        error: z.unknown().optional(),
      }),
      'JSON-RPC answer',
    ),
  },
})

export function paymentRoutes(deps: ApiDeps) {
  const {
    database: { db },
    config,
  } = deps
  checkPaymentConfig(config)
  const cards = () => cardProviderOf(deps)
  const ctx = (c: Context<ApiEnv>) => ({ lang: c.get('lang'), config, now: deps.now?.() ?? new Date() })
  const sandboxOnly = (c: Context<ApiEnv>) => {
    if (config.PAYMENT_PROVIDER !== 'sandbox') throw new ApiError(404, message(c.get('lang'), 'not_found'))
  }

  return createRouter()
    .openapi(startRoute, async (c) => {
      const user = requireUser(c)
      c.header('Cache-Control', 'private, no-store')
      const choice = c.req.header('content-type')?.includes('json') ? c.req.valid('json') : {}
      const started = await startPayment(db, user.id, c.req.valid('param').order_id, { ...ctx(c), cards }, choice)
      return c.json(started, 200)
    })
    .openapi(sandboxGetRoute, async (c) => {
      sandboxOnly(c)
      const user = requireUser(c)
      return c.json(await readSandboxPayment(db, user.id, c.req.valid('param').payment_id, c.get('lang')), 200)
    })
    .openapi(sandboxCompleteRoute, async (c) => {
      sandboxOnly(c)
      const user = requireUser(c)
      const orderId = await completeSandboxPayment(
        db,
        user.id,
        c.req.valid('param').payment_id,
        c.req.valid('json').approve,
        ctx(c),
      )
      const order = await customerOrder(db, user.id, orderId, c.get('lang'))
      return c.json(await orderDetail({ db, config }, order, c.get('lang')), 200)
    })
}

/**
 * The calls payment providers make (Payme JSON-RPC, Click prepare/complete,
 * Uzum Bank's webhooks). Mounted before the Bearer authentication: Payme and
 * Uzum send their own Basic `Authorization`, which the customer
 * authentication would refuse.
 */
export function providerCallbackRoutes(deps: ApiDeps) {
  const {
    database: { db },
    config,
  } = deps
  const router = createRouter()
  // Registered without validation: every failure, even unparsable JSON, must be a JSON-RPC error.
  router.openAPIRegistry.registerPath(paymeRoute)
  router.post('/payments/payme/', async (c) => {
    const answer = await handlePayme(db, c.req.header('authorization'), await c.req.text(), {
      config,
      now: deps.now?.() ?? new Date(),
    })
    return c.json(answer, 200)
  })
  router.on(['GET', 'PUT', 'PATCH', 'DELETE'], '/payments/payme/', (c) => c.json(paymeNotPost(), 200))
  for (const step of ['prepare', 'complete'] as const) {
    router.openAPIRegistry.registerPath(clickRoute(step))
    router.post(`/payments/click/${step}/`, async (c) => {
      const form = await c.req.parseBody().catch(() => ({}))
      const fields = Object.fromEntries(
        Object.entries(form).filter((e): e is [string, string] => typeof e[1] === 'string'),
      )
      return c.json(
        await handleClick(db, fields, step === 'complete', { config, now: deps.now?.() ?? new Date() }),
        200,
      )
    })
  }
  uzumWebhooks(router, deps)
  return router
}

const clickRoute = (step: 'prepare' | 'complete') =>
  route.post(`/payments/click/${step}/`, {
    summary: `Click SHOP-API ${step} (action ${step === 'prepare' ? 0 : 1}; Click calls it)`,
    description:
      'Form-encoded. `merchant_trans_id` is the order id, `amount` in sum. sign_string = md5(click_trans_id + ' +
      'service_id + CLICK_SECRET_KEY + merchant_trans_id + ' +
      (step === 'complete' ? 'merchant_prepare_id + ' : '') +
      'amount + action + sign_time). Always HTTP 200 with `error`: 0 ok, −1 sign check failed, −2 wrong amount, ' +
      '−3 action not found, −4 already paid, −5 order not found, −6 transaction not found, −7 failed to update, ' +
      '−8 bad request, −9 cancelled.' +
      (step === 'complete'
        ? ' A Complete with error < 0 from Click cancels the payment (answer −9; the order stays payable).'
        : ' A Prepare repeating a click_trans_id answers its transaction as it stands: the same merchant_prepare_id ' +
          'while prepared, −4 once paid, −9 once cancelled.'),
    request: {
      body: {
        content: {
          'application/x-www-form-urlencoded': {
            schema: z.object({
              click_trans_id: z.string(),
              service_id: z.string(),
              click_paydoc_id: z.string().optional(),
              merchant_trans_id: z.string(),
              ...(step === 'complete' ? { merchant_prepare_id: z.string() } : {}),
              amount: z.string(),
              action: z.string(),
              error: z.string().optional(),
              error_note: z.string().optional(),
              sign_time: z.string(),
              sign_string: z.string(),
            }),
          },
        },
      },
    },
    responses: {
      200: jsonContent(
        z.object({
          click_trans_id: z.number().nullable(),
          merchant_trans_id: z.string().nullable(),
          merchant_prepare_id: z.number().optional(),
          merchant_confirm_id: z.number().optional(),
          error: z.number().int(),
          error_note: z.string(),
        }),
        'Click answer',
      ),
    },
  })
