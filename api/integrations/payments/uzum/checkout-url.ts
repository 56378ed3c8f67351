import { tiyin } from '../provider.ts'

/**
 * Uzum Bank's open-service link: the Uzum Bank app (its web page on a
 * computer) opens the shop's service with the order filled in; paying there
 * makes Uzum call the Merchant API webhooks (merchant.ts). `order_id` is the
 * service's payment field, the one Uzum sends back in `params`.
 */
export function uzumPayUrl(options: {
  baseUrl: string
  serviceId: string
  orderId: number
  amount: number
  returnUrl: string
}): string {
  const url = new URL(options.baseUrl)
  url.searchParams.set('serviceId', options.serviceId)
  url.searchParams.set('order_id', String(options.orderId))
  url.searchParams.set('amount', String(tiyin(options.amount)))
  url.searchParams.set('redirectUrl', options.returnUrl)
  return url.toString()
}
