import { Form } from 'react-router'
import type { Lang } from '#app/utils/i18n.ts'

/** The forms of the profile's Telegram page (`intent`). */
export const TelegramIntent = { link: 'telegram-link', unlink: 'telegram-unlink' } as const

/**
 * "Link Telegram": a plain form to the profile's Telegram page, which answers
 * with the bot's one-time link (with or without JavaScript). From an order
 * page, `back` is that page, offered again once the link is shown.
 */
export function LinkTelegramForm({ lang, label, back }: { lang: Lang; label: string; back?: string }) {
  return (
    <Form method="post" action={`/${lang}/profile/telegram`}>
      {back ? <input type="hidden" name="back" value={back} /> : null}
      <button type="submit" name="intent" value={TelegramIntent.link} className="button">
        {label}
      </button>
    </Form>
  )
}
