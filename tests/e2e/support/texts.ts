import { readFileSync } from 'node:fs'

// The shop's own texts, for specs that walk a page in each language: what the page shows, read from
// locales/ rather than written again here.

export const langs = ['ru', 'uz', 'sr'] as const
export type Lang = (typeof langs)[number]

const files = new Map<string, Record<string, unknown>>()
function namespace(lang: Lang, ns: string) {
  const key = `${lang}/${ns}`
  if (!files.has(key))
    files.set(key, JSON.parse(readFileSync(new URL(`../../../locales/${key}.json`, import.meta.url), 'utf8')))
  return files.get(key) as Record<string, unknown>
}

/** `ns:a.b` in `lang`, with its {{names}} filled in. */
export function text(lang: Lang, key: string, values: Record<string, string | number> = {}): string {
  const [ns, path] = key.split(':') as [string, string]
  const found = path
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], namespace(lang, ns))
  if (typeof found !== 'string') throw new Error(`no text ${lang}/${key}`)
  return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? `{{${name}}}`))
}
