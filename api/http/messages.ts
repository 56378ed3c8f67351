import ru from '../../locales/ru/api.json' with { type: 'json' }
import sr from '../../locales/sr/api.json' with { type: 'json' }
import uz from '../../locales/uz/api.json' with { type: 'json' }
import { logger } from '../log.ts'
import type { Lang } from './locale.ts'

const catalogues = { uz, sr, ru } satisfies Record<Lang, typeof ru>
export type MessageKey = keyof typeof ru

/**
 * The API's own texts (errors, SMS) in the client's language, `{name}`
 * placeholders filled. A placeholder the caller gave no value for is a bug:
 * logged as an error (so tests fail on it) and left out, never sent as `{max}`.
 */
export function message(lang: Lang, key: MessageKey, vars: Record<string, string | number> = {}): string {
  const template: string = catalogues[lang][key] ?? catalogues.ru[key]
  const missing: string[] = []
  const text = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (name in vars) return String(vars[name])
    missing.push(name)
    return ''
  })
  if (missing.length) logger().error({ key, missing }, 'API message without the values of its placeholders')
  return text
}

/** A count as the texts write it: `100 000` (groups of three, plain spaces). */
export const groupedNumber = (n: number) => n.toLocaleString('ru-RU').replace(/\u00a0/g, ' ')
