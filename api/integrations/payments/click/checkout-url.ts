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
