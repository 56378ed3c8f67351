import type { Config } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import type { SmsProvider } from '../sms/provider.ts'
import type { CardProvider } from './card-provider.ts'
import { paymeCardProvider } from './payme/subscribe.ts'
import { sandboxCardProvider } from './sandbox/cards.ts'

/** The provider PAYMENT_PROVIDER chooses; Payme needs PAYME_MERCHANT_ID. */
export function createCardProvider(deps: {
  db: Db
  config: Config
  sms: SmsProvider
  now: () => Date
  timeoutMs?: number
}): CardProvider {
  const { config } = deps
  if (config.PAYMENT_PROVIDER === 'payme') {
    if (!config.PAYME_MERCHANT_ID) throw new Error('PAYMENT_PROVIDER=payme needs PAYME_MERCHANT_ID')
    return paymeCardProvider({
      url: config.PAYME_API_URL,
      merchantId: config.PAYME_MERCHANT_ID,
      key: config.PAYME_KEY,
      timeoutMs: deps.timeoutMs ?? config.PAYMENT_TIMEOUT_MS,
    })
  }
  return sandboxCardProvider({ db: deps.db, sms: deps.sms, secret: config.sessionSecret, now: deps.now })
}
