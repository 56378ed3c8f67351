import { data } from 'react-router'
import { ownPageAddress } from '#app/components/catalogue/links.ts'
import type {
  ApiProductCard,
  Brand,
  CategoryGroup,
  ContentPage,
  Paged,
  PostCard,
} from '#app/components/catalogue/types.ts'
import type { ApiClient } from '#app/lib/api.server.ts'
import { apiClientContext } from '#app/lib/api.server.ts'
import { resourceCacheControl } from '#app/lib/http-cache.ts'
import { languages } from '#app/lib/i18n.ts'
import type { Route } from './+types/sitemap'
import { siteOrigin } from './catalogue/common.server.ts'

// /sitemap.xml is an index: one sitemap of the shop's pages, categories,
// brands and posts, and product sitemaps of `chunk` products each (every
// product in all three languages, so at most 3 × 5,000 addresses per file,
// well under the protocol's 50,000). Built from the API and kept for a while.

const chunk = 5000
const apiPage = 100
const keepMs = 10 * 60_000
const built = new Map<string, { xml: string; at: number }>()

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!)

/** An address and, when known, when its page last changed (a product's updated_at). */
type Entry = { loc: string; lastmod?: string }

function urlset(entries: Entry[]) {
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
async function all<T>(api: ApiClient, path: string, query: Record<string, string | number> = {}) {
  const first = await api.get<Paged<T>>(path, { ...query, page: 1, size: apiPage })
  const rest = await Promise.all(
    Array.from({ length: first.total_pages - 1 }, (_, i) =>
      api.get<Paged<T>>(path, { ...query, page: i + 2, size: apiPage }),
    ),
  )
  return [first, ...rest].flatMap((page) => page.results)
}

/** Paths (without the language) of everything but products. */
async function shopPaths(api: ApiClient) {
  const [tree, brands, pages, posts] = await Promise.all([
    api.get<{ results: CategoryGroup[] }>('products/categories/'),
    api.get<{ results: Brand[] }>('products/brands/'),
    api.get<{ results: Omit<ContentPage, 'body'>[] }>('pages/'),
    all<PostCard>(api, 'posts/'),
  ])
  // The API lists no manufacturers: they are found through their brands.
  const makers = await Promise.all(
    brands.results.map((b) =>
      api
        .get<{ manufacturer: { slug: string } | null }>(`products/brands/${b.slug}/`)
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
          .get<Paged<ApiProductCard>>('products/', { ordering: 'created_at', page, size: apiPage })
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

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const origin = siteOrigin(request)
  const api = context.get(apiClientContext)
  const name = params.name ?? 'index'
  const key = `${origin} ${name}`
  let entry = built.get(key)
  if (!entry || Date.now() - entry.at > keepMs) {
    let xml: string
    const everyLanguage = (pages: (string | { path: string; lastmod: string })[]) =>
      languages.flatMap((lang) =>
        pages.map((page) =>
          typeof page === 'string'
            ? { loc: `${origin}/${lang}${page}` }
            : { loc: `${origin}/${lang}${page.path}`, lastmod: page.lastmod },
        ),
      )
    if (name === 'index') {
      const { total } = await api.get<Paged<ApiProductCard>>('products/', { size: 1 })
      const parts = Math.max(1, Math.ceil(total / chunk))
      xml = sitemapIndex([
        `${origin}/sitemaps/shop.xml`,
        ...Array.from({ length: parts }, (_, i) => `${origin}/sitemaps/products-${i + 1}.xml`),
      ])
    } else if (name === 'shop.xml') {
      xml = urlset(everyLanguage(await shopPaths(api)))
    } else {
      const part = Number(/^products-(\d{1,4})\.xml$/.exec(name)?.[1] ?? 0)
      if (!part) throw data(null, { status: 404 })
      const slugs = await productSlugs(api, part)
      if (!slugs.length) throw data(null, { status: 404 })
      xml = urlset(everyLanguage(slugs.map((p) => ({ path: `/products/${p.slug}`, lastmod: p.updated_at }))))
    }
    entry = { xml, at: Date.now() }
    built.set(key, entry)
  }
  return new Response(entry.xml, {
    headers: {
      'Content-Type': 'application/xml; charset=utf-8',
      'Cache-Control': resourceCacheControl(request, 3600),
    },
  })
}
