import ru from '../../locales/ru/api.json' with { type: 'json' }
import sr from '../../locales/sr/api.json' with { type: 'json' }
import uz from '../../locales/uz/api.json' with { type: 'json' }
import type { Lang } from './locale.ts'

const catalogues = { uz, sr, ru } satisfies Record<Lang, typeof ru>
export type MessageKey = keyof typeof ru

/** The API's own texts (errors, SMS) in the client's language, `{name}` placeholders filled. */
export function message(lang: Lang, key: MessageKey, vars: Record<string, string | number> = {}): string {
  const template: string = catalogues[lang][key] ?? catalogues.ru[key]
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole))
}
