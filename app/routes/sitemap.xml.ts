import { data } from 'react-router'
import { ownPageAddress } from '#app/components/catalogue/links.ts'
import type { ApiClient } from '#app/utils/api-client.server.ts'
import { apiClientContext } from '#app/utils/api-client.server.ts'
import { siteOrigin } from '#app/utils/catalogue.server.ts'
import { resourceCacheControl } from '#app/utils/http-cache.ts'
import { languages } from '#app/utils/i18n.ts'
import type { Route } from './+types/sitemap.xml'

// /sitemap.xml is an index: one sitemap of the shop's pages, categories,
// brands and posts, and product sitemaps of `chunk` products each (every
// product in all three languages, so at most 3 × 5,000 addresses per file,
// well under the protocol's 50,000). Built from the API and kept for a while.

const chunk = 5000
const apiPage = 100
const keepMs = 10 * 60_000
// Paths, not URLs, by file name: every origin asking shares one entry (a demo
// without PUBLIC_URL answers each Host with its own links, from the same entry).
const built = new Map<string, { pages: Page[]; index: boolean; at: number }>()

/** A path of the shop and, when known, when its page last changed (a product's updated_at). */
type Page = { path: string; lastmod?: string }

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!)

function urlset(entries: { loc: string; lastmod?: string }[]) {
  const body = entries
    .map(
      ({ loc, lastmod }) =>
        `<url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${escapeXml(lastmod)}</lastmod>` : ''}</url>`,
    )
    .join('\n')
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`
}

function sitemapIndex(urls: string[]) {
  const body = urls.map((url) => `<sitemap><loc>${escapeXml(url)}</loc></sitemap>`).join('\n')
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</sitemapindex>\n`
}

/** Every page of a paged list. */
async function all(api: ApiClient, path: 'posts/', query: Record<string, string | number> = {}) {
  const first = await api.get(path, { ...query, page: 1, size: apiPage })
  const rest = await Promise.all(
    Array.from({ length: first.total_pages - 1 }, (_, i) => api.get(path, { ...query, page: i + 2, size: apiPage })),
  )
  return [first, ...rest].flatMap((page) => page.results)
}

/** Paths (without the language) of everything but products. */
async function shopPaths(api: ApiClient) {
  const [tree, brands, pages, posts] = await Promise.all([
    api.get('products/categories/'),
    api.get('products/brands/'),
    api.get('pages/'),
    all(api, 'posts/'),
  ])
  // The API lists no manufacturers: they are found through their brands.
  const makers = await Promise.all(
    brands.results.map((b) =>
      api
        .get(`products/brands/${b.slug}/`)
        .then((d) => d.manufacturer?.slug ?? null)
        .catch(() => null),
    ),
  )
  return [
    '',
    '/products',
    '/products/categories',
    '/brands',
    '/about',
    '/contact',
    '/mobile',
    ...tree.results.flatMap((g) => [
      ...(g.slug ? [`/products?sections=${g.slug}`] : []),
      ...g.children.map((c) => `/products/category/${c.slug}`),
    ]),
    ...brands.results.map((b) => `/products?brand=${b.slug}`),
    ...[...new Set(makers.filter(Boolean))].map((slug) => `/manufactures/${slug}`),
    ...pages.results.filter((p) => !ownPageAddress[p.slug]).map((p) => `/pages/${p.slug}`),
    ...posts.map((p) => `/posts/${p.id}`),
  ]
}

/** Products (slug, last change) of one chunk, oldest first so a chunk keeps its products as new ones arrive. */
async function productSlugs(api: ApiClient, part: number) {
  const perChunk = chunk / apiPage
  const pages = Array.from({ length: perChunk }, (_, i) => (part - 1) * perChunk + i + 1)
  const slugs: { slug: string; updated_at: string }[] = []
  // A few at a time: this runs beside the shop's own requests.
  for (let i = 0; i < pages.length; i += 4) {
    const batch = await Promise.all(
      pages.slice(i, i + 4).map((page) =>
        api
          // Every size of a line has its own page: each is listed.
          .get('products/', { ordering: 'created_at', page, size: apiPage, sizes: 'separate' })
          .then((r) => r.results.map(({ slug, updated_at }) => ({ slug, updated_at })))
          .catch(() => [] as typeof slugs),
      ),
    )
    const found = batch.flat()
    slugs.push(...found)
    if (found.length < apiPage * batch.length) break
  }
  return slugs
}

/** The pages one sitemap file lists: sitemaps for the index, pages (every language) for the others. */
async function sitemapPages(api: ApiClient, name: string): Promise<{ index: boolean; pages: Page[] }> {
  const everyLanguage = (pages: Page[]) =>
    languages.flatMap((lang) => pages.map((page) => ({ ...page, path: `/${lang}${page.path}` })))
  if (name === 'index') {
    const { total } = await api.get('products/', { size: 1, sizes: 'separate' })
    const parts = Math.max(1, Math.ceil(total / chunk))
    const paths = ['/sitemaps/shop.xml', ...Array.from({ length: parts }, (_, i) => `/sitemaps/products-${i + 1}.xml`)]
    return { index: true, pages: paths.map((path) => ({ path })) }
  }
  if (name === 'shop.xml')
    return { index: false, pages: everyLanguage((await shopPaths(api)).map((path) => ({ path }))) }
  const part = Number(/^products-(\d{1,4})\.xml$/.exec(name)?.[1] ?? 0)
  if (!part) throw data(null, { status: 404 })
  const slugs = await productSlugs(api, part)
  if (!slugs.length) throw data(null, { status: 404 })
  const products = slugs.map((p) => ({ path: `/products/${p.slug}`, lastmod: p.updated_at }))
  return { index: false, pages: everyLanguage(products) }
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const name = params.name ?? 'index'
  let entry = built.get(name)
  if (!entry || Date.now() - entry.at > keepMs) {
    entry = { ...(await sitemapPages(context.get(apiClientContext), name)), at: Date.now() }
    built.set(name, entry)
  }
  const origin = siteOrigin(request)
  const entries = entry.pages.map(({ path, lastmod }) => ({ loc: `${origin}${path}`, lastmod }))
  return new Response(entry.index ? sitemapIndex(entries.map((e) => e.loc)) : urlset(entries), {
    headers: {
      'Content-Type': 'application/xml; charset=utf-8',
      'Cache-Control': resourceCacheControl(request, 3600),
    },
  })
}
