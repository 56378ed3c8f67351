import { tiyin } from '../provider.ts'

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
