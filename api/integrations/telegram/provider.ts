/** A button under a Telegram message: a callback the bot answers (`data`) or a link (`url`). */
export type TelegramButton = { text: string; data: string } | { text: string; url: string }

/** One message to one chat (a group's id such as `-1001234567890`, or a user's). */
export type TelegramMessage = {
  chatId: string
  text: string
  /** Rows of inline buttons. */
  buttons?: TelegramButton[][]
}

/**
 * Telegram's own refusal of a call (an answer `{ok: false}`), with its
 * `error_code`: 403 the user blocked the bot or is gone, 400 e.g. a chat not
 * found, 429 flood control. A network failure or timeout is a plain Error.
 */
export class TelegramRefusal extends Error {
  override readonly name = 'TelegramRefusal'
  // A plain field, not a parameter property: `npm run telegram` runs this file with Node's type stripping.
  readonly code: number
  constructor(message: string, code: number, options?: ErrorOptions) {
    super(message, options)
    this.code = code
  }
}

/** Posts messages as the shop's bot; the staff notifications go through this and nothing else. */
export interface TelegramSender {
  readonly name: string
  /** Resolves with the message's id once Telegram accepted it (to edit it later); rejects with an Error saying why not. */
  send(message: TelegramMessage): Promise<{ messageId: number }>
  /** Replaces the text and buttons of a message the bot sent (a pressed order message); rejects as `send`. */
  edit(message: TelegramMessage & { messageId: number }): Promise<void>
}

/** Telegram's `reply_markup` for the buttons; undefined without any. */
export function inlineKeyboard(buttons: TelegramButton[][] | undefined) {
  if (!buttons?.length) return undefined
  return {
    inline_keyboard: buttons.map((row) =>
      row.map((b) => ('url' in b ? { text: b.text, url: b.url } : { text: b.text, callback_data: b.data })),
    ),
  }
}
