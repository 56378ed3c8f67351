// A URL's file is found in one hop (docs/architecture.md "Routes"); app/routes.ts follows the convention everywhere.
import { readdirSync } from 'node:fs'
import type { RouteConfigEntry } from '@react-router/dev/routes'
import { expect, test } from 'vitest'
import routes from '#app/routes.ts'

type Flat = { id?: string; path: string; file: string; layout: boolean; below: string[] }

function flatten(entries: RouteConfigEntry[], parent = ''): Flat[] {
  return entries.flatMap((r) => {
    const path = [parent, r.path].filter(Boolean).join('/')
    const children = flatten(r.children ?? [], path)
    const own = { id: r.id, path, file: r.file, layout: Boolean(r.children), below: children.map((c) => c.file) }
    return [own, ...children]
  })
}

/** The files a URL path may live in: `:param` → `$param`, `*` → `$`, a folder's own page index.tsx. */
function candidates(path: string): string[] {
  const base = ['routes', ...path.split('/').filter(Boolean)]
    .map((s) => (s === '*' ? '$' : s.replace(/^:/, '$')))
    .join('/')
  return [`${base}.tsx`, `${base}.ts`, `${base}/index.tsx`]
}

// Registered a second time under another URL, with their own ids (docs/architecture.md "Routes").
const reused = new Set(['sitemap-part', 'root-not-found', 'routes/$lang/my-orders/history'])
const all = flatten(routes)

test.each(all.filter((r) => !reused.has(r.id ?? '')).map((r) => [r.path || '/', r]))(
  '%s lives where its URL says',
  (_, r) => {
    if (!r.layout) return expect(candidates(r.path)).toContain(r.file)
    // A layout is the _layout.tsx of the folder that holds all its pages.
    expect(r.file).toMatch(/\/_layout\.tsx$/)
    const folder = r.file.replace(/_layout\.tsx$/, '')
    for (const file of r.below) expect(file.startsWith(folder), file).toBe(true)
  },
)

test('every module under app/routes except *.server.ts helpers and +shared/ folders is a registered route', () => {
  const files = (readdirSync(new URL('../../app/routes/', import.meta.url), { recursive: true }) as string[])
    .map((f) => f.replaceAll('\\', '/'))
    .filter((f) => /\.tsx?$/.test(f) && !/\.server\.tsx?$/.test(f) && !/(^|\/)\+shared\//.test(f))
    .map((f) => `routes/${f}`)
  expect(files.sort()).toEqual([...new Set(all.map((r) => r.file))].sort())
})
