import { and, asc, count, eq, gt, isNotNull, isNull, lt } from 'drizzle-orm'
import { type CardSystem, cardSystem, maskCardNumber } from '#contract/card.ts'
import { deriveKey, hmac } from '../auth/crypto.ts'
import type { Config } from '../config.ts'
import type { Db } from '../db/client.ts'
import { oneRow } from '../db/rows.ts'
import { savedCards, users } from '../db/schema/index.ts'
import { ApiError } from '../http/errors.ts'
import type { Lang } from '../http/locale.ts'
import { message } from '../http/messages.ts'
import { CardCodeError, type CardProvider, CardProviderError } from '../integrations/payments/card-provider.ts'
import { SmsError } from '../integrations/sms/provider.ts'
import { logger } from '../log.ts'
import { rateLimitRefusals } from '../metrics.ts'
import { isUniqueViolation } from '../orders/db-errors.ts'

export type CardRow = typeof savedCards.$inferSelect

/** Cards a customer may start adding in 24 hours (each sends a code). */
export const cardsPerDay = 10
const day = 24 * 60 * 60 * 1000

/** What the API shows of a card: never the token, never more than the masked number. */
export function cardView(row: CardRow) {
  return {
    id: row.id,
    masked_number: row.masked,
    expiry: row.expiry,
    system: row.system as CardSystem,
    verified: row.verifiedAt !== null,
    // Where the confirmation code went, masked; null once confirmed.
    phone: row.verifiedAt ? null : row.phone,
    created_at: row.createdAt.toISOString(),
  }
}

type Context = { db: Db; config: Config; provider: () => CardProvider; now: () => Date; lang: Lang }

/** The customer-facing error for a provider or SMS failure: 503 when it did not answer, 400 when it refused. */
function providerFailure(error: unknown, lang: Lang, field = 'number'): ApiError {
  if (error instanceof SmsError) {
    logger().warn(`cards: sms ${error.message}`)
    return new ApiError(503, message(lang, error.reason === 'timeout' ? 'sms_timeout' : 'sms_unavailable'))
  }
  if (error instanceof CardProviderError) {
    logger().warn(`cards: ${error.message}`)
    if (error.reason === 'rejected') {
      const detail = message(lang, 'card_provider_failed')
      return new ApiError(400, detail, [{ field, message: detail }])
    }
    return new ApiError(503, message(lang, 'card_provider_unavailable'), undefined, { 'Retry-After': '30' })
  }
  throw error
}

const duplicate = (lang: Lang) => {
  const detail = message(lang, 'card_duplicate')
  return new ApiError(409, detail, [{ field: 'number', message: detail }])
}

/**
 * Tokenises the card at the provider and sends the confirmation code. The
 * number lives only in this call: the row keeps the token, the masked
 * number and a keyed fingerprint. The same card saved twice is a 409.
 */
