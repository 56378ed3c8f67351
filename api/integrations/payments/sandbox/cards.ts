import { and, eq, lt, sql } from 'drizzle-orm'
import { deriveKey, hmac, randomCode, randomToken, sameDigest } from '../../../auth/crypto.ts'
import type { Db } from '../../../db/client.ts'
import { savedCards } from '../../../db/schema/index.ts'
import { message } from '../../../http/messages.ts'
import type { SmsProvider } from '../../sms/provider.ts'
import { CardCodeError, type CardProvider, CardProviderError } from '../card-provider.ts'

/**
 * The sandbox declines a charge to a card whose number ends in these digits
 * (e.g. 8600 0000 0000 0002), like a card without enough money.
 */
export const SANDBOX_DECLINED_ENDING = '0002'
const sandboxReceipt = 'sandbox_receipt_'

export const cardCodeLimits = {
  /** Seconds a sandbox code is valid. */
  ttl: 5 * 60,
  /** Tries per code. */
  maxAttempts: 5,
} as const

/** `+998 93 *** ** 67`. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '')
  if (digits.length !== 12) return '***'
  return `+${digits.slice(0, 3)} ${digits.slice(3, 5)} *** ** ${digits.slice(-2)}`
}

/**
 * The offline provider: random tokens; the 6-digit code goes through the
 * shop's SMS provider to the customer's phone and is kept as an HMAC on the
 * card row with its expiry (5 minutes) and tries (5).
 */
export function sandboxCardProvider(options: {
  db: Db
  sms: SmsProvider
  secret: string
  now: () => Date
}): CardProvider {
  const { db, sms, now } = options
  const key = deriveKey(options.secret, 'atir/card-code/v1')
  const digest = (token: string, code: string) => hmac(key, `${token}:${code}`)
  return {
    name: 'sandbox',
    async create() {
      return { token: `sandbox_${randomToken(24)}` }
    },
    async sendCode(token, { phone, lang, masked }) {
      if (!phone) throw new CardProviderError('rejected', 'the customer has no phone number')
      const code = randomCode()
      await db
        .update(savedCards)
        .set({
          codeHash: digest(token, code),
          codeExpiresAt: new Date(now().getTime() + cardCodeLimits.ttl * 1000),
          attempts: 0,
        })
        .where(eq(savedCards.token, token))
      await sms.send({ to: phone, text: message(lang, 'card_sms_code', { masked, code }) })
      return { phoneMasked: maskPhone(phone) }
    },
    async verify(token, code, lang) {
      const [row] = await db.select().from(savedCards).where(eq(savedCards.token, token)).limit(1)
      if (!row?.codeHash || !row.codeExpiresAt) throw new CardCodeError(400, message(lang, 'code_session_invalid'))
      if (row.codeExpiresAt <= now()) throw new CardCodeError(400, message(lang, 'code_expired'))
      const exhausted = () => new CardCodeError(429, message(lang, 'code_attempts_exhausted'))
      // Count the try first, atomically, so parallel guesses cannot exceed the limit.
      const [counted] = await db
        .update(savedCards)
        .set({ attempts: sql`${savedCards.attempts} + 1` })
        .where(and(eq(savedCards.id, row.id), lt(savedCards.attempts, cardCodeLimits.maxAttempts)))
        .returning({ attempts: savedCards.attempts })
      if (!counted) throw exhausted()
      if (!sameDigest(digest(token, code), row.codeHash)) {
        const left = cardCodeLimits.maxAttempts - counted.attempts
        if (left <= 0) throw exhausted()
        throw new CardCodeError(400, message(lang, 'code_wrong', { left }))
      }
      await db.update(savedCards).set({ codeHash: null, codeExpiresAt: null }).where(eq(savedCards.id, row.id))
    },
    async remove() {},
    async charge(token) {
      const [row] = await db
        .select({ masked: savedCards.masked })
        .from(savedCards)
        .where(eq(savedCards.token, token))
        .limit(1)
      if (!row) throw new CardProviderError('rejected', 'sandbox: unknown card token')
      if (row.masked.endsWith(SANDBOX_DECLINED_ENDING))
        throw new CardProviderError('rejected', `sandbox: cards ending in ${SANDBOX_DECLINED_ENDING} are declined`)
      return { receiptId: sandboxReceipt + randomToken(12) }
    },
    async refund(receiptId) {
      if (!receiptId.startsWith(sandboxReceipt))
        throw new CardProviderError('rejected', 'sandbox: not a sandbox receipt')
    },
  }
}
