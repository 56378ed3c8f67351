import { timingSafeEqual } from 'node:crypto'
import { z } from '@hono/zod-openapi'
import type { Config } from '../../../config.ts'

// Uzum Bank Merchant API (docs/orders-and-payments.md "Uzum Bank"): Uzum calls five webhooks of the shop
// by POST with JSON, authorised by HTTP Basic with the login and password it issued for the service;
// amounts in tiyin, times in ms. Every answer carries `status`: OK, CREATED, CONFIRMED, REVERSED, or
// FAILED with an `errorCode`. This file is the wire: codes, requests, answers, authorization.

export const uzumOperations = ['check', 'create', 'confirm', 'reverse', 'status'] as const
export type UzumOperation = (typeof uzumOperations)[number]
export const isUzumOperation = (name: string): name is UzumOperation =>
  (uzumOperations as readonly string[]).includes(name)

/** The `errorCode` of a FAILED answer, as the Merchant API numbers them. */
export const UzumCode = {
  accessDenied: 10001,
  badJson: 10002,
  unknownOperation: 10003,
  missingParameters: 10005,
  wrongServiceId: 10006,
  /** "Additional payment attribute not found": no order online-payable by that number. */
  orderNotFound: 10007,
  alreadyPaid: 10008,
  paymentCancelled: 10009,
  transactionExists: 10010,
  wrongAmount: 10011,
  transactionNotFound: 10014,
  transactionCancelled: 10015,
  cannotReverse: 10017,
  alreadyCancelled: 10018,
  /** "Data check error": the order is held by another transaction, or the shop failed (HTTP 500). */
  checkFailed: 99999,
} as const

/** A transaction as Uzum reads it. */
export type UzumState = 'CREATED' | 'CONFIRMED' | 'REVERSED' | 'FAILED'

/** HTTP 200 for every answer, FAILED ones too (Uzum reads `status` and `errorCode`); 500 when the shop failed. */
export type UzumAnswer = { http: 200 | 500; body: Record<string, unknown> }

/**
 * The service Uzum calls for: the UZUM_* settings; in demo mode (PAYMENT_PROVIDER=sandbox) without
 * them, the demo's own, with which the sandbox page (sandbox/uzum.ts) or a curl plays Uzum. Null: no
 * call is accepted.
 */
export const demoUzumService = { serviceId: '1000', login: 'uzum-demo', password: 'uzum-demo' } as const
export type UzumService = { serviceId: string; login: string; password: string }

export function uzumService(config: Config): UzumService | null {
  const { UZUM_SERVICE_ID: serviceId, UZUM_LOGIN: login, UZUM_PASSWORD: password } = config
  if (serviceId && login && password) return { serviceId, login, password }
  return config.PAYMENT_PROVIDER === 'sandbox' ? demoUzumService : null
}

export const uzumBasicAuth = (service: UzumService) =>
  `Basic ${Buffer.from(`${service.login}:${service.password}`, 'utf8').toString('base64')}`

/** `Authorization: Basic base64(login:password)` of the service, compared in constant time. */
export function uzumAuthorized(header: string | undefined, service: UzumService | null) {
  if (!service || !header?.startsWith('Basic ')) return false
  const given = Buffer.from(header.slice(6).trim(), 'base64')
  const expected = Buffer.from(`${service.login}:${service.password}`, 'utf8')
  return given.length === expected.length && timingSafeEqual(given, expected)
}

const serviceId = z
  .union([z.number().int().nonnegative(), z.string().regex(/^\d{1,18}$/)])
  .openapi({ description: 'The service Uzum Bank issued (UZUM_SERVICE_ID)', example: 1000 })
const timestamp = z.number().int().openapi({ description: 'When Uzum sent the call, ms', example: 1767225600000 })
const transId = z
  .string()
  .min(1)
  .max(100)
  .openapi({ description: "Uzum's transaction id (a UUID)", example: '5c398d7e-8e25-4e8b-a2b5-2f2d58a6b1e7' })
const params = z
  .object({ order_id: z.union([z.string().max(20), z.number().int()]) })
  .openapi({ description: "The service's payment field: `order_id`, the order number" })
const amount = z.number().openapi({ description: 'In tiyin: what the order owes × 100', example: 12_300_000 })

/** What each webhook must carry; anything missing or of another type is 10005. */
export const uzumRequests = {
  check: z.object({ serviceId, timestamp, params, amount: amount.optional() }),
  create: z.object({ serviceId, timestamp, transId, params, amount }),
  confirm: z.object({
    serviceId,
    timestamp,
    transId,
    paymentSource: z.string().optional().openapi({ description: 'How the shopper paid (UZCARD, HUMO, …)' }),
    tariff: z.string().nullish(),
    processingReferenceNumber: z.string().nullish(),
    phone: z.string().optional(),
  }),
  reverse: z.object({ serviceId, timestamp, transId }),
  status: z.object({ serviceId, timestamp, transId }),
} satisfies Record<UzumOperation, z.ZodType>

export type UzumRequest<K extends UzumOperation> = z.infer<(typeof uzumRequests)[K]>

/** What a FAILED answer echoes of the request: its service and transaction, when it named them. */
export function echoOf(body: unknown): { serviceId: unknown; transId?: unknown } {
  const fields = body && typeof body === 'object' ? (body as Record<string, unknown>) : {}
  const named = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? v : null)
  return {
    serviceId: named(fields.serviceId),
    ...(fields.transId === undefined ? {} : { transId: named(fields.transId) }),
  }
}

export const uzumOk = (body: Record<string, unknown>): UzumAnswer => ({ http: 200, body })

export function uzumFailure(
  code: number,
  echo: { serviceId: unknown; transId?: unknown },
  now: Date,
  http?: 500,
): UzumAnswer {
  return { http: http ?? 200, body: { ...echo, timestamp: now.getTime(), status: 'FAILED', errorCode: code } }
}
