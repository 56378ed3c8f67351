// What a page makes the browser download before it runs: module scripts, their
// modulepreloads, inline `import` statements and stylesheets, measured as
// gzip bytes of the built files in build/client (what the server sends).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

/** Same-origin asset paths a document references, by kind. */
export function assetsOf(html) {
  const js = new Set()
  const css = new Set()
  for (const match of html.matchAll(/<link\b([^>]*)>/g)) {
    const attrs = match[1]
    const rel = /\brel="([^"]+)"/.exec(attrs)?.[1]
    // React Router marks a stylesheet that lazily loaded code also imports with a trailing `#`.
    const href = /\bhref="([^"]+)"/.exec(attrs)?.[1]?.replace(/[?#].*$/, '')
    if (!href?.startsWith('/')) continue
    if (rel === 'modulepreload') js.add(href)
    if (rel === 'stylesheet') css.add(href)
  }
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const src = /\bsrc="([^"]+)"/.exec(match[1])?.[1]
    if (src?.startsWith('/')) js.add(src)
    // React Router's inline module imports the entry and route modules.
    for (const imported of match[2].matchAll(/import\s*(?:[^'"]*from\s*)?["'](\/[^"']+\.js)["']/g)) js.add(imported[1])
  }
  return { js: [...js], css: [...css] }
}

const gzipCache = new Map()
/** gzip size of a built client file (level 6, like the compression middleware). */
export function gzipBytes(clientDir, path) {
  const key = join(clientDir, path)
  if (!gzipCache.has(key)) gzipCache.set(key, gzipSync(readFileSync(key), { level: 6 }).length)
  return gzipCache.get(key)
}

/** The page's interface texts (scripts/client-chunks.ts): fetched with the scripts, counted apart from code. */
export const isTexts = (path) => /\/texts-[\w-]+\.js$/.test(path)

export function assetBytes(clientDir, html) {
  const { js, css } = assetsOf(html)
  const sum = (list) => list.reduce((total, path) => total + gzipBytes(clientDir, path), 0)
  const code = js.filter((path) => !isTexts(path))
  return {
    js: sum(code),
    texts: sum(js.filter(isTexts)),
    css: sum(css),
    jsFiles: js.length,
    cssFiles: css.length,
    html: gzipSync(html).length,
  }
}
