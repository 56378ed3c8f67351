import { z } from '@hono/zod-openapi'
import type { MiddlewareHandler } from 'hono'
import { type ApiDeps, type ApiEnv, createRouter } from '../http/context.ts'
import { ApiError } from '../http/errors.ts'
import { limitAddress } from '../http/identity.ts'
import { message } from '../http/messages.ts'
import { requiredJson, routeGroup } from '../http/openapi.ts'
import { addressKey, guessLimits, takeSlot, tooManyRequests } from '../http/rate-limit.ts'
import { errorSchema, jsonContent } from '../http/schemas.ts'
import { updateSchema, webhookReplySchema } from './update-schema.ts'
import { handleUpdate } from './updates.ts'
import { isWebhookSecret, webhookSecret } from './webhook-secret.ts'

const secretHeader = 'X-Telegram-Bot-Api-Secret-Token'

/**
 * Lets Telegram's calls through: 404 while no bot is configured, 401 without
 * the right secret header, 429 once an address has sent
 * `guessLimits.telegramWebhook` wrong ones (then even the right one waits).
 */
function requireTelegram(deps: ApiDeps): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const lang = c.get('lang')
    const expected = webhookSecret(deps.config)
    if (!expected) throw new ApiError(404, message(lang, 'not_found'))
    const now = deps.now?.() ?? new Date()
    const bucket = `telegram:${addressKey(limitAddress(c))}`
    const slot = await takeSlot(deps.database.db, bucket, guessLimits.telegramWebhook, now)
    if (!('release' in slot)) throw tooManyRequests(lang, 'telegram_rate_limited', slot.wait)
    if (!isWebhookSecret(expected, c.req.header(secretHeader)))
      throw new ApiError(401, message(lang, 'telegram_secret_invalid'))
    await slot.release()
    await next()
  }
}

const webhookRoute = (deps: ApiDeps) =>
  routeGroup({ tags: ['telegram'], middleware: [requireTelegram(deps)] as const }).post('/telegram/webhook/', {
    summary: "The shop bot's webhook (called by Telegram)",
    description:
      'Telegram posts each update of the bot here (setWebhook: `npm run telegram -- webhook`). ' +
      `\`${secretHeader}\` must be the secret the shop gave setWebhook (derived from SESSION_SECRET and ` +
      'TELEGRAM_BOT_TOKEN; a demo shop without a token has one of its own for `npm run telegram -- simulate`): ' +
      'otherwise 401; 10 wrong ones per address in 15 minutes → 429. No bot configured (live): 404. ' +
      '`/start <code>` links a staff account (admin/telegram/link/) or a customer (account/telegram/link/); a ' +
      'button of an order message acts as the linked staff member who pressed it; in its private chat a linked ' +
      "customer's `/orders` lists their open orders and `/stop` unlinks them. The answer is the Bot API call " +
      'Telegram makes in reply, or `{}`.',
    request: {
      headers: z.object({ [secretHeader.toLowerCase()]: z.string().optional() }),
      body: requiredJson(updateSchema),
    },
    responses: {
      200: jsonContent(webhookReplySchema, 'The reply for Telegram to send'),
      400: jsonContent(errorSchema, 'Not an Update'),
      401: jsonContent(errorSchema, 'Missing or wrong secret header'),
      404: jsonContent(errorSchema, 'No bot configured'),
      429: jsonContent(errorSchema, 'Too many wrong secrets from this address; `Retry-After`'),
    },
  })

export function telegramWebhookRoutes(deps: ApiDeps) {
  return createRouter().openapi(webhookRoute(deps), async (c) => {
    const reply = await handleUpdate(deps, c.req.valid('json'), deps.now?.() ?? new Date())
    return c.json(reply, 200)
  })
}
