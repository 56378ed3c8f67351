import { z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { type ApiDeps, type ApiEnv, createRouter } from '../http/context.ts'
import { ApiError } from '../http/errors.ts'
import { languages } from '../http/locale.ts'
import { message } from '../http/messages.ts'
import { jsonContent } from '../http/schemas.ts'
import { createLinkCode, LINK_CODE_TTL_MINUTES, unlinkTelegram } from '../telegram/link.ts'
import { auditActor, currentStaff, requireStaff } from './middleware.ts'
import { adminErrorsOf, staffRoutes } from './openapi.ts'

export const linkSchema = z
  .object({
    url: z.string().nullable().openapi({
      example: 'https://t.me/atir_staff_bot?start=Qm9vay1hLWNvZGUtZm9yLXRoZS1ib3Q',
      description:
        '`null` in demo mode without a bot: send the code with `npm run telegram -- simulate start <code>` (docs/telegram.md)',
    }),
    code: z.string().openapi({ description: 'The one-time code the link carries (`/start <code>` in the bot)' }),
    expires_at: z.string(),
  })
  .openapi('TelegramLink')

const staff = staffRoutes(requireStaff(), ['admin: telegram'])

const linkRoute = staff.post('/admin/telegram/link/', {
  summary: 'Start linking your Telegram account to the bot',
  description:
    `A one-time deep link to the staff bot, valid ${LINK_CODE_TTL_MINUTES} minutes (a new one replaces the last). ` +
    "Opening it sends `/start <code>` to the bot, which links that Telegram account: the buttons of the bot's " +
    "order messages then act as you, with your role's rights, audited via telegram. `lang` (default: the " +
    "request's language) is the language the bot speaks to you. Bot not configured: 409, except in demo mode, where " +
    'the code (and no link) lets the bot be tried locally. Integration keys: 403.',
  request: {
    body: {
      required: false,
      content: {
        'application/json': {
          schema: z.object({ lang: z.enum(languages).optional() }).strict(),
        },
      },
    },
  },
  responses: {
    201: jsonContent(linkSchema, 'The deep link'),
    ...adminErrorsOf(400, 401, 403, 409),
  },
})

const unlinkRoute = staff.delete('/admin/telegram/link/', {
  summary: 'Unlink your Telegram account',
  description: 'The bot no longer acts for you; unused link codes are dropped. Audited. 204 also when none was linked.',
  responses: { 204: { description: 'Unlinked' }, ...adminErrorsOf(401, 403) },
})

/** The staff member of the request; integration keys have no Telegram account. */
function staffMemberId(c: Context<ApiEnv>): number {
  const me = currentStaff(c)
  if (me.id === null) throw new ApiError(403, message(c.get('lang'), 'telegram_staff_only'))
  return me.id
}

export function adminTelegramRoutes(deps: ApiDeps) {
  const { db } = deps.database
  const now = () => deps.now?.() ?? new Date()
  return createRouter()
    .openapi(linkRoute, async (c) => {
      const staffId = staffMemberId(c)
      const { TELEGRAM_BOT_TOKEN, TELEGRAM_BOT_USERNAME, SHOP_MODE } = deps.config
      const bot = TELEGRAM_BOT_TOKEN && TELEGRAM_BOT_USERNAME
      // A demo shop without a bot links through a simulated /start (npm run telegram -- simulate start).
      if (!bot && !(SHOP_MODE === 'demo' && !TELEGRAM_BOT_TOKEN))
        throw new ApiError(409, message(c.get('lang'), 'telegram_not_configured'))
      const body = c.req.valid('json') as { lang?: (typeof languages)[number] } | undefined
      const lang = body?.lang ?? c.get('lang')
      const { code, expiresAt } = await createLinkCode(db, staffId, { now: now(), lang, actor: auditActor(c) })
      const url = bot ? `https://t.me/${TELEGRAM_BOT_USERNAME}?start=${code}` : null
      return c.json({ url, code, expires_at: expiresAt.toISOString() }, 201)
    })
    .openapi(unlinkRoute, async (c) => {
      await unlinkTelegram(db, staffMemberId(c), auditActor(c), now())
      return c.body(null, 204)
    })
}
