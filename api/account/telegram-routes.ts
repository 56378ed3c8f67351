import { z } from '@hono/zod-openapi'
import { linkSchema } from '../admin/telegram-routes.ts'
import { customerRoutes, errors } from '../auth/openapi.ts'
import { type ApiDeps, createRouter } from '../http/context.ts'
import { ApiError } from '../http/errors.ts'
import { requireUser } from '../http/identity.ts'
import { languages } from '../http/locale.ts'
import { message } from '../http/messages.ts'
import { errorSchema, jsonContent } from '../http/schemas.ts'
import { createCustomerLinkCode, customerChatOf, unlinkCustomer } from '../telegram/customer-link.ts'
import { LINK_CODE_TTL_MINUTES } from '../telegram/link.ts'
import { customerTelegramReady } from '../telegram/webhook-secret.ts'

export const customerTelegramSchema = z
  .object({
    available: z.boolean().openapi({ description: 'The shop has a bot customers can link (else no link is offered)' }),
    linked: z.boolean().openapi({ description: "Order news go to the customer's Telegram instead of SMS" }),
    lang: z
      .enum(languages)
      .nullable()
      .openapi({ description: 'The language of the bot and the news while linked (uz Cyrillic, sr Latin, ru)' }),
    linked_at: z.string().nullable(),
    bot_url: z
      .string()
      .nullable()
      .openapi({ example: 'https://t.me/atir_shop_bot', description: 'The bot, for `/orders` and `/stop`' }),
  })
  .openapi('CustomerTelegram')

const customer = customerRoutes(['account'])

const stateRoute = customer.get('/account/telegram/', {
  summary: "Whether the customer's order news go to Telegram",
  responses: { 200: jsonContent(customerTelegramSchema, 'The Telegram link'), 401: errors[401] },
})

const linkRoute = customer.post('/account/telegram/link/', {
  summary: 'Start linking Telegram for order news',
  description:
    `A one-time deep link to the shop's bot, valid ${LINK_CODE_TTL_MINUTES} minutes (a new one replaces the last). ` +
    'Opening it and pressing Start in Telegram (`/start <code>`) links that Telegram account: the news of the ' +
    "customer's orders (accepted, on the way or ready to collect, delivered, cancelled, a payment link) then go " +
    'there instead of SMS, in `lang` (default: the language of the request), with the SMS as the fallback when ' +
    "Telegram fails; the bot answers `/orders` with the open orders. A Telegram account can carry one customer's " +
    'news. The shop has no bot (`available` false): 409.',
  request: {
    body: {
      required: false,
      content: { 'application/json': { schema: z.object({ lang: z.enum(languages).optional() }).strict() } },
    },
  },
  responses: {
    201: jsonContent(linkSchema, 'The deep link'),
    400: errors[400],
    401: errors[401],
    409: jsonContent(errorSchema, 'The shop has no Telegram bot'),
  },
})

const unlinkRoute = customer.delete('/account/telegram/link/', {
  summary: 'Unlink Telegram: order news go by SMS again',
  description: 'Also what `/stop` does in the bot. Unused link codes are dropped. 204 also when none was linked.',
  responses: { 204: { description: 'Unlinked' }, 401: errors[401] },
})

export function accountTelegramRoutes(deps: ApiDeps) {
  const { db } = deps.database
  const now = () => deps.now?.() ?? new Date()
  const bot = deps.config.TELEGRAM_BOT_USERNAME
  return createRouter()
    .openapi(stateRoute, async (c) => {
      const user = requireUser(c)
      c.header('Cache-Control', 'private, no-store')
      const chat = await customerChatOf(db, user.id)
      const available = customerTelegramReady(deps.config)
      return c.json(
        {
          available,
          linked: chat !== null,
          lang: chat?.lang ?? null,
          linked_at: chat?.linkedAt.toISOString() ?? null,
          bot_url: available && bot ? `https://t.me/${bot}` : null,
        },
        200,
      )
    })
    .openapi(linkRoute, async (c) => {
      const user = requireUser(c)
      if (!customerTelegramReady(deps.config) || !bot)
        throw new ApiError(409, message(c.get('lang'), 'telegram_customer_unavailable'))
      const body = c.req.valid('json') as { lang?: (typeof languages)[number] } | undefined
      const lang = body?.lang ?? c.get('lang')
      const { code, expiresAt } = await createCustomerLinkCode(db, user.id, { now: now(), lang })
      c.header('Cache-Control', 'private, no-store')
      return c.json({ url: `https://t.me/${bot}?start=${code}`, code, expires_at: expiresAt.toISOString() }, 201)
    })
    .openapi(unlinkRoute, async (c) => {
      await unlinkCustomer(db, requireUser(c).id)
      return c.body(null, 204)
    })
}
