import { and, eq, lt, sql } from 'drizzle-orm'
import { deriveKey, hmac, randomCode, randomToken, sameDigest } from '../../auth/crypto.ts'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import { savedCards } from '../../db/schema/index.ts'
import type { Lang } from '../../http/locale.ts'
import { message } from '../../http/messages.ts'
import type { SmsProvider } from '../sms/provider.ts'
import { tiyin } from './checkout.ts'

/**
 * Card tokenisation (saved cards). The shop hands the number to the provider
 * once and keeps only its token; the provider confirms the card with an SMS
 * code. PAYMENT_PROVIDER=payme uses the Payme Subscribe API; anything else the
 * offline sandbox (Click has no card API here).
 */
export interface CardProvider {
  readonly name: 'sandbox' | 'payme'
  /** Registers the card (16 digits, expiry `MM/YY`); returns the provider's token. */
  create(card: { number: string; expiry: string }): Promise<{ token: string }>
  /** Sends the confirmation code; returns the phone it went to, masked. */
  sendCode(token: string, context: CodeContext): Promise<{ phoneMasked: string }>
  /** Confirms the card with the code; throws `CardCodeError` for a code that is not accepted. */
  verify(token: string, code: string, lang: Lang): Promise<void>
  /** Forgets the token at the provider. */
  remove(token: string): Promise<void>
  /**
   * Charges a confirmed card (`amount` in whole sum) for the order; returns
   * the provider's receipt id. Throws `CardProviderError`: `rejected` (the
   * card was declined), `timeout` or `unavailable`; a receipt left unfinished
   * by the failure is cancelled, so no money stays taken.
   */
  charge(token: string, payment: { amount: number; orderId: number; lang: Lang }): Promise<{ receiptId: string }>
  /** Cancels a paid charge (the money goes back to the card); throws `CardProviderError`. */
  refund(receiptId: string): Promise<void>
}

/** Who gets the code: the customer's own phone (sandbox; Payme uses the bank's), in their language. */
export type CodeContext = { phone: string | null; lang: Lang; masked: string }

/**
 * The provider could not be reached in time (`timeout`), failed (`unavailable`:
 * network, 5xx, an unreadable answer) or refused the card (`rejected`, with
 * its error code). Messages never hold the card number.
 */
export class CardProviderError extends Error {
  override readonly name = 'CardProviderError'
  constructor(
    readonly reason: 'timeout' | 'unavailable' | 'rejected',
    message: string,
    readonly code?: number,
  ) {
    super(message)
  }
}

/** A confirmation code that was not accepted: the customer-facing text, already localised. */
export class CardCodeError extends Error {
  override readonly name = 'CardCodeError'
  constructor(
    readonly status: 400 | 429,
    readonly detail: string,
  ) {
    super(detail)
  }
}

/**
 * The sandbox declines a charge to a card whose number ends in these digits
 * (e.g. 8600 0000 0000 0002), like a card without enough money.
 */
export const SANDBOX_DECLINED_ENDING = '0002'
const sandboxReceipt = 'sandbox_receipt_'

export const cardCodeLimits = {
  /** Seconds a sandbox code is valid. */
  ttl: 5 * 60,
  /** Tries per code. */
  maxAttempts: 5,
} as const

/** `+998 93 *** ** 67`. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '')
  if (digits.length !== 12) return '***'
  return `+${digits.slice(0, 3)} ${digits.slice(3, 5)} *** ** ${digits.slice(-2)}`
}

/**
 * The offline provider: random tokens; the 6-digit code goes through the
 * shop's SMS provider to the customer's phone and is kept as an HMAC on the
 * card row with its expiry (5 minutes) and tries (5).
 */
