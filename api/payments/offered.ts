import type { Config } from '../config.ts'
import { uzumService } from '../integrations/payments/uzum/protocol.ts'
import { PaymentMethod } from '../orders/states.ts'

/** The methods an order may be paid by: Uzum only once its service is set up (or the demo plays it). */
export const offeredPaymentMethods = (config: Config): PaymentMethod[] =>
  PaymentMethod.filter((method) => method !== 'uzum' || uzumService(config) !== null)
