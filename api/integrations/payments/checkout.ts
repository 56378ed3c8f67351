/**
 * Where the customer is sent to pay an order online. Payme and Click pages
 * are theirs; the sandbox page is the storefront's own
 * (`/{lang}/payment/sandbox/{payment_id}`), which approves or declines through
 * POST payments/sandbox/{payment_id}/complete/.
 */
export type ProviderName = 'sandbox' | 'payme' | 'click'

export const tiyin = (sum: number) => Math.round(sum * 100)

/** Payme checkout: base64 of `m=…;ac.order_id=…;a=<tiyin>;l=…;c=<return url>` (REFERENCE-UZ). */
export function paymeCheckoutUrl(options: {
  baseUrl: string
  merchantId: string
  orderId: number
  amount: number
  lang: 'ru' | 'uz' | 'en'
  returnUrl: string
}): string {
  const params = [
    `m=${options.merchantId}`,
    `ac.order_id=${options.orderId}`,
    `a=${tiyin(options.amount)}`,
    `l=${options.lang}`,
    `c=${options.returnUrl}`,
  ].join(';')
  const base = options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`
  return base + Buffer.from(params, 'utf8').toString('base64')
}

/** Click pay button: my.click.uz/services/pay with the order as transaction_param. */
export function clickPayUrl(options: {
  baseUrl: string
  serviceId: string
  merchantId: string
  orderId: number
  amount: number
  returnUrl: string
}): string {
  const url = new URL(options.baseUrl)
  url.searchParams.set('service_id', options.serviceId)
  url.searchParams.set('merchant_id', options.merchantId)
  url.searchParams.set('amount', String(options.amount))
  url.searchParams.set('transaction_param', String(options.orderId))
  url.searchParams.set('return_url', options.returnUrl)
  return url.toString()
}