export function sandboxCardProvider(options: {
  db: Db
  sms: SmsProvider
  secret: string
  now: () => Date
}): CardProvider {
  const { db, sms, now } = options
  const key = deriveKey(options.secret, 'atir/card-code/v1')
  const digest = (token: string, code: string) => hmac(key, `${token}:${code}`)
  return {
    name: 'sandbox',
    async create() {
      return { token: `sandbox_${randomToken(24)}` }
    },
    async sendCode(token, { phone, lang, masked }) {
      if (!phone) throw new CardProviderError('rejected', 'the customer has no phone number')
      const code = randomCode()
      await db
        .update(savedCards)
        .set({
          codeHash: digest(token, code),
          codeExpiresAt: new Date(now().getTime() + cardCodeLimits.ttl * 1000),
          attempts: 0,
        })
        .where(eq(savedCards.token, token))
      await sms.send({ to: phone, text: message(lang, 'card_sms_code', { masked, code }) })
      return { phoneMasked: maskPhone(phone) }
    },
    async verify(token, code, lang) {
      const [row] = await db.select().from(savedCards).where(eq(savedCards.token, token)).limit(1)
      if (!row?.codeHash || !row.codeExpiresAt) throw new CardCodeError(400, message(lang, 'code_session_invalid'))
      if (row.codeExpiresAt <= now()) throw new CardCodeError(400, message(lang, 'code_expired'))
      const exhausted = () => new CardCodeError(429, message(lang, 'code_attempts_exhausted'))
      // Count the try first, atomically, so parallel guesses cannot exceed the limit.
      const [counted] = await db
        .update(savedCards)
        .set({ attempts: sql`${savedCards.attempts} + 1` })
        .where(and(eq(savedCards.id, row.id), lt(savedCards.attempts, cardCodeLimits.maxAttempts)))
        .returning({ attempts: savedCards.attempts })
      if (!counted) throw exhausted()
      if (!sameDigest(digest(token, code), row.codeHash)) {
        const left = cardCodeLimits.maxAttempts - counted.attempts
        if (left <= 0) throw exhausted()
        throw new CardCodeError(400, message(lang, 'code_wrong', { left }))
      }
      await db.update(savedCards).set({ codeHash: null, codeExpiresAt: null }).where(eq(savedCards.id, row.id))
    },
    async remove() {},
    async charge(token) {
      const [row] = await db
        .select({ masked: savedCards.masked })
        .from(savedCards)
        .where(eq(savedCards.token, token))
        .limit(1)
      if (!row) throw new CardProviderError('rejected', 'sandbox: unknown card token')
      if (row.masked.endsWith(SANDBOX_DECLINED_ENDING))
        throw new CardProviderError('rejected', `sandbox: cards ending in ${SANDBOX_DECLINED_ENDING} are declined`)
      return { receiptId: sandboxReceipt + randomToken(12) }
    },
    async refund(receiptId) {
      if (!receiptId.startsWith(sandboxReceipt))
        throw new CardProviderError('rejected', 'sandbox: not a sandbox receipt')
    },
  }
}

export type PaymeCardOptions = {
  /** The Subscribe API endpoint, PAYME_API_URL. */
  url: string
  merchantId: string
  /** The merchant key, for the server-side calls (`X-Auth: id:key`). */
  key?: string
  /** Deadline of one call. */
  timeoutMs: number
}

type RpcAnswer = { result?: unknown; error?: { code?: unknown; message?: unknown } }

/**
 * One Payme Subscribe API client (JSON-RPC over POST). `server` calls (cards
 * removal, receipts) authenticate with `X-Auth: <merchant id>:<key>`, the
 * others with the merchant id alone.
 */
function paymeRpc(options: PaymeCardOptions) {
  let sequence = 0
  return async function call(method: string, params: Record<string, unknown>, server = false): Promise<any> {
    const signal = AbortSignal.timeout(options.timeoutMs)
    let response: Response
    try {
      response = await fetch(options.url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-Auth': server && options.key ? `${options.merchantId}:${options.key}` : options.merchantId,
        },
        body: JSON.stringify({ id: ++sequence, method, params }),
        signal,
      })
    } catch {
      // The fetch error may quote the request; only its kind is kept.
      if (signal.aborted)
        throw new CardProviderError('timeout', `Payme ${method} did not answer within ${options.timeoutMs} ms`)
      throw new CardProviderError('unavailable', `Payme ${method} could not be reached`)
    }
    // JSON-RPC errors come with HTTP 200; any other status is Payme (or a proxy) failing.
    const answer = response.ok ? ((await response.json().catch(() => null)) as RpcAnswer | null) : null
    if (answer?.error && typeof answer.error === 'object') {
      const code = typeof answer.error.code === 'number' ? answer.error.code : undefined
      throw new CardProviderError('rejected', `Payme ${method} refused with error ${code ?? '?'}`, code)
    }
    if (!answer || answer.result === undefined)
      throw new CardProviderError('unavailable', `Payme ${method} answered HTTP ${response.status}`)
    return answer.result
  }
}

