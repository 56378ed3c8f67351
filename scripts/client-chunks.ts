import type { Plugin } from 'vite'

/**
 * The browser's scripts in a few files per page instead of fifty
 * (docs/decisions/007-javascript-budget.md): on HTTP/1.1 over a slow phone
 * network each file costs a round trip, and a product page asked for 51.
 *
 * - `react` (React, React DOM, the scheduler, the bundler's runtime) and
 *   `router` (React Router): every page needs them, they change only with an
 *   upgrade.
 * - `shell`: the shop's frame, i.e. everything the root and the shop's layout
 *   import (header, search, menus, footer, badges, toasts, the texts lookup).
 * - `account`: the shop's forms (sign-in, registration, reset, the profile's
 *   fields) with the form library; `catalogue`: what the product, list and
 *   home pages all show (cards, prices, basket buttons); `listing`: the list
 *   pages' filters, sorting and pages. What one page alone uses stays in its
 *   route module, which React Router loads by route.
 * - `texts-{lang}` and `texts-{lang}-admin`: the interface texts of one
 *   language for the shop and for the back office, one file each instead of
 *   one per namespace (a page loads all of its side's once alive anyway).
 *   The server names the page's one in its HTML (`virtual:atir/texts-chunks`),
 *   so it is fetched with the scripts, not after them.
 */
export function clientChunks(): Plugin[] {
  const shell = new Set<string>()
  const texts: Record<string, string> = {}
  return [
    {
      name: 'atir:client-chunks',
      applyToEnvironment: (environment) => environment.name === 'client',
      options(options) {
        // A group may leave a module's dependencies to other chunks (`account`): a route module's chunk may
        // then export more than the module does, which React Router does not mind.
        options.preserveEntrySignatures = 'allow-extension'
        return options
      },
      buildEnd() {
        // What the root and the shop's layout import, statically and transitively: the frame of every page.
        const queue = [...this.getModuleIds()].filter((id) => frames.test(clean(id)))
        while (queue.length) {
          const id = queue.pop()!
          if (shell.has(id) || id.includes('/node_modules/')) continue
          shell.add(id)
          queue.push(...(this.getModuleInfo(id)?.importedIds ?? []))
        }
      },
      outputOptions(options) {
        options.codeSplitting = {
          groups: [
            { name: 'react', test: (id) => react.test(id) || id === runtime, priority: 50 },
            { name: 'router', test: /[\\/]node_modules[\\/]react-router[\\/]/, priority: 40 },
            { name: textsChunk, debugName: 'texts', test: /[\\/]locales[\\/]/, priority: 30 },
            { name: 'shell', test: (id) => shell.has(id) && !isRouteEntry(id), priority: 20 },
            { name: 'account', test: account, includeDependenciesRecursively: false, priority: 10 },
            { name: 'catalogue', test: catalogue, priority: 5 },
            { name: 'listing', test: listing, priority: 5 },
          ],
        }
        return options
      },
      generateBundle(options, bundle) {
        const base = options.dir?.replace(/^.*[\\/]build[\\/]client/, '') ?? ''
        for (const file of Object.values(bundle)) {
          if (file.type === 'chunk' && file.name.startsWith('texts-')) texts[file.name] = `${base}/${file.fileName}`
        }
      },
    },
    {
      // The client is built before the server, so the server's bundle knows the texts' file names.
      name: 'atir:texts-chunks',
      resolveId: (id) => (id === textsModule ? `\0${textsModule}` : null),
      load: (id) => (id === `\0${textsModule}` ? `export default ${JSON.stringify(texts)}` : null),
    },
  ]
}

const textsModule = 'virtual:atir/texts-chunks'
const runtime = '\0rolldown/runtime.js'
const react = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/
const clean = (id: string) => id.replace(/\?.*$/, '')
const frames = /[\\/]app[\\/](root\.tsx|routes[\\/]\$lang[\\/]_layout\.tsx)$/
const isRouteEntry = (id: string) => id.includes('?__react-router-')
const account =
  /[\\/](app[\\/]components[\\/](account[\\/]|profile[\\/]fields|store-badges|modal)|node_modules[\\/]@conform-to[\\/]|contract[\\/](phone-format|message-limits))/
const catalogue =
  /[\\/]app[\\/](components[\\/](catalogue[\\/](product-card|price|rating|image|links|breadcrumbs|rich-text|section|category-tiles)|basket[\\/](product-actions|quantity-form|form-context|empty-list)|form-message)|utils[\\/](seo|save-data))\.tsx?$|[\\/]contract[\\/](upload|review)-limits\.ts$/
const listing =
  /[\\/]app[\\/](components[\\/]catalogue[\\/](listing|filters|filter-sheet|list-params|pagination|category-page)|utils[\\/]amount-input)\.tsx?$/

function textsChunk(id: string) {
  const [, lang, namespace] = /[\\/]locales[\\/](\w+)[\\/]([\w-]+)\.json$/.exec(id) ?? []
  if (!lang || !namespace) return null
  return namespace.startsWith('admin') ? `texts-${lang}-admin` : `texts-${lang}`
}
