/**
 * The browser's stand-in for react-i18next (vite.config.ts points the client
 * bundle's `react-i18next` imports here; the server keeps i18next). The pages
 * arrive rendered, so the browser only looks texts up again: i18next's
 * runtime (about 17 KB gzip with react-i18next) would be a sixth of the
 * product page's JavaScript. What it does is the part of i18next the shop's
 * components use, with the same results (tests/unit/browser-i18n.test.ts
 * compares every text of every language): nested keys, an `ns:` prefix,
 * `{{value}}` interpolation (not escaped, as configured on the server),
 * plural suffixes by `count` and `defaultValue`. A `.client` module: the
 * server build leaves it out (root.tsx imports it for its client middleware).
 */
import { use, useMemo, useSyncExternalStore } from 'react'

type Texts = { [key: string]: unknown }
type Options = { [name: string]: unknown }

const defaultNamespace = 'common'

// Lazily loaded, immutable-cached: one chunk per language for the shop's namespaces and one for the back
// office's (scripts/client-chunks.ts). The API's and the staff bot's texts are the server's only.
const sources = import.meta.glob<Texts>(
  ['../../locales/*/*.json', '!../../locales/*/api.json', '!../../locales/*/telegram.json'],
  { import: 'default' },
)
const loaders = new Map<string, () => Promise<Texts>>()
for (const [path, load] of Object.entries(sources)) {
  const [, lang, ns] = /locales\/(\w+)\/([\w-]+)\.json$/.exec(path) ?? []
  if (lang && ns) loaders.set(`${lang}/${ns}`, load)
}

const texts = new Map<string, Texts>()
const loading = new Map<string, Promise<Texts>>()

function load(lang: string, ns: string): Promise<Texts> {
  const id = `${lang}/${ns}`
  let promise = loading.get(id)
  if (!promise) {
    const loader = loaders.get(id)
    promise = loader
      ? loader().then((loaded) => {
          texts.set(id, loaded)
          return loaded
        })
      : Promise.resolve({})
    if (!loader) texts.set(id, {})
    loading.set(id, promise)
  }
  return promise
}

function lookup(tree: Texts | undefined, path: string): unknown {
  let node: unknown = tree
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined
    node = (node as Texts)[part]
  }
  return node
}

const pluralRules = new Map<string, Intl.PluralRules>()
function pluralOf(lang: string, count: number) {
  let rules = pluralRules.get(lang)
  if (!rules) {
    rules = new Intl.PluralRules(lang)
    pluralRules.set(lang, rules)
  }
  return rules.select(count)
}

/** i18next's `t` for one language and namespace, over the texts already loaded. */
export function translate(
  source: (lang: string, ns: string) => Texts | undefined,
  lang: string,
  namespace: string,
  fullKey: string,
  options: Options = {},
): string {
  let ns = namespace
  let key = fullKey
  const prefix = /^([\w-]+):(.+)$/.exec(fullKey)
  if (prefix?.[1] && prefix[2] && loaders.has(`${lang}/${prefix[1]}`)) [ns, key] = [prefix[1], prefix[2]]
  const tree = source(lang, ns)
  // i18next tries the most specific key first: `_zero` for 0, then the plural form, then the key itself.
  const candidates = [key]
  const { count } = options
  if (count !== undefined && typeof count !== 'string') {
    candidates.unshift(`${key}_${pluralOf(lang, Number(count))}`)
    if (count === 0) candidates.unshift(`${key}_zero`)
  }
  let text: string | undefined
  for (const candidate of candidates) {
    const found = lookup(tree, candidate)
    if (typeof found === 'string') {
      text = found
      break
    }
  }
  if (text === undefined) text = typeof options.defaultValue === 'string' ? options.defaultValue : key
  // `{{name}}` and `{{- name}}` (unescaped: the same here). As in i18next, a variable
  // not passed at all stays as it is written, one passed as undefined or null prints nothing.
  return text.replace(/\{\{-?(.+?)\}\}/g, (written, name: string) => {
    const value = lookup(options, name.trim())
    if (value !== undefined) return value === null ? '' : String(value)
    return Object.hasOwn(options, name.trim()) ? '' : written
  })
}

// The page's language: set before hydration, changed only by `i18n.changeLanguage`.
let language = ''
let reported: string[] = []
const listeners = new Set<() => void>()
const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
const currentLanguage = () => language

const loaded = (lang: string, ns: string) => texts.get(`${lang}/${ns}`)

export const i18n = {
  get language() {
    return language
  },
  /** Switches once the new language's texts for the namespaces in use are here, so nothing suspends. */
  async changeLanguage(lang: string) {
    const inUse = new Set(
      [...texts.keys()].filter((id) => id.startsWith(`${language}/`)).map((id) => id.slice(id.indexOf('/') + 1)),
    )
    await Promise.all([...inUse].map((ns) => load(lang, ns)))
    language = lang
    everything = null
    for (const listener of listeners) listener()
  },
  // What the server's render used (app/components/i18n-namespaces.tsx renders the same list again).
  reportNamespaces: { getUsedNamespaces: () => reported },
}

/**
 * Before hydration: the page's language and the namespaces the server used
 * for it, downloaded in parallel. The others follow (`allTranslations`); a
 * component that asks for one before it is here suspends until it is.
 */
export async function startTranslations(lang: string, namespaces: string[]) {
  language = lang
  reported = namespaces
  await Promise.all([defaultNamespace, ...namespaces].map((ns) => load(lang, ns)))
}

let everything: Promise<unknown> | null = null
/**
 * The rest of the page's language, downloaded once the page is alive: React
 * Router only renders a new page when its code and data are here, but not
 * its texts, so root.tsx's client middleware waits for this on every
 * navigation and a new page never renders with the old one's URL shown.
 */
export function allTranslations(): Promise<unknown> {
  if (!language) return Promise.resolve()
  // The back office's texts only on its pages: a shopper never needs them.
  const backOffice = reported.some(isBackOffice)
  everything ??= Promise.all(
    [...loaders.keys()]
      .filter((id) => id.startsWith(`${language}/`))
      .map((id) => id.slice(id.indexOf('/') + 1))
      .filter((ns) => backOffice || !isBackOffice(ns))
      .map((ns) => load(language, ns)),
  )
  return everything
}

const isBackOffice = (ns: string) => ns.startsWith('admin')

/** react-i18next's hook, as far as the shop uses it: `t` and `i18n`. */
export function useTranslation(ns: string = defaultNamespace) {
  const lang = useSyncExternalStore(subscribe, currentLanguage, currentLanguage)
  if (!loaded(lang, ns)) use(load(lang, ns))
  return useMemo(
    () => ({
      t: (key: string, options?: Options) => translate(loaded, lang, ns, key, options),
      i18n,
      ready: true,
    }),
    [lang, ns],
  )
}
