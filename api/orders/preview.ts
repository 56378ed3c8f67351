import { eq } from 'drizzle-orm'
import { basketGoodsTotal } from '../cart/service.ts'
import type { Config } from '../config.ts'
import type { Db } from '../db/client.ts'
import { users } from '../db/schema/index.ts'
import { ApiError } from '../http/errors.ts'
import type { Lang } from '../http/locale.ts'
import { message } from '../http/messages.ts'
import { offeredPaymentMethods } from '../payments/offered.ts'
import { checkCustomerLimit, checkTypedPromo, promoDiscount } from '../promo/service.ts'
import { checkCashbackWithin, checkGoodsWithin, orderMoney, VAT_PERCENT } from './money.ts'
import { Delivery } from './states.ts'

export type PreviewInput = {
  /** Without a region only pickup is priced. */
  region: string | null
  promo_code: string | null
  delivery?: Delivery | undefined
  use_cashback?: boolean | number | undefined
}

/**
 * What placing an order from the customer's basket would cost now, for each
 * delivery way and with and without cashback unless the input fixes them: the
 * same `orderMoney` as `createOrder`, the same promo checks and messages
 * (without using the code up), and the ways it may be paid; nothing
 * written. A typed code counts against the address's budget of failed promo
 * guesses like promo/check/.
 */
export async function previewOrder(
  db: Db,
  userId: number,
  input: PreviewInput,
  ctx: { lang: Lang; config: Config; now: Date; address: string | null },
) {
  const { lang, config, now } = ctx
  const subtotal = await basketGoodsTotal(db, `u:${userId}`)
  if (subtotal === 0) throw new ApiError(400, message(lang, 'order_basket_empty'))
  checkGoodsWithin(lang, subtotal)
  let discount = 0
  let promoCode: string | null = null
  if (input.promo_code) {
    const promo = await checkTypedPromo(
      db,
      { code: input.promo_code, subtotal, address: ctx.address },
      { limit: config.PROMO_FAILURES_PER_ADDRESS, now, lang },
    )
    await checkCustomerLimit(db, promo, userId, lang)
    discount = promoDiscount(promo, subtotal)
    promoCode = promo.code
  }
  const [user] = await db.select({ balance: users.cashbackBalance }).from(users).where(eq(users.id, userId))
  const balance = user?.balance ?? 0
  if (input.use_cashback !== undefined) checkCashbackWithin(lang, input.use_cashback, balance)

  const deliveries = input.delivery ? [input.delivery] : input.region ? Delivery : (['pickup'] as const)
  const cashbacks = input.use_cashback === undefined ? [false, true] : [input.use_cashback]
  const options = deliveries.flatMap((delivery) =>
    cashbacks.map((useCashback) => {
      const money = orderMoney(config, { subtotal, discount, balance, useCashback, delivery, region: input.region })
      return {
        delivery,
        use_cashback: useCashback,
        delivery_price: money.deliveryPrice,
        cashback_used: money.cashbackUsed,
        total: money.total,
        vat: money.vat,
        cashback_earned: money.cashbackEarned,
      }
    }),
  )
  return {
    subtotal,
    promo_code: promoCode,
    discount,
    cashback_balance: balance,
    vat_percent: VAT_PERCENT,
    options,
    payment_methods: offeredPaymentMethods(config),
  }
}
