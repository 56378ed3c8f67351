import ru from '../../locales/ru/telegram.json' with { type: 'json' }
import sr from '../../locales/sr/telegram.json' with { type: 'json' }
import uz from '../../locales/uz/telegram.json' with { type: 'json' }
import { shopLangOfTelegram } from '../auth/telegram-webapp.ts'
import { isLang, type Lang } from '../http/locale.ts'
import type { TelegramUser } from './update-schema.ts'

const catalogues = { uz, sr, ru } satisfies Record<Lang, typeof ru>
export type BotTextKey = keyof typeof ru

/** The bot's texts (locales/*\/telegram.json) in a staff member's language, `{name}` placeholders filled. */
export function botText(lang: Lang, key: BotTextKey, vars: Record<string, string | number> = {}): string {
  const template: string = catalogues[lang][key] ?? catalogues.ru[key]
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole))
}

/** A staff row's language; the shop default for anything else. */
export const staffLang = (value: unknown): Lang => (isLang(value) ? value : 'ru')

/** Sums as staff read them: 1 250 000. */
export const sumText = (amount: number) =>
  Math.round(amount)
    .toLocaleString('ru-RU')
    .replace(/\u00a0/g, ' ')

/** Telegram's language of an unlinked user (its plain Uzbek is the Latin script, our `sr`). */
export const telegramLang = (user: TelegramUser | undefined): Lang => shopLangOfTelegram(user?.language_code)
