/** One text message to one Uzbek number. */
export type SmsMessage = {
  /** E.164, `+998…` */
  to: string
  text: string
}

/** Sends SMS; the shop's code messages go through this and nothing else. */
export interface SmsProvider {
  readonly name: string
  /** Resolves once the provider accepted the message; rejects with an `SmsError`. */
  send(message: SmsMessage): Promise<void>
}

/**
 * Why a message could not be sent: the provider did not answer in time,
 * answered with an error (5xx, network), or refused this message (4xx).
 * Callers answer the customer 503 in every case.
 */
export class SmsError extends Error {
  override readonly name = 'SmsError'
  readonly reason: 'timeout' | 'unavailable' | 'rejected'
  // Fields assigned, not parameter properties: `npm run preflight` loads this under plain Node (type stripping).
  constructor(reason: SmsError['reason'], message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.reason = reason
  }
}
