import { z } from '@hono/zod-openapi'
import { liveUserById } from '../account/users.ts'
import { mergeVisitorIntoAccount } from '../cart/merge.ts'
import { loginWidgetBot } from '../config.ts'
import { accountBlocked } from '../customers/blocking.ts'
import { type ApiDeps, createRouter } from '../http/context.ts'
import { ApiError } from '../http/errors.ts'
import { type Lang, languages } from '../http/locale.ts'
import { message } from '../http/messages.ts'
import { routeGroup } from '../http/openapi.ts'
import { errorSchema, jsonContent } from '../http/schemas.ts'
import { linkedCustomer } from '../telegram/customer-link.ts'
import { errors, jsonBody, tokensSchema } from './openapi.ts'
import { authService } from './service.ts'
import {
  SIGN_IN_MAX_AGE_SECONDS,
  shopLangOfTelegram,
  signInBotToken,
  spendSignIn,
  type TelegramSignIn,
  verifyInitData,
  verifyLoginWidget,
} from './telegram-webapp.ts'

export const telegramSignInSchema = z
  .object({
    token: tokensSchema.nullable().openapi({
      description:
        'Signed in; `null` while no shop account is linked to this Telegram account: the shopper shares their ' +
        "phone with the bot once (the Mini App's requestContact), then the same data signs them in",
    }),
    lang: z.enum(languages).openapi({ description: "The shop language for this shopper's Telegram" }),
  })
  .openapi('TelegramSignIn')

const webAppSchema = z.object({ init_data: z.string().min(1).max(4096) }).openapi('TelegramWebAppData')

const widgetField = z.string().max(512)
const widgetSchema = z
  .object({
    id: widgetField,
    first_name: widgetField.optional(),
    last_name: widgetField.optional(),
    username: widgetField.optional(),
    photo_url: widgetField.optional(),
    auth_date: widgetField,
    hash: widgetField,
  })
  .strict()
  .openapi('TelegramLoginWidgetData')

const answers = {
  200: jsonContent(telegramSignInSchema, 'Signed in, or the phone still to be shared'),
  400: errors[400],
  401: jsonContent(errorSchema, 'Not signed by this bot, older than a day, or used before'),
  403: errors[403],
  404: jsonContent(errorSchema, 'Telegram sign-in is off in this shop'),
}

const route = routeGroup({ tags: ['auth'] })
const rules =
  `Accepted for ${SIGN_IN_MAX_AGE_SECONDS / 3600} hours after \`auth_date\` and once: a copy sent again is 401 ` +
  "(an answer without a session does not spend it). With a `Fingerprint` header the visitor's basket and " +
  "favourites move into the account. A blocked account: 403 saying so, with the shop's phone."

const webAppRoute = route.post('/auth/telegram/webapp/', {
  summary: 'Sign in from the Telegram Mini App',
  description:
    "`init_data` is the Mini App's `Telegram.WebApp.initData`, checked with HMAC-SHA-256 under the key " +
    'HMAC_SHA256("WebAppData", bot token) (core.telegram.org/bots/webapps). The Telegram account is linked to ' +
    'a shop account when its owner shared their phone with the bot (a contact whose `user_id` is theirs; an ' +
    `account is made for a new number). ${rules} No bot (live shop without TELEGRAM_BOT_TOKEN): 404.`,
  request: jsonBody(webAppSchema, "The Mini App's initData"),
  responses: answers,
})

const widgetRoute = route.post('/auth/telegram/widget/', {
  summary: 'Sign in with the Telegram Login Widget',
  description:
    "The widget's fields as it gives them, checked with HMAC-SHA-256 under SHA-256(bot token) " +
    '(core.telegram.org/widgets/login). Only a Telegram account already linked (its phone shared with the bot ' +
    `once) signs in; else \`token\` is null. ${rules} Off unless TELEGRAM_LOGIN_WIDGET=on with a bot: 404.`,
  request: jsonBody(widgetSchema, "The Login Widget's fields"),
  responses: answers,
})

/**
 * The shop language of a Telegram user: Telegram's app language, its Uzbek in
 * the script the shopper chose for their bot messages when they did.
 */
const signInLang = (signIn: TelegramSignIn, linkedLang: Lang | undefined): Lang => {
  const lang = shopLangOfTelegram(signIn.languageCode)
  if (!signIn.languageCode) return linkedLang ?? lang
  return lang === 'sr' && linkedLang === 'uz' ? 'uz' : lang
}

export function telegramSignInRoutes(deps: ApiDeps) {
  const { db, now, tokens } = authService(deps)

  /** A verified sign-in: the linked account's session, spent once; `token: null` while none is linked. */
  async function signInAnswer(signIn: TelegramSignIn | null, requestLang: Lang, fingerprint: string | null) {
    if (!signIn) throw new ApiError(401, message(requestLang, 'telegram_sign_in_invalid'))
    const linked = await linkedCustomer(db, signIn.telegramUserId)
    const lang = signInLang(signIn, linked?.lang)
    const user = linked && (await liveUserById(db, linked.userId))
    if (!user) return { token: null, lang }
    if (!(await spendSignIn(db, signIn, now()))) throw new ApiError(401, message(lang, 'telegram_sign_in_invalid'))
    if (user.blockedAt) throw await accountBlocked(db, lang)
    if (fingerprint) await mergeVisitorIntoAccount(db, fingerprint, user.id)
    return { token: await tokens.open(user.id), lang }
  }

  return createRouter()
    .openapi(webAppRoute, async (c) => {
      const botToken = signInBotToken(deps.config)
      if (!botToken) throw new ApiError(404, message(c.get('lang'), 'not_found'))
      const signIn = verifyInitData(c.req.valid('json').init_data, botToken, now())
      return c.json(await signInAnswer(signIn, c.get('lang'), c.get('fingerprint')), 200)
    })
    .openapi(widgetRoute, async (c) => {
      const botToken = loginWidgetBot(deps.config)?.token
      if (!botToken) throw new ApiError(404, message(c.get('lang'), 'not_found'))
      const fields = Object.fromEntries(Object.entries(c.req.valid('json')).filter(([, v]) => v !== undefined))
      const signIn = verifyLoginWidget(fields as Record<string, string>, botToken, now())
      return c.json(await signInAnswer(signIn, c.get('lang'), c.get('fingerprint')), 200)
    })
}
