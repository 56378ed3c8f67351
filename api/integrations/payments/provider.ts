/**
 * Where the customer is sent to pay an order online. Payme's, Click's and
 * Uzum Bank's pages are theirs; the sandbox page is the storefront's own
 * (`/{lang}/payment/sandbox/{payment_id}`), which approves or declines through
 * POST payments/sandbox/{payment_id}/complete/.
 */
export type ProviderName = 'sandbox' | 'payme' | 'click' | 'uzum'

export const tiyin = (sum: number) => Math.round(sum * 100)
