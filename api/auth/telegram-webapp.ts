import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import { lt } from 'drizzle-orm'
import type { Config } from '../config.ts'
import type { Db } from '../db/client.ts'
import { telegramSignIns } from '../db/schema/index.ts'
import type { Lang } from '../http/locale.ts'
import { deriveKey } from './crypto.ts'

/**
 * Signing in with Telegram: the Mini App's `initData`
 * (core.telegram.org/bots/webapps#validating-data-received-via-the-mini-app)
 * and the Login Widget's answer (core.telegram.org/widgets/login#checking-authorization).
 * Both are Telegram's signature over the user's fields with the bot's token;
 * they differ only in the key. Accepted for a day after `auth_date`, and each
 * once (`telegram_sign_ins`).
 */

/** How long a signature is accepted after its `auth_date`. */
export const SIGN_IN_MAX_AGE_SECONDS = 24 * 60 * 60
/** An `auth_date` this far ahead of our clock is still taken (clocks differ a little). */
const CLOCK_SKEW_SECONDS = 5 * 60

/** The Telegram user a verified signature speaks for. */
export type TelegramSignIn = {
  telegramUserId: number
  fullName: string
  languageCode: string | null
  /** The signature itself: what makes each sign-in single-use. */
  hash: string
  authDate: Date
}

/**
 * The token the Mini App's and the widget's signatures are checked with:
 * the bot's, or in a demo shop without a bot a made-up one derived from
 * SESSION_SECRET, which `npm run telegram -- simulate webapp` signs with. A
 * live shop without a bot has none (Telegram sign-in is off).
 */
export function signInBotToken(config: Pick<Config, 'TELEGRAM_BOT_TOKEN' | 'SHOP_MODE' | 'sessionSecret'>) {
  if (config.TELEGRAM_BOT_TOKEN) return config.TELEGRAM_BOT_TOKEN
  if (config.SHOP_MODE !== 'demo') return null
  // The shape of a real token (<bot id>:<secret>), bot id 0: no real bot has it.
  return `0:${deriveKey(config.sessionSecret, 'telegram-demo-bot').toString('base64url')}`
}

/** `key=value` lines of every field but `hash`, sorted by key: what Telegram signs. */
const dataCheckString = (fields: Map<string, string>) =>
  [...fields]
    .filter(([key]) => key !== 'hash')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('\n')

function sameHex(expected: string, sent: string) {
  if (!/^[0-9a-f]{64}$/.test(sent)) return false
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(sent, 'hex'))
}

/** The user of fields whose `hash` is right under `key` and whose `auth_date` is within the day; else null. */
function verifiedFields(fields: Map<string, string>, key: Buffer, now: Date) {
  const hash = fields.get('hash') ?? ''
  const expected = createHmac('sha256', key).update(dataCheckString(fields)).digest('hex')
  if (!sameHex(expected, hash)) return null
  const authDate = Number(fields.get('auth_date'))
  const age = now.getTime() / 1000 - authDate
  if (!Number.isSafeInteger(authDate) || age > SIGN_IN_MAX_AGE_SECONDS || age < -CLOCK_SKEW_SECONDS) return null
  return { hash, authDate: new Date(authDate * 1000) }
}

const nameOf = (first: unknown, last: unknown) =>
  [first, last]
    .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
    .join(' ')
    .slice(0, 200)

/** The Mini App's `initData` (a query string) when Telegram signed it for this bot within the day; else null. */
export function verifyInitData(initData: string, botToken: string, now: Date): TelegramSignIn | null {
  const fields = new Map(new URLSearchParams(initData))
  const key = createHmac('sha256', 'WebAppData').update(botToken).digest()
  const verified = verifiedFields(fields, key, now)
  if (!verified) return null
  let user: { id?: unknown; first_name?: unknown; last_name?: unknown; language_code?: unknown }
  try {
    user = JSON.parse(fields.get('user') ?? '')
  } catch {
    return null
  }
  if (!Number.isSafeInteger(user?.id) || (user.id as number) < 1) return null
  return {
    ...verified,
    telegramUserId: user.id as number,
    fullName: nameOf(user.first_name, user.last_name),
    languageCode: typeof user.language_code === 'string' ? user.language_code : null,
  }
}

/** The Login Widget's fields (`id`, `first_name`, …, `auth_date`, `hash`) when signed for this bot within the day. */
export function verifyLoginWidget(data: Record<string, string>, botToken: string, now: Date): TelegramSignIn | null {
  const fields = new Map(Object.entries(data))
  const key = createHash('sha256').update(botToken).digest()
  const verified = verifiedFields(fields, key, now)
  const id = Number(fields.get('id'))
  if (!verified || !Number.isSafeInteger(id) || id < 1) return null
  return {
    ...verified,
    telegramUserId: id,
    fullName: nameOf(fields.get('first_name'), fields.get('last_name')),
    // The widget says nothing of the user's language.
    languageCode: null,
  }
}

/**
 * Spends a verified sign-in: true the first time its hash is seen, false for
 * a replay. Kept until it would be too old anyway; the expired ones are swept here.
 */
export async function spendSignIn(db: Db, signIn: TelegramSignIn, now: Date): Promise<boolean> {
  await db.delete(telegramSignIns).where(lt(telegramSignIns.expiresAt, now))
  const expiresAt = new Date(signIn.authDate.getTime() + (SIGN_IN_MAX_AGE_SECONDS + CLOCK_SKEW_SECONDS) * 1000)
  const fresh = await db
    .insert(telegramSignIns)
    .values({ hash: signIn.hash, expiresAt })
    .onConflictDoNothing()
    .returning({ hash: telegramSignIns.hash })
  return fresh.length === 1
}

/**
 * The shop language of a Telegram app's `language_code`: Russian, or Uzbek in
 * the script the app's language names (`uz-Cyrl` Cyrillic; Telegram's own
 * Uzbek, plain `uz`, is Latin). Anything else: Russian, the shop's default.
 */
export function shopLangOfTelegram(code: string | null | undefined): Lang {
  const tag = (code ?? '').toLowerCase()
  if (tag.startsWith('uz-cyrl')) return 'uz'
  if (tag.startsWith('uz')) return 'sr'
  return 'ru'
}
