import { PaymentMethod, PaymentStatus } from '#contract/orders.ts'
import type { Lang } from '../http/locale.ts'
import { message } from '../http/messages.ts'

/** A payment method as staff read it (`Карта`, `Payme`), in `lang`; an unknown code as it is. */
export function paymentMethodLabel(lang: Lang, method: string): string {
  return (PaymentMethod as readonly string[]).includes(method)
    ? message(lang, `payment_method_${method as PaymentMethod}`)
    : method
}

/** A payment state as staff read it (`Оплачен`, `Ждёт возврата`), in `lang`; an unknown code as it is. */
export function paymentStatusLabel(lang: Lang, status: string): string {
  return (PaymentStatus as readonly string[]).includes(status)
    ? message(lang, `payment_status_${status as PaymentStatus}`)
    : status
}
