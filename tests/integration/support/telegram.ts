import { eq, sql } from 'drizzle-orm'
import { expect } from 'vitest'
import { orders, staff } from '#api/db/schema/index.ts'
import type { StaffRole } from '#api/staff/permissions.ts'
import { webhookSecret } from '#api/telegram/webhook-secret.ts'
import type { TestApi } from './api.ts'
import { signedInStaff } from './staff.ts'

// The staff bot as Telegram drives it: updates posted to the webhook with its secret.

export const testBot = { token: '123456:TEST-telegram-bot-token', username: 'atir_test_bot', chatId: '-1001234567890' }

/** Makes the test file's API a configured bot; call at the top of the file, before setupTestApi. */
export function configureTestBot() {
  process.env.TELEGRAM_BOT_TOKEN = testBot.token
  process.env.TELEGRAM_BOT_USERNAME = testBot.username
  process.env.TELEGRAM_CHAT_ID = testBot.chatId
}

let updateId = 1000
let queryId = 1

/** Posts `update` (an `update_id` is added) to the webhook with the right secret, or `secret` when given. */
export function postUpdate(
  t: TestApi,
  update: Record<string, unknown>,
  options: { secret?: string | null; address?: string } = {},
) {
  const headers: Record<string, string> = { 'X-Real-IP': options.address ?? '203.0.113.7' }
  const secret = options.secret === undefined ? webhookSecret(t.config) : options.secret
  if (secret !== null && secret !== undefined) headers['X-Telegram-Bot-Api-Secret-Token'] = secret
  return t.json('telegram/webhook/', {
    method: 'POST',
    headers,
    body: JSON.stringify({ update_id: ++updateId, ...update }),
  })
}

/** A private-chat message `text` from Telegram user `from`. */
export const messageFrom = (from: number, text: string, languageCode = 'ru') => ({
  message: {
    message_id: ++updateId,
    date: 1_800_000_000,
    chat: { id: from, type: 'private' },
    from: { id: from, is_bot: false, first_name: 'Staff', language_code: languageCode },
    text,
  },
})

/** A press of the button carrying `data` under message `messageId` in `chatId`. */
export const pressFrom = (from: number, data: string, message = { chatId: -1001234567890, messageId: 77 }) => ({
  callback_query: {
    id: String(++queryId),
    from: { id: from, is_bot: false, first_name: 'Staff', language_code: 'ru' },
    chat_instance: '42',
    message: { message_id: message.messageId, date: 1_800_000_000, chat: { id: message.chatId, type: 'supergroup' } },
    data,
  },
})

let telegramIds = 700_000

/**
 * A staff member of `role` whose Telegram account is linked through the real
 * flow (POST admin/telegram/link/, then `/start <code>` to the webhook).
 */
export async function linkedStaffMember(t: TestApi, role: StaffRole, options: { name?: string; lang?: string } = {}) {
  const member = await signedInStaff(t, role, { name: options.name })
  const link = await t.json('admin/telegram/link/', {
    method: 'POST',
    token: member.token,
    body: JSON.stringify({ lang: options.lang ?? 'ru' }),
  })
  expect(link.status).toBe(201)
  const telegramId = ++telegramIds
  await postUpdate(t, messageFrom(telegramId, `/start ${link.body.code}`))
  const [row] = await t.database.db.select().from(staff).where(eq(staff.id, member.id))
  expect(row?.telegramUserId).toBe(telegramId)
  return { ...member, telegramId }
}

/** Backends of this test file's database waiting on a lock. */
async function lockWaiters(t: TestApi) {
  const result = (await t.database.db.execute(
    sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
  )) as unknown as { rows: { n: number }[] }
  return result.rows[0]?.n ?? 0
}

/**
 * Sends the requests of `start()` so that they really overlap on one order:
 * on PostgreSQL a transaction here holds the order row until every request
 * waits on it, then lets them go together; PGlite runs one transaction at a
 * time, so there they simply run (as support/lock-gate.ts does for products).
 */
export async function releasedTogetherOnOrder<T>(t: TestApi, orderId: number, start: () => Promise<T>[]) {
  if (t.database.kind !== 'postgres') return Promise.all(start())
  let pending: Promise<T>[] = []
  await t.database.db.transaction(async (tx) => {
    await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('update')
    pending = start()
    await expect.poll(() => lockWaiters(t), { interval: 20 }).toBe(pending.length)
  })
  return Promise.all(pending)
}
