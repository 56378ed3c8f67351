import { redirect } from 'react-router'
import { isApiError, rethrowNotFound } from '#app/utils/api-errors.server.ts'

// Old slugs (a product, brand, manufacturer or category renamed in the back
// office) answer with a permanent redirect to the page under its current slug,
// so links and search engines' entries keep working. The in-process API says
// so with a 301 and `slug`; over HTTP (API_URL) fetch follows that 301 and the
// loader sees the current slug differ from the URL's.

/** The request's URL with its path segment `from` replaced by `to` (query kept). */
function withSlug(request: Request, from: string, to: string) {
  const url = new URL(request.url)
  const segments = url.pathname.split('/')
  const at = segments.lastIndexOf(from)
  if (at >= 0) segments[at] = to
  return `${segments.join('/')}${url.search}`
}

/** For `.catch` of a call by slug: an old slug is this page's 301, a 404 or 400 stays one (rethrowNotFound). */
export function rethrowMoved(request: Request, from: string) {
  return (error: unknown): never => {
    const slug = isApiError(error, 301) ? (error.body as { slug?: unknown }).slug : undefined
    if (typeof slug === 'string') throw redirect(withSlug(request, from, slug), 301)
    return rethrowNotFound(error)
  }
}

/** The API answered for another slug than the URL's (it followed a 301): this page moved too. */
export function redirectIfRenamed(request: Request, asked: string, current: string) {
  if (asked !== current) throw redirect(withSlug(request, asked, current), 301)
}

/**
 * `?brand=old-slug`, `?sections=old-slug`: slugs a list's query names that
 * the shop does not know may be old ones (a renamed brand or category):
 * a 301 to the same list with the current slugs when they are. `current`
 * asks the API for one slug (its 301 names the current slug).
 */
export async function redirectOldSlugs(
  request: Request,
  param: 'brand' | 'sections',
  asked: string[],
  known: ReadonlySet<string>,
  current: (slug: string) => Promise<{ slug: string }>,
) {
  const unknown = asked.filter((slug) => !known.has(slug))
  if (!unknown.length) return
  const renamed = new Map<string, string>()
  await Promise.all(
    unknown.map(async (slug) => {
      const found = await current(slug).catch((error: unknown) => {
        const moved = isApiError(error, 301) ? (error.body as { slug?: unknown }).slug : undefined
        return typeof moved === 'string' ? { slug: moved } : null
      })
      if (found && found.slug !== slug) renamed.set(slug, found.slug)
    }),
  )
  if (!renamed.size) return
  const url = new URL(request.url)
  const values = url.searchParams.getAll(param)
  url.searchParams.delete(param)
  for (const value of values)
    url.searchParams.append(
      param,
      value
        .split(',')
        .map((slug) => renamed.get(slug.trim()) ?? slug)
        .join(','),
    )
  throw redirect(`${url.pathname}${url.search}`, 301)
}
