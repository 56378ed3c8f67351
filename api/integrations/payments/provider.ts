/**
 * Where the customer is sent to pay an order online. Payme and Click pages
 * are theirs; the sandbox page is the storefront's own
 * (`/{lang}/payment/sandbox/{payment_id}`), which approves or declines through
 * POST payments/sandbox/{payment_id}/complete/.
 */
export type ProviderName = 'sandbox' | 'payme' | 'click'

export const tiyin = (sum: number) => Math.round(sum * 100)
