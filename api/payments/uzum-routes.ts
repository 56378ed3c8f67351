import { z } from '@hono/zod-openapi'
import type { ApiDeps, createRouter } from '../http/context.ts'
import { routeGroup } from '../http/openapi.ts'
import { jsonContent } from '../http/schemas.ts'
import { handleUzum } from '../integrations/payments/uzum/merchant.ts'
import {
  UzumCode,
  type UzumOperation,
  uzumFailure,
  uzumOperations,
  uzumRequests,
} from '../integrations/payments/uzum/protocol.ts'

const route = routeGroup({ tags: ['payments'] })

const uzumAnswer = z
  .object({
    serviceId: z.union([z.number(), z.string()]).nullable(),
    transId: z.string().nullable().optional(),
    status: z.enum(['OK', 'CREATED', 'CONFIRMED', 'REVERSED', 'FAILED']),
    timestamp: z.number().int().optional(),
    transTime: z.number().int().nullable().optional(),
    confirmTime: z.number().int().nullable().optional(),
    reverseTime: z.number().int().nullable().optional(),
    data: z.object({ order_id: z.object({ value: z.string() }) }).optional(),
    amount: z.number().int().optional().openapi({ description: 'In tiyin' }),
    errorCode: z.number().int().optional(),
  })
  .openapi('UzumAnswer')

const uzumSummaries = {
  check: 'may the order be paid (for `amount`, when given): OK; nothing is written',
  create:
    'opens the transaction for exactly what the order owes: CREATED. The same transId again answers the same while ' +
    'it is created (10010 once it is not, or for another order or amount); another transId is refused (99999) ' +
    'while a created one holds the order (30 minutes), and fails that one after',
  confirm:
    'Uzum took the money: CONFIRMED, the order paid and accepted (3); the same again answers the same. A reversed ' +
    'or failed transaction: 10015. An order that no longer takes it (cancelled: 10009, paid otherwise: 10008) ' +
    'fails the transaction, so Uzum gives the money back',
  reverse:
    'REVERSED: before confirm the order stays payable; after it the order is cancelled (stock, cashback and promo ' +
    'use back) and refunded, 10017 once delivered; the same again answers the same; a failed transaction: 10018',
  status: 'the transaction as it stands, final or not: CREATED, CONFIRMED, REVERSED or FAILED, with its three times',
} satisfies Record<UzumOperation, string>

const uzumRoute = (operation: UzumOperation) =>
  route.post(`/payments/uzum/${operation}/`, {
    summary: `Uzum Bank Merchant API ${operation} (Uzum calls it)`,
    description:
      `${uzumSummaries[operation]}. ` +
      'Register `{PUBLIC_URL}/api/v1/payments/uzum` in the Uzum cabinet. `Authorization: Basic ' +
      'base64(UZUM_LOGIN:UZUM_PASSWORD)`, `serviceId` = UZUM_SERVICE_ID, `params.order_id` the order number; ' +
      'amounts in tiyin, times in ms. A FAILED answer carries `errorCode`: 10001 access denied, 10002 bad JSON, ' +
      '10003 unknown operation (or not POST), 10005 a required parameter missing, 10006 another service, ' +
      '10007 no such order payable online, 10008 already paid, 10009 cancelled or ' +
      'expired, 10010 transaction exists, 10011 wrong amount, 10014 no such transaction, 10015 transaction ' +
      'cancelled, 10017 cannot be reversed, 10018 already cancelled, 99999 the order is held by another ' +
      'transaction (or, with HTTP 500, the shop failed: ask /status).',
    request: { body: { content: { 'application/json': { schema: uzumRequests[operation] } } } },
    responses: {
      200: jsonContent(uzumAnswer, 'Uzum answer, FAILED ones too'),
      500: jsonContent(uzumAnswer, 'FAILED, errorCode 99999: the shop failed; Uzum asks status'),
    },
  })

/**
 * Uzum Bank's webhooks, `POST payments/uzum/{check|create|confirm|reverse|status}/`, on the providers'
 * router. Registered without validation: every failure, even unparsable JSON, must be Uzum's FAILED answer.
 */
export function uzumWebhooks(router: ReturnType<typeof createRouter>, deps: ApiDeps) {
  const {
    database: { db },
    config,
  } = deps
  for (const operation of uzumOperations) router.openAPIRegistry.registerPath(uzumRoute(operation))
  router.post('/payments/uzum/:operation/', async (c) => {
    const now = deps.now?.() ?? new Date()
    const answer = await handleUzum(db, c.req.param('operation'), c.req.header('authorization'), await c.req.text(), {
      config,
      now,
    })
    return c.json(answer.body, answer.http)
  })
  router.on(['GET', 'PUT', 'PATCH', 'DELETE'], '/payments/uzum/:operation/', (c) => {
    const answer = uzumFailure(UzumCode.unknownOperation, { serviceId: null }, deps.now?.() ?? new Date())
    return c.json(answer.body, answer.http)
  })
}
