import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import { parseCookie } from 'cookie'
import type { NextFunction, Request, Response } from 'express'
import { isbot } from 'isbot'
import { catalogueVersion, etagMatches, nextSaleBoundary, strongEtag } from '#api/catalogue/cache.ts'
import type { Db } from '#api/db/client.ts'
import { pageCacheRequests } from '#api/metrics.ts'
import { isLanguageCookie } from '#app/utils/http-cache.ts'

// Rendered pages for first-time visitors (no cookie but the language's): the
// same bytes for all of them, so each page is rendered once and then served
// like a file, compressed ahead. An entry is good while the catalogue's version
// is the same (api/catalogue/cache.ts: every catalogue, content, stock or order
// change in any process on the database moves it), for at most TTL_MS, and
// never past the next moment a sale starts or ends. The pages with their gzip and
// brotli copies are kept within PAGE_CACHE_MB, the least recently served first out.
// docs/decisions/010-cached-pages-for-first-time-visitors.md says why this is safe.
const TTL_MS = 60_000
const DEFAULT_MAX_BYTES = 32 * 2 ** 20
const MAX_BODY_BYTES = 512 * 1024

const gzipAsync = promisify(gzip)
const brotliAsync = promisify(brotliCompress)

type Entry = {
  version: number
  expires: number
  status: number
  headers: [string, string | string[]][]
  etag: string
  identity: Buffer
  gzip: Buffer
  br: Buffer
  /** The request headers the page varies on (besides Cookie and Accept-Encoding), lower case. */
  vary: string[]
}

// Per request, never from the stored page: these are the request's own or describe the bytes sent.
const ownHeaders = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'date',
  'x-request-id',
  'strict-transport-security',
  'x-cache',
])

/** Stored pages in least-recently-used order, bounded by their bytes. */
class PageStore {
  private entries = new Map<string, Entry>()
  /** Per URL, the headers its last stored page varied on: the rest of the key. */
  private varies = new Map<string, string[]>()
  private bytes = 0

  constructor(private readonly maxBytes: number) {}

  key(url: string, req: Request, vary: string[]) {
    // Bots get the whole document rendered before it is sent (entry.server.tsx), browsers a stream
    // whose late parts resolve in place: each kind is kept for its own.
    const reader = isbot(req.headers['user-agent']) ? 'bot' : 'browser'
    return [url, reader, ...vary.map((name) => req.headers[name] ?? '')].join('\n')
  }

  lookup(url: string, req: Request): Entry | undefined {
    const vary = this.varies.get(url)
    if (!vary) return undefined
    const key = this.key(url, req, vary)
    const entry = this.entries.get(key)
    if (!entry) return undefined
    this.entries.delete(key)
    if (entry.expires <= Date.now()) {
      this.bytes -= size(entry)
      return undefined
    }
    this.entries.set(key, entry)
    return entry
  }

  store(url: string, req: Request, entry: Entry) {
    this.varies.set(url, entry.vary)
    const key = this.key(url, req, entry.vary)
    const old = this.entries.get(key)
    if (old) this.bytes -= size(old)
    this.entries.delete(key)
    this.entries.set(key, entry)
    this.bytes += size(entry)
    for (const [oldest, dropped] of this.entries) {
      if (this.bytes <= this.maxBytes) break
      this.entries.delete(oldest)
      this.bytes -= size(dropped)
    }
    if (this.varies.size > this.entries.size * 4) this.varies.clear()
  }

  get size() {
    return this.entries.size
  }

  get weight() {
    return this.bytes
  }
}

const size = (entry: Entry) => entry.identity.length + entry.gzip.length + entry.br.length

/**
 * The one shared-cacheable kind of request: a read (GET/HEAD) with no cookie
 * but the language cookie and no credentials, i.e. no session, flash message,
 * basket, favourites or visitor id.
 */
function firstTimeVisitor(req: Request): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false
  if (req.headers.authorization) return false
  const names = Object.keys(parseCookie(req.headers.cookie ?? ''))
  return names.every((name) => name === 'i18n_redirected')
}

/** What a stored page may be: a whole 200, public, setting no cookie but the language's. */
function shareable(res: Response): boolean {
  if (res.statusCode !== 200) return false
  const cacheControl = String(res.getHeader('cache-control') ?? '')
  if (!/^public\b/.test(cacheControl) || /no-store|private/.test(cacheControl)) return false
  const cookies = res.getHeader('set-cookie')
  const list = cookies === undefined ? [] : Array.isArray(cookies) ? cookies : [String(cookies)]
  return list.every(isLanguageCookie)
}

