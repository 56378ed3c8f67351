import { message } from '../../../http/messages.ts'
import { logger } from '../../../log.ts'
import { httpOutcome, observeProvider } from '../../../metrics.ts'
import { CardCodeError, type CardProvider, CardProviderError } from '../card-provider.ts'
import { tiyin } from '../provider.ts'

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

/** The parts of Payme's results this client reads: any may be missing or of another kind, so each is checked. */
type RpcResult = {
  card?: { token?: unknown; verify?: unknown }
  phone?: unknown
  receipt?: { _id?: unknown; state?: unknown }
}

/**
 * One Payme Subscribe API client (JSON-RPC over POST). `server` calls (cards
 * removal, receipts) authenticate with `X-Auth: <merchant id>:<key>`, the
 * others with the merchant id alone.
 */
function paymeRpc(options: PaymeCardOptions) {
  let sequence = 0
  return async function call(method: string, params: Record<string, unknown>, server = false): Promise<RpcResult> {
    const signal = AbortSignal.timeout(options.timeoutMs)
    let response: Response
    try {
      response = await observeProvider(
        { provider: 'payme', operation: method },
        () =>
          fetch(options.url, {
            method: 'POST',
            headers: {
              'Content-Type': 'application/json',
              'X-Auth': server && options.key ? `${options.merchantId}:${options.key}` : options.merchantId,
            },
            body: JSON.stringify({ id: ++sequence, method, params }),
            signal,
          }),
        { signal, outcomeOf: httpOutcome },
      )
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
    return answer.result as RpcResult
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
          logger().warn(`cards: receipt ${receiptId} could not be cancelled: ${(cause as Error).message}`),
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
