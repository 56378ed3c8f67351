import { BASKET_TOTAL_MAX } from '#contract/basket.ts'
import { deliveryZone } from '#contract/regions.ts'
import type { Config } from '../config.ts'
import { ApiError } from '../http/errors.ts'
import type { Lang } from '../http/locale.ts'
import { groupedNumber, message } from '../http/messages.ts'
import type { Delivery } from './states.ts'

/** VAT is included in every price (REFERENCE-UZ: 12 % since 2023): the included part of `gross`. */
export const VAT_PERCENT = 12
export const includedVat = (gross: number) => Math.round((gross * VAT_PERCENT) / (100 + VAT_PERCENT))

/** Courier price for `region` and the goods total after the discount; pickup is free. */
export function deliveryPrice(config: Config, delivery: Delivery, region: string | null, goods: number) {
  if (delivery === 'pickup') return 0
  if (config.DELIVERY_FREE_FROM > 0 && goods >= config.DELIVERY_FREE_FROM) return 0
  return deliveryZone(region) === 'tashkent' ? config.DELIVERY_PRICE_TASHKENT : config.DELIVERY_PRICE_REGIONS
}

/** Cashback a delivered order earns: CASHBACK_RATE of the goods paid in money (not by promo or cashback). */
export const earnedCashback = (config: Config, paidGoods: number) => Math.floor(paidGoods * config.CASHBACK_RATE)

export type MoneyInput = {
  /** The goods at today's prices. */
  subtotal: number
  /** The promo code's discount on `subtotal`. */
  discount: number
  /** The customer's cashback balance. */
  balance: number
  /** true: as much of the balance as the goods allow; a number: that much (at most the goods); false: none. */
  useCashback: boolean | number
  delivery: Delivery
  /** The courier's region (null for pickup). */
  region: string | null
}

/**
 * The money of an order: what the checkout's preview shows and what placing
 * the order records (one function, so the two cannot disagree). Whether a
 * number of cashback is within the balance is the caller's check.
 */
export function orderMoney(config: Config, input: MoneyInput) {
  const goods = input.subtotal - input.discount
  const cashbackUsed =
    typeof input.useCashback === 'number'
      ? Math.min(input.useCashback, goods)
      : input.useCashback
        ? Math.min(input.balance, goods)
        : 0
  const delivery = deliveryPrice(config, input.delivery, input.region, goods)
  const total = goods - cashbackUsed + delivery
  return {
    goods,
    cashbackUsed,
    deliveryPrice: delivery,
    total,
    vat: includedVat(total),
    cashbackEarned: earnedCashback(config, goods - cashbackUsed),
  }
}

/**
 * The goods of one order may cost at most BASKET_TOTAL_MAX: the basket holds
 * to it, but prices may have risen since a line was added. 400 saying so.
 */
export function checkGoodsWithin(lang: Lang, subtotal: number) {
  if (subtotal <= BASKET_TOTAL_MAX) return
  throw new ApiError(400, message(lang, 'order_total_max', { max: groupedNumber(BASKET_TOTAL_MAX) }))
}

/** A number of cashback to spend must be within the balance (field `use_cashback`); true spends what there is. */
export function checkCashbackWithin(lang: Lang, useCashback: boolean | number, balance: number) {
  if (typeof useCashback !== 'number' || useCashback <= balance) return
  const text = message(lang, 'cashback_above_balance', { balance })
  throw new ApiError(400, text, [{ field: 'use_cashback', message: text }])
}