/** Payme receipt states (Subscribe API): 4 paid; 21 queued for cancelling, 50 cancelled. */
export const PaymeReceiptState = { paid: 4, cancelQueued: 21, cancelled: 50 } as const

/**
 * Payme Subscribe API: `cards.create` (number, expire `MMYY`, save),
 * `cards.get_verify_code`, `cards.verify` with `X-Auth: <merchant id>`;
 * `cards.remove` and the receipts (`receipts.create` with the amount in tiyin
 * and `account.order_id`, `receipts.pay` with the card token,
 * `receipts.cancel`) with `X-Auth: <merchant id>:<key>`. Payme sends the code
 * to the phone the bank knows for the card.
 */
export function paymeCardProvider(options: PaymeCardOptions): CardProvider {
  const call = paymeRpc(options)

  return {
    name: 'payme',
    async create({ number, expiry }) {
      const result = await call('cards.create', { card: { number, expire: expiry.replace('/', '') }, save: true })
      const token = result?.card?.token
      if (typeof token !== 'string' || !token)
        throw new CardProviderError('unavailable', 'Payme cards.create answered without a token')
      return { token }
    },
    async sendCode(token) {
      const result = await call('cards.get_verify_code', { token })
      return { phoneMasked: typeof result?.phone === 'string' ? result.phone : '***' }
    },
    async verify(token, code, lang) {
      try {
        const result = await call('cards.verify', { token, code })
        if (result?.card && result.card.verify === false)
          throw new CardCodeError(400, message(lang, 'card_code_rejected'))
      } catch (error) {
        if (error instanceof CardProviderError && error.reason === 'rejected')
          throw new CardCodeError(400, message(lang, 'card_code_rejected'))
        throw error
      }
    },
    async remove(token) {
      await call('cards.remove', { token }, true)
    },
    async charge(token, { amount, orderId, lang }) {
      const created = await call(
        'receipts.create',
        {
          amount: tiyin(amount),
          account: { order_id: String(orderId) },
          description: message(lang, 'card_receipt_description', { order: orderId }),
        },
        true,
      )
      const receiptId = created?.receipt?._id
      if (typeof receiptId !== 'string' || !receiptId)
        throw new CardProviderError('unavailable', 'Payme receipts.create answered without a receipt id')
      try {
        const paid = await call('receipts.pay', { id: receiptId, token }, true)
        if (paid?.receipt?.state !== PaymeReceiptState.paid)
          throw new CardProviderError(
            'rejected',
            `Payme receipts.pay left the receipt in state ${paid?.receipt?.state}`,
          )
      } catch (error) {
        // A pay call that failed or timed out may still complete at Payme: cancel the receipt so no money stays taken.
        await call('receipts.cancel', { id: receiptId }, true).catch((cause) =>
          console.warn(`cards: receipt ${receiptId} could not be cancelled: ${(cause as Error).message}`),
        )
        throw error
      }
      return { receiptId }
    },
    async refund(receiptId) {
      const result = await call('receipts.cancel', { id: receiptId }, true)
      const state = result?.receipt?.state
      if (state !== PaymeReceiptState.cancelled && state !== PaymeReceiptState.cancelQueued)
        throw new CardProviderError('unavailable', `Payme receipts.cancel left the receipt in state ${state}`)
    },
  }
}

/** The provider PAYMENT_PROVIDER chooses; Payme needs PAYME_MERCHANT_ID. */
export function createCardProvider(deps: {
  db: Db
  config: Config
  sms: SmsProvider
  now: () => Date
  timeoutMs?: number
}): CardProvider {
  const { config } = deps
  if (config.PAYMENT_PROVIDER === 'payme') {
    if (!config.PAYME_MERCHANT_ID) throw new Error('PAYMENT_PROVIDER=payme needs PAYME_MERCHANT_ID')
    return paymeCardProvider({
      url: config.PAYME_API_URL,
      merchantId: config.PAYME_MERCHANT_ID,
      key: config.PAYME_KEY,
      timeoutMs: deps.timeoutMs ?? config.PAYMENT_TIMEOUT_MS,
    })
  }
  return sandboxCardProvider({ db: deps.db, sms: deps.sms, secret: config.sessionSecret, now: deps.now })
}
