import { Api, GrammyError } from 'grammy'
import { observeProvider } from '../../metrics.ts'
import { inlineKeyboard, TelegramRefusal, type TelegramSender } from './provider.ts'

export type TelegramBotOptions = {
  /** The bot's token from @BotFather. */
  token: string
  /** How long one call may take. */
  timeoutMs: number
  /** Bot API root; Telegram's own by default. */
  apiRoot?: string
}

/**
 * Sends through the Bot API with grammy's `Api` client (the package the
 * Telegram buttons' webhook uses too): it builds the method URL from the
 * token, encodes `reply_markup` and turns Telegram's `{ok: false}` answers
 * into errors with Telegram's description.
 */
export function telegramBotSender(options: TelegramBotOptions): TelegramSender {
  const api = new Api(options.token, {
    timeoutSeconds: Math.max(1, Math.ceil(options.timeoutMs / 1000)),
    ...(options.apiRoot ? { apiRoot: options.apiRoot } : {}),
  })
  // Every Bot API call into the provider metric: Telegram's own failures (5xx) are errors, its refusals answers.
  api.config.use((call, method, payload, signal) =>
    observeProvider({ provider: 'telegram', operation: method }, () => call(method, payload, signal), {
      outcomeOf: (answer) => (!answer.ok && answer.error_code >= 500 ? 'error' : 'ok'),
      errorOutcome: (error) =>
        /timed out|timeout/i.test(String((error as Error)?.message)) ? 'timeout' : 'unreachable',
    }),
  )
  return {
    name: 'telegram',
    async send(message) {
      try {
        const sent = await api.sendMessage(message.chatId, message.text, {
          reply_markup: inlineKeyboard(message.buttons),
          link_preview_options: { is_disabled: true },
        })
        return { messageId: sent.message_id }
      } catch (error) {
        // grammy's errors name the method and Telegram's description; the token is never part of them.
        throw failure('sendMessage', error)
      }
    },
    async edit(message) {
      try {
        await api.editMessageText(message.chatId, message.messageId, message.text, {
          reply_markup: inlineKeyboard(message.buttons) ?? { inline_keyboard: [] },
          link_preview_options: { is_disabled: true },
        })
      } catch (error) {
        // The message already reads so (two changes rendered alike): nothing is left to do.
        if (error instanceof GrammyError && /message is not modified/i.test(error.description)) return
        throw failure('editMessageText', error)
      }
    },
  }
}

/** The error a failed call rejects with: Telegram's refusal keeps its code (blocked, flood control…). */
function failure(method: string, error: unknown): Error {
  const text = `Telegram ${method} failed: ${(error as Error).message}`
  if (error instanceof GrammyError) return new TelegramRefusal(text, error.error_code, { cause: error })
  return new Error(text, { cause: error })
}