async function addCard(
  deps: Pick<Context, 'db' | 'provider' | 'now'> & { fingerprint: (digits: string) => string },
  userId: number,
  card: { number: string; expiry: string },
  lang: Lang,
) {
  const { db } = deps
  const system = cardSystem(card.number)
  if (!system) throw new ApiError(400, message(lang, 'card_system_unknown'))
  const print = deps.fingerprint(card.number)
  const at = deps.now()
  const [existing] = await db
    .select({ id: savedCards.id })
    .from(savedCards)
    .where(and(eq(savedCards.userId, userId), eq(savedCards.fingerprint, print), isNotNull(savedCards.verifiedAt)))
    .limit(1)
  if (existing) throw duplicate(lang)
  // Housekeeping: unconfirmed cards older than a day serve neither the list nor the cap.
  await db
    .delete(savedCards)
    .where(
      and(
        eq(savedCards.userId, userId),
        isNull(savedCards.verifiedAt),
        lt(savedCards.createdAt, new Date(at.getTime() - day)),
      ),
    )
  const [recent] = await db
    .select({ n: count() })
    .from(savedCards)
    .where(
      and(
        eq(savedCards.userId, userId),
        isNull(savedCards.verifiedAt),
        gt(savedCards.createdAt, new Date(at.getTime() - day)),
      ),
    )
  if ((recent?.n ?? 0) >= cardsPerDay) {
    rateLimitRefusals.inc({ kind: 'card_daily_limit' })
    throw new ApiError(429, message(lang, 'card_daily_limit'), undefined, { 'Retry-After': '3600' })
  }

  const [user] = await db.select({ phone: users.phone }).from(users).where(eq(users.id, userId)).limit(1)
  const cards = deps.provider()
  let token: string
  try {
    token = (await cards.create(card)).token
  } catch (error) {
    throw providerFailure(error, lang)
  }
  const masked = maskCardNumber(card.number)
  const row = oneRow(
    await db
      .insert(savedCards)
      .values({
        userId,
        provider: cards.name,
        token,
        masked,
        expiry: card.expiry,
        system,
        fingerprint: print,
        createdAt: at,
      })
      .returning(),
  )
  try {
    const { phoneMasked } = await cards.sendCode(token, { phone: user?.phone ?? null, lang, masked })
    // Only the masked phone is kept, to remind the customer where the code went.
    await db.update(savedCards).set({ phone: phoneMasked }).where(eq(savedCards.id, row.id))
    return { row: { ...row, phone: phoneMasked }, phone: phoneMasked }
  } catch (error) {
    // Not sent: the card is forgotten (here and, best effort, at the provider) and does not count towards the cap.
    await db.delete(savedCards).where(eq(savedCards.id, row.id))
    await cards.remove(token).catch((cause) => logger().warn(`cards: ${(cause as Error).message}`))
    throw providerFailure(error, lang)
  }
}

export function createCardService({ db, config, provider, now }: Omit<Context, 'lang'>) {
  const fingerprintKey = deriveKey(config.sessionSecret, 'atir/card-fingerprint/v1')
  const fingerprint = (digits: string) => hmac(fingerprintKey, digits)

  async function ownCard(userId: number, id: number, lang: Lang): Promise<CardRow> {
    const [row] = await db
      .select()
      .from(savedCards)
      .where(and(eq(savedCards.id, id), eq(savedCards.userId, userId)))
      .limit(1)
    if (!row) throw new ApiError(404, message(lang, 'card_not_found'))
    return row
  }

  return {
    /** The customer's confirmed cards, oldest first. */
    async list(userId: number) {
      return db
        .select()
        .from(savedCards)
        .where(and(eq(savedCards.userId, userId), isNotNull(savedCards.verifiedAt)))
        .orderBy(asc(savedCards.id))
    },

    ownCard,

    /**
     * Tokenises the card at the provider and sends the confirmation code
     * (addCard); the same card saved twice is a 409.
     */
    add: (userId: number, card: { number: string; expiry: string }, lang: Lang) =>
      addCard({ db, provider, now, fingerprint }, userId, card, lang),

    /** Confirms a card with its code; the card is then listed and usable at checkout. */
    async verify(userId: number, id: number, code: string, lang: Lang): Promise<CardRow> {
      const row = await ownCard(userId, id, lang)
      if (row.verifiedAt) return row
      try {
        await provider().verify(row.token, code, lang)
      } catch (error) {
        if (error instanceof CardCodeError)
          throw new ApiError(error.status, error.detail, [{ field: 'code', message: error.detail }])
        throw providerFailure(error, lang, 'code')
      }
      try {
        return oneRow(
          await db
            .update(savedCards)
            .set({ verifiedAt: now(), codeHash: null, codeExpiresAt: null })
            .where(eq(savedCards.id, row.id))
            .returning(),
        )
      } catch (error) {
        // The same card was confirmed meanwhile (another tab): keep that one.
        if (!isUniqueViolation(error)) throw error
        await db.delete(savedCards).where(eq(savedCards.id, row.id))
        throw duplicate(lang)
      }
    },

    /** Forgets the card at the provider and here. A provider that does not answer leaves it in place (503). */
    async remove(userId: number, id: number, lang: Lang) {
      const row = await ownCard(userId, id, lang)
      try {
        await provider().remove(row.token)
      } catch (error) {
        // A token the provider no longer knows is as good as removed.
        if (!(error instanceof CardProviderError && error.reason === 'rejected')) throw providerFailure(error, lang)
        logger().warn(`cards: ${error.message}`)
      }
      await db.delete(savedCards).where(eq(savedCards.id, row.id))
    },
  }
}