function varyNames(res: Response): string[] {
  const vary = String(res.getHeader('vary') ?? '')
  const names = vary
    .split(',')
    .map((name) => name.trim().toLowerCase())
    // Every key holds the reader's kind, bot or browser, already: what a page varies on by its user agent.
    .filter((name) => name && name !== 'cookie' && name !== 'accept-encoding' && name !== 'user-agent')
  return [...new Set(names)].sort()
}

/** The best of br, gzip and identity the request accepts (a `q=0` refuses). */
function encodingFor(req: Request): 'br' | 'gzip' | 'identity' {
  const accepted = new Map<string, number>()
  for (const part of String(req.headers['accept-encoding'] ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean)
    if (name) accepted.set(name, q === undefined ? 1 : Number(q))
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0
  if (ok('br')) return 'br'
  if (ok('gzip')) return 'gzip'
  return 'identity'
}

function serve(req: Request, res: Response, entry: Entry) {
  res.status(entry.status)
  // The stored page's headers, its Content-Security-Policy (with the nonce its scripts carry) included.
  for (const [name, value] of entry.headers) res.setHeader(name, value)
  res.vary('Accept-Encoding')
  res.setHeader('ETag', entry.etag)
  res.setHeader('X-Cache', 'hit')
  if (etagMatches(req.headers['if-none-match'], entry.etag)) {
    res.status(304).end()
    return
  }
  const encoding = encodingFor(req)
  const body = encoding === 'br' ? entry.br : encoding === 'gzip' ? entry.gzip : entry.identity
  // compression() leaves an answer that already has a Content-Encoding alone.
  if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding)
  res.setHeader('Content-Length', body.length)
  if (req.method === 'HEAD') res.end()
  else res.end(body)
}

/**
 * Express middleware in front of the storefront's renderer: answers a
 * first-time visitor's page from the store, or lets the page render and keeps
 * it when it is shareable and the catalogue did not change meanwhile.
 */
export function pageCache(db: Db, options: { maxBytes?: number } = {}) {
  const store = new PageStore(options.maxBytes ?? DEFAULT_MAX_BYTES)
  const handler = (req: Request, res: Response, next: NextFunction) => {
    if (!firstTimeVisitor(req)) return next()
    const version = catalogueVersion(db)
    if (version === null) return next()
    // The language cookie is part of the key: a page sets it when the request's differs.
    const language = parseCookie(req.headers.cookie ?? '').i18n_redirected ?? ''
    // Links in the page (canonical, Open Graph) are built from the scheme and host it was asked with.
    const url = `${req.protocol}://${req.headers.host ?? ''}${req.originalUrl}\n${language}`
    const hit = store.lookup(url, req)
    if (hit && hit.version === version) {
      pageCacheRequests.inc({ result: 'hit' })
      return serve(req, res, hit)
    }
    pageCacheRequests.inc({ result: 'miss' })
    res.setHeader('X-Cache', 'miss')
    if (req.method === 'HEAD') return next()

    const chunks: Buffer[] = []
    let length = 0
    const write = res.write.bind(res) as (...args: unknown[]) => boolean
    const end = res.end.bind(res) as (...args: unknown[]) => Response
    const keep = (chunk: unknown, encoding: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === 'function') return
      const buffer =
        typeof chunk === 'string'
          ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
          : Buffer.from(chunk as Uint8Array)
      length += buffer.length
      if (length <= MAX_BODY_BYTES) chunks.push(buffer)
    }
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0])
      return write(chunk, ...rest)
    }) as typeof res.write
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0])
      const result = end(chunk, ...rest)
      if (length <= MAX_BODY_BYTES && shareable(res)) {
        const headers = Object.entries(res.getHeaders())
          .filter(([name]) => !ownHeaders.has(name))
          .map(([name, value]) => [name, Array.isArray(value) ? value : String(value)] as [string, string | string[]])
        void keepPage(store, db, version, url, req, { status: res.statusCode, headers, vary: varyNames(res) }, chunks)
      }
      return result
    }) as typeof res.end
    next()
  }
  return Object.assign(handler, { size: () => store.size, bytes: () => store.weight })
}

async function keepPage(
  store: PageStore,
  db: Db,
  version: number,
  url: string,
  req: Request,
  page: Pick<Entry, 'status' | 'headers' | 'vary'>,
  chunks: Buffer[],
) {
  try {
    const identity = Buffer.concat(chunks)
    const [gzipped, br, until] = await Promise.all([
      gzipAsync(identity, { level: 9 }),
      brotliAsync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
      nextSaleBoundary(db),
    ])
    // Rendered from a catalogue that has changed since: not kept.
    if (catalogueVersion(db) !== version) return
    const expires = Math.min(Date.now() + TTL_MS, until)
    store.store(url, req, { ...page, version, expires, etag: strongEtag(identity), identity, gzip: gzipped, br })
  } catch {
    // Not kept: the next visitor's request renders it again.
  }
}
