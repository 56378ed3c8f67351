import type { Lang } from '../../http/locale.ts'

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
