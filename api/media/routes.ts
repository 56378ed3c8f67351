import { createRoute, z } from '@hono/zod-openapi'
import { etagMatches } from '../catalogue/cache.ts'
import type { ApiDeps } from '../http/context.ts'
import { createRouter } from '../http/context.ts'
import { notFound } from '../http/errors.ts'
import { errorSchema } from '../http/schemas.ts'
import { cacheDirOf, mediaUrl, originalVersion, uploadsDirOf } from './links.ts'
import { imageSizeNames, resolveUpload } from './paths.ts'
import { contentTypes, preferredFormat, sizedCopy } from './resize.ts'

const immutable = 'public, max-age=31536000, immutable'

const params = z.object({
  size: z.enum(imageSizeNames).openapi({ description: 'extra_small 64 px, small 240, medium 480, large 960 wide' }),
  version: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,32}$/)
    .openapi({ description: "Content hash of the original, as given in the catalogue's image URLs" }),
  path: z.string().min(1).max(300).openapi({ description: 'Path of the original under the uploads folder' }),
})

const imageRoute = createRoute({
  method: 'get',
  path: '/media/{size}/{version}/{path}',
  tags: ['media'],
  summary: 'A product, banner or story picture resized to a standard width',
  description:
    'Use the URLs the catalogue returns; they change whenever the picture does, so responses are immutable. ' +
    'WebP when the Accept header names image/webp, otherwise JPEG. `path` may contain slashes.',
  request: { params },
  responses: {
    200: {
      description: 'The picture',
      content: {
        'image/webp': { schema: z.string().openapi({ format: 'binary' }) },
        'image/jpeg': { schema: z.string().openapi({ format: 'binary' }) },
      },
    },
    302: { description: 'The picture changed; redirects to its current URL' },
    304: { description: 'Not modified' },
    404: { description: 'Unknown size or picture', content: { 'application/json': { schema: errorSchema } } },
  },
})

/** Serves resized copies of the originals in DATA_DIR/uploads, made once with sharp and kept in DATA_DIR/cache. */
export function mediaRoutes({ config }: ApiDeps) {
  const uploadsDir = uploadsDirOf(config)
  const cacheDir = cacheDirOf(config)
  const router = createRouter()
  // The path runs over several segments, which the OpenAPI path syntax cannot say:
  // the route is documented as written above and matched with Hono's own pattern.
  router.openAPIRegistry.registerPath(imageRoute)
  router.get('/media/:size/:version/:path{.+}', async (c) => {
    const lang = c.get('lang')
    const parsed = params.safeParse({
      size: c.req.param('size'),
      version: c.req.param('version'),
      // Hono has percent-decoded it already. The API adds a trailing slash to
      // every path (api/app.ts); a file name has none.
      path: c.req.param('path').replace(/\/$/, ''),
    })
    if (!parsed.success) throw notFound(lang)
    const { size, version, path } = parsed.data
    const original = resolveUpload(uploadsDir, path)
    const current = original && (await originalVersion(uploadsDir, path))
    if (!original || !current) throw notFound(lang)
    if (current !== version) {
      return c.body(null, 302, { Location: mediaUrl('', size, current, path), 'Cache-Control': 'no-cache' })
    }
    const format = preferredFormat(c.req.header('accept'))
    const etag = `"${version}-${size}-${format}"`
    const headers = { 'Cache-Control': immutable, ETag: etag, Vary: 'Accept' }
    if (etagMatches(c.req.header('if-none-match'), etag)) return c.body(null, 304, headers)
    let bytes: Buffer
    try {
      bytes = await sizedCopy({ original, cacheDir, version, size, format })
    } catch (error) {
      // A broken original is a content problem, not a crash: log it and answer as if absent.
      console.warn('media: cannot resize', path, (error as Error).message)
      throw notFound(lang)
    }
    return c.body(new Uint8Array(bytes), 200, {
      ...headers,
      'Content-Type': contentTypes[format],
      'Content-Length': String(bytes.length),
    })
  })
  return router
}
