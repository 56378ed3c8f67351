import { z } from '@hono/zod-openapi'
import { etagMatches } from '../catalogue/cache.ts'
import type { ApiDeps } from '../http/context.ts'
import { createRouter } from '../http/context.ts'
import { ApiError, notFound } from '../http/errors.ts'
import { message } from '../http/messages.ts'
import { routeGroup } from '../http/openapi.ts'
import { errorSchema } from '../http/schemas.ts'
import { logger } from '../log.ts'
import { currentVersion, mediaUrl, socialUrl } from './links.ts'
import { imageSizeNames } from './paths.ts'
import { contentTypes, limitImageCache, preferredFormat, sizedCopy, socialSize } from './resize.ts'
import { MediaStoreUnavailable, mediaStoreOf } from './store.ts'

const immutable = 'public, max-age=31536000, immutable'

const params = z.object({
  size: z.enum([...imageSizeNames, socialSize]).openapi({
    description:
      'extra_small 64 px, small 240, medium 480, large 960 wide; social: the 1200×630 JPEG link preview (og:image), ' +
      'its path ends in an extra `.jpg`',
  }),
  version: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,32}$/)
    .openapi({ description: "Content hash of the original, as given in the catalogue's image URLs" }),
  path: z.string().min(1).max(300).openapi({ description: 'Path of the original under the uploads folder' }),
})

const route = routeGroup({ tags: ['media'] })

const imageRoute = route.get('/media/{size}/{version}/{path}', {
  summary: 'A product, banner or story picture resized to a standard width',
  description:
    'Use the URLs the catalogue returns; they change whenever the picture does, so responses are immutable. ' +
    'AVIF when the Accept header names image/avif, else WebP when it names image/webp, otherwise JPEG ' +
    '(`Vary: Accept`). `path` may contain slashes.',
  request: { params },
  responses: {
    200: {
      description: 'The picture',
      content: {
        'image/avif': { schema: z.string().openapi({ format: 'binary' }) },
        'image/webp': { schema: z.string().openapi({ format: 'binary' }) },
        'image/jpeg': { schema: z.string().openapi({ format: 'binary' }) },
      },
    },
    302: { description: 'The picture changed; redirects to its current URL' },
    304: { description: 'Not modified' },
    404: { description: 'Unknown size or picture', content: { 'application/json': { schema: errorSchema } } },
    503: {
      description:
        'The picture store cannot be asked just now: try again after `Retry-After` seconds (not to be cached, unlike a 404)',
      content: { 'application/json': { schema: errorSchema } },
    },
  },
})

/** The store is down: the picture is not missing, so nothing may keep this answer (a CDN would keep a 404). */
const storeDown = (lang: Parameters<typeof message>[0]) =>
  new ApiError(503, message(lang, 'unavailable'), undefined, { 'Retry-After': '30', 'Cache-Control': 'no-store' })

/** Serves resized copies of the originals in the media store, made once with sharp and kept in the store. */
export function mediaRoutes({ config }: ApiDeps) {
  const store = mediaStoreOf(config)
  limitImageCache(config.IMAGE_CACHE_MB)
  const router = createRouter()
  // The path runs over several segments, which the OpenAPI path syntax cannot say:
  // the route is documented as written above and matched with Hono's own pattern.
  router.openAPIRegistry.registerPath(imageRoute)
  router.get('/media/:size/:version/:path{.+}', async (c) => {
    const lang = c.get('lang')
    const size = c.req.param('size')
    // The API adds a trailing slash to every path (api/app.ts); a file name has none.
    let path = c.req.param('path').replace(/\/$/, '')
    // The link-preview copy is always JPEG and its name says so: crawlers go by the name.
    const social = size === socialSize
    if (social) {
      if (!path.endsWith('.jpg')) throw notFound(lang)
      path = path.slice(0, -'.jpg'.length)
    }
    // Hono has percent-decoded the path already.
    const parsed = params.safeParse({ size, version: c.req.param('version'), path })
    if (!parsed.success) throw notFound(lang)
    const { version } = parsed.data
    const current = await currentVersion(store, path).catch((error) => {
      throw error instanceof MediaStoreUnavailable ? storeDown(lang) : error
    })
    if (!current) throw notFound(lang)
    if (current !== version) {
      const url =
        parsed.data.size === socialSize ? socialUrl('', current, path) : mediaUrl('', parsed.data.size, current, path)
      return c.body(null, 302, { Location: url, 'Cache-Control': 'no-cache' })
    }
    const format = social ? 'jpeg' : preferredFormat(c.req.header('accept'))
    const etag = `"${version}-${size}-${format}"`
    const headers = { 'Cache-Control': immutable, ETag: etag, ...(social ? {} : { Vary: 'Accept' }) }
    if (etagMatches(c.req.header('if-none-match'), etag)) return c.body(null, 304, headers)
    let bytes: Buffer | null
    try {
      bytes = await sizedCopy({ store, path, version, size: parsed.data.size, format })
    } catch (error) {
      if (error instanceof MediaStoreUnavailable) throw storeDown(lang)
      // A broken original is a content problem, not a crash: log it and answer as if absent.
      logger().warn(`media: cannot resize ${path}: ${(error as Error).message}`)
      throw notFound(lang)
    }
    if (!bytes) throw notFound(lang)
    return c.body(new Uint8Array(bytes), 200, {
      ...headers,
      'Content-Type': contentTypes[format],
      'Content-Length': String(bytes.length),
    })
  })
  return router
}
