import { createHash } from 'node:crypto'
import { httpOutcome, observeProvider } from '../../../metrics.ts'

/**
 * Click Merchant API payment reversal: `DELETE {base}payment/reversal/{service_id}/{payment_id}`
 * with `Auth: merchant_user_id:sha1(timestamp + secret_key):timestamp` (timestamp in
 * seconds). Click answers `{error_code, error_note, payment_id}`; 0 is done.
 */
export type ClickReversalOptions = {
  baseUrl: string
  serviceId: string
  merchantUserId: string
  secretKey: string
  timeoutMs: number
}

/** Why a reversal did not happen; the message never holds the secret or the Auth header. */
export class ClickReversalError extends Error {
  override readonly name = 'ClickReversalError'
}

export function clickAuthHeader(merchantUserId: string, secretKey: string, now: Date) {
  const timestamp = Math.floor(now.getTime() / 1000)
  const digest = createHash('sha1').update(`${timestamp}${secretKey}`).digest('hex')
  return `${merchantUserId}:${digest}:${timestamp}`
}

export async function reverseClickPayment(options: ClickReversalOptions, paymentId: string, now: Date) {
  const base = options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`
  const url = new URL(
    `payment/reversal/${encodeURIComponent(options.serviceId)}/${encodeURIComponent(paymentId)}`,
    base,
  )
  const signal = AbortSignal.timeout(options.timeoutMs)
  let response: Response
  try {
    response = await observeProvider(
      { provider: 'click', operation: 'payment/reversal' },
      () =>
        fetch(url, {
          method: 'DELETE',
          headers: {
            Accept: 'application/json',
            'Content-Type': 'application/json',
            Auth: clickAuthHeader(options.merchantUserId, options.secretKey, now),
          },
          signal,
        }),
      { signal, outcomeOf: httpOutcome },
    )
  } catch {
    throw new ClickReversalError(
      signal.aborted ? `Click reversal did not answer within ${options.timeoutMs} ms` : 'Click reversal unreachable',
    )
  }
  const body = (await response.json().catch(() => null)) as { error_code?: unknown; error_note?: unknown } | null
  if (!response.ok || !body || body.error_code !== 0) {
    const code = typeof body?.error_code === 'number' ? body.error_code : '?'
    const note = typeof body?.error_note === 'string' ? `: ${body.error_note.slice(0, 200)}` : ''
    throw new ClickReversalError(`Click reversal refused (HTTP ${response.status}, error_code ${code}${note})`)
  }
}
