import { describe, expect, it } from 'vitest'
import {
  cardDigits,
  cardExpirySchema,
  cardNumberSchema,
  cardSystem,
  expiryProblem,
  formatCardInput,
  maskCardNumber,
} from '#contract/card.ts'

// The shared card rules (contract/card.ts). The saved-card endpoints are not built yet.
describe('card validation', () => {
  it('recognises the payment system by prefix', () => {
    expect(cardSystem('8600069195406311')).toBe('uzcard')
    expect(cardSystem('5614000000000000')).toBe('uzcard')
    expect(cardSystem('9860000000000000')).toBe('humo')
    expect(cardSystem('5440000000000000')).toBe('mastercard')
    expect(cardSystem('4200000000000000')).toBe('visa')
    expect(cardSystem('1234000000000000')).toBeNull()
  })

  it('accepts 16 digits with spaces, masks and formats them', () => {
    expect(cardDigits('8600 0691 9540 6311')).toBe('8600069195406311')
    expect(cardDigits('8600 0691 9540 631')).toBeNull()
    expect(cardDigits('8600-0691-9540-631x')).toBeNull()
    expect(maskCardNumber('8600069195406311')).toBe('8600 **** **** 6311')
    expect(formatCardInput('860006919540631199')).toBe('8600 0691 9540 6311')
    expect(cardNumberSchema.safeParse('8600 0691 9540 6311').data).toBe('8600069195406311')
    expect(cardNumberSchema.safeParse('1234 5678 9012 3456').error?.issues[0]?.message).toBe('card_system_unknown')
    expect(cardNumberSchema.safeParse('8600').error?.issues[0]?.message).toBe('card_number_invalid')
  })

  it('checks the expiry MM/YY: month ≤ 12, not before this month, at most 5 years ahead', () => {
    const now = new Date(2026, 10, 22) // November 2026
    expect(expiryProblem('11/26', now)).toBeNull()
    expect(expiryProblem('10/26', now)).toBe('card_expired')
    expect(expiryProblem('12/25', now)).toBe('card_expired')
    expect(expiryProblem('13/27', now)).toBe('card_expiry_invalid')
    expect(expiryProblem('00/27', now)).toBe('card_expiry_invalid')
    expect(expiryProblem('1/27', now)).toBe('card_expiry_invalid')
    expect(expiryProblem('12/31', now)).toBeNull()
    expect(expiryProblem('01/32', now)).toBe('card_expiry_too_far')
    expect(cardExpirySchema(() => now).safeParse('0328').data).toBe('03/28')
  })
})
