/**
 * How a payment gives money back at the shop's request: `part` any part of it
 * (the sandbox and its test cards: nothing real moves), `whole` only all of it
 * at once (Click's payment reversal, cancelling a saved card's Payme receipt),
 * `none` not at all (a Payme checkout payment is returned from the Payme
 * cabinet, which then calls CancelTransaction; an Uzum Bank payment by Uzum,
 * which then calls reverse: its Merchant API takes no request from the shop;
 * cash is handed back by staff).
 */
export function refundShape(provider: string): 'part' | 'whole' | 'none' {
  if (provider === 'sandbox' || provider === 'card:sandbox') return 'part'
  if (provider === 'click' || provider.startsWith('card:')) return 'whole'
  return 'none'
}

export const returnsAnyPart = (provider: string) => refundShape(provider) === 'part'
