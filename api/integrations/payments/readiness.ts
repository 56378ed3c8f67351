import type { Config } from '../../config.ts'
import type { ProviderName } from './provider.ts'

/**
 * What `npm run preflight` knows of a payment provider before a live start:
 * what is wrong with its settings (nothing is called: the provider calls the
 * shop), and the shop's addresses to register in its merchant cabinet, under
 * /api/v1/. A new provider is one more entry.
 */
export type PaymentReadiness = {
  /** Settings missing or of the wrong shape; empty when it can take payments. */
  problems(config: Config): (string | false)[]
  /** Worth knowing, not stopping a start (a refund path that needs one more setting). */
  notes?(config: Config): (string | false)[]
  /** The callbacks the provider must be given, relative to /api/v1/. */
  endpoints: string[]
  /** Where the operator registers them. */
  cabinet: string
}

const digits = /^\d+$/

export const paymentReadiness: Record<ProviderName, PaymentReadiness> = {
  sandbox: {
    problems: () => ['on its page anyone approves their own payment: set PAYMENT_PROVIDER to payme, click or uzum'],
    endpoints: [],
    cabinet: '',
  },
  payme: {
    problems: (config) => [
      !config.PAYME_MERCHANT_ID
        ? 'PAYME_MERCHANT_ID is not set'
        : !/^[0-9a-f]{24}$/.test(config.PAYME_MERCHANT_ID) &&
          `PAYME_MERCHANT_ID ${config.PAYME_MERCHANT_ID} is not a Payme merchant id (24 hexadecimal digits, from the cabinet)`,
      !config.PAYME_KEY && 'PAYME_KEY is not set (the key Payme signs its calls with; the test key in its sandbox)',
    ],
    endpoints: ['payments/payme/'],
    cabinet: 'the Payme merchant cabinet (business.payme.uz), as the endpoint URL',
  },
  click: {
    problems: (config) => [
      !config.CLICK_SERVICE_ID
        ? 'CLICK_SERVICE_ID is not set'
        : !digits.test(config.CLICK_SERVICE_ID) && `CLICK_SERVICE_ID ${config.CLICK_SERVICE_ID} is not a number`,
      !config.CLICK_MERCHANT_ID
        ? 'CLICK_MERCHANT_ID is not set'
        : !digits.test(config.CLICK_MERCHANT_ID) && `CLICK_MERCHANT_ID ${config.CLICK_MERCHANT_ID} is not a number`,
      !config.CLICK_SECRET_KEY && 'CLICK_SECRET_KEY is not set (the key Click signs its calls with)',
    ],
    notes: (config) => [
      !config.CLICK_MERCHANT_USER_ID &&
        'CLICK_MERCHANT_USER_ID is not set: the shop cannot send refunds to Click (they stay pending)',
    ],
    endpoints: ['payments/click/prepare/', 'payments/click/complete/'],
    cabinet: 'the Click merchant cabinet (merchant.click.uz), as the Prepare and Complete URLs',
  },
  uzum: {
    problems: (config) => [
      !config.UZUM_SERVICE_ID && 'UZUM_SERVICE_ID is not set',
      !config.UZUM_LOGIN && 'UZUM_LOGIN is not set (the Basic login Uzum Bank calls the shop with)',
      !config.UZUM_PASSWORD && 'UZUM_PASSWORD is not set',
    ],
    endpoints: ['check', 'create', 'confirm', 'reverse', 'status'].map((operation) => `payments/uzum/${operation}/`),
    cabinet: "Uzum Bank's merchant cabinet, as the service's webhook URLs (its payment field: order_id)",
  },
}
