import { describe, expect, it } from 'vitest'
import {
  codeSchema,
  loginSchema,
  newPasswordSchema,
  optionalPhoneSchema,
  passwordAfterResetSchema,
  phoneSchema,
  registrationPasswordForm,
  registrationPasswordSchema,
} from '#contract/account.ts'
import {
  formatPhone,
  isValidPhone,
  isValidPhoneOrEmpty,
  maskPhone,
  nationalDigits,
  normalizePhone,
} from '#contract/phone.ts'

describe('normalizePhone', () => {
  it.each([
    ['+998 90 123 45 67', '+998901234567'],
    ['+998901234567', '+998901234567'],
    ['998901234567', '+998901234567'],
    ['901234567', '+998901234567'],
    ['(90) 123-45-67', '+998901234567'],
    ['90-123-45-67', '+998901234567'],
    ['  90 123 45 67  ', '+998901234567'],
    ['+998 (90) 123-45-67', '+998901234567'],
    ['90.123.45.67', '+998901234567'],
    ['90\u00a0123\u00a045\u00a067', '+998901234567'],
    ['00998901234567', '+998901234567'],
    // A trunk prefix typed from habit is dropped.
    ['8 90 123 45 67', '+998901234567'],
    ['0901234567', '+998901234567'],
    ['8 (90) 123-45-67', '+998901234567'],
    // Other operators and new codes.
    ['(33) 123-45-67', '+998331234567'],
    ['(88) 123-45-67', '+998881234567'],
    ['(20) 123-45-67', '+998201234567'],
    ['(77) 123-45-67', '+998771234567'],
    ['(99) 765-43-21', '+998997654321'],
    // Nine digits starting with 8 are a national number, not a trunk prefix.
    ['881234567', '+998881234567'],
  ])('%j → %s', (input, expected) => {
    expect(normalizePhone(input)).toBe(expected)
    expect(isValidPhone(input)).toBe(true)
  })

  it.each([
    ['', 'empty'],
    ['   ', 'blank'],
    ['90123456', '8 digits'],
    ['9012345678', '10 digits without a trunk prefix'],
    ['90123456789', '11 digits'],
    ['90 123 45 6a', 'a letter'],
    ['abc', 'letters only'],
    ['+7 912 345 67 89', 'a Russian number'],
    ['+1 202 555 0143', 'a US number'],
    ['79123456789', 'a Russian number without +'],
    ['+998 61 123 45 67', 'an unassigned Uzbek range'],
    ['+998 96 123 45 67', 'an unassigned Uzbek range'],
    ['+99890123456', '+998 and 8 digits'],
    ['+9989012345678', '+998 and 10 digits'],
    ['++998901234567', 'two plus signs'],
    ['90#1234567', 'a symbol'],
    ['9'.repeat(300), 'over 250 characters'],
  ])('%j is invalid (%s)', (input) => {
    expect(normalizePhone(input)).toBeNull()
    expect(isValidPhone(input)).toBe(false)
  })

  it('refuses non-strings', () => {
    expect(normalizePhone(null)).toBeNull()
    expect(normalizePhone(undefined)).toBeNull()
    expect(normalizePhone(901234567 as unknown as string)).toBeNull()
  })

  it('accepts an empty value in the general check only', () => {
    expect(isValidPhoneOrEmpty('')).toBe(true)
    expect(isValidPhoneOrEmpty('  ')).toBe(true)
    expect(isValidPhoneOrEmpty('90 123 45 67')).toBe(true)
    expect(isValidPhoneOrEmpty('123')).toBe(false)
  })
})

describe('nationalDigits, maskPhone, formatPhone', () => {
  it('extracts the 9 national digits', () => {
    expect(nationalDigits('+998 90 123 45 67')).toBe('901234567')
    expect(nationalDigits('8 90 123 45 67')).toBe('901234567')
    expect(nationalDigits('12345')).toBeNull()
  })

  it('masks as (##) ###-##-##, partially while typing', () => {
    expect(maskPhone('901234567')).toBe('(90) 123-45-67')
    expect(maskPhone('+998901234567')).toBe('(90) 123-45-67')
    expect(maskPhone('8 90 123 45 67')).toBe('(90) 123-45-67')
    expect(maskPhone('9')).toBe('(9')
    expect(maskPhone('90')).toBe('(90')
    expect(maskPhone('90123')).toBe('(90) 123')
    expect(maskPhone('9012345')).toBe('(90) 123-45')
    expect(maskPhone('+998 90')).toBe('(90')
    expect(maskPhone('')).toBe('')
    expect(maskPhone('90123456789')).toBe('(90) 123-45-67')
  })

  it('prints +998 90 123 45 67', () => {
    expect(formatPhone('+998901234567')).toBe('+998 90 123 45 67')
    expect(formatPhone('garbage')).toBe('garbage')
  })
})

describe('shared schemas', () => {
  const messages = (result: {
    success: boolean
    error?: { issues: Array<{ path: PropertyKey[]; message: string }> }
  }) => result.error?.issues.map((i) => `${i.path.join('.')}:${i.message}`) ?? []

  it('phoneSchema outputs E.164 and flags bad input with message keys', () => {
    expect(phoneSchema.parse('(90) 123-45-67')).toBe('+998901234567')
    expect(messages(phoneSchema.safeParse(''))).toEqual([':required'])
    expect(messages(phoneSchema.safeParse('123'))).toEqual([':invalid_phone'])
    expect(messages(phoneSchema.safeParse('9'.repeat(251)))).toEqual([':max_length'])
    expect(phoneSchema.safeParse(901234567).success).toBe(false)
  })

  it('optionalPhoneSchema turns empty into null', () => {
    expect(optionalPhoneSchema.parse('')).toBeNull()
    expect(optionalPhoneSchema.parse('901234567')).toBe('+998901234567')
    expect(optionalPhoneSchema.safeParse('12').success).toBe(false)
  })

  it('password minimums: 8 at registration, 6 after reset; no minimum at login', () => {
    expect(registrationPasswordSchema.safeParse('1234567').success).toBe(false)
    expect(registrationPasswordSchema.safeParse('12345678').success).toBe(true)
    expect(newPasswordSchema.safeParse('12345').success).toBe(false)
    expect(newPasswordSchema.safeParse('123456').success).toBe(true)
    expect(newPasswordSchema.safeParse('x'.repeat(129)).success).toBe(false)
    expect(loginSchema.safeParse({ phone: '901234567', password: '1' }).success).toBe(true)
    expect(messages(loginSchema.safeParse({ phone: '901234567', password: '  ' }))).toEqual(['password:required'])
  })

  it('confirmation must match', () => {
    expect(
      messages(registrationPasswordForm.safeParse({ password: '12345678', password_confirm: '12345679' })),
    ).toEqual(['password_confirm:passwords_mismatch'])
    expect(passwordAfterResetSchema.safeParse({ new_password: '123456', password_confirm: '123456' }).success).toBe(
      true,
    )
  })

  it('code is exactly 6 digits', () => {
    expect(codeSchema.parse(' 012345 ')).toBe('012345')
    for (const bad of ['12345', '1234567', '12345a', '12 345'])
      expect(messages(codeSchema.safeParse(bad))).toEqual([':invalid_code'])
    expect(messages(codeSchema.safeParse(''))).toEqual([':required'])
  })
})
