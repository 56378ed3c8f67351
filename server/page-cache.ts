import { randomBytes } from 'node:crypto'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import { parseCookie } from 'cookie'
import type { NextFunction, Request, Response } from 'express'
import { isbot } from 'isbot'
import { LRUCache } from 'lru-cache'
import type { Api } from '#api/app.ts'
import {
  type CatalogueMark,
  catalogueMark,
  etagMatches,
  nextSaleBoundary,
  stillCurrent,
  strongEtag,
} from '#api/catalogue/cache.ts'
import type { Db } from '#api/db/client.ts'
import { logger } from '#api/log.ts'
import { pageCacheRequests } from '#api/metrics.ts'
import { isLanguageCookie, privateCache, publicCache, type SharedPageKind } from '#app/utils/http-cache.ts'
import { isLang, type Lang } from '#app/utils/i18n.ts'
import { languageCookieFor } from '#app/utils/locale-detection.server.ts'
import { cookieShopper, personalValues } from '#app/utils/personal.server.ts'
import { renderSlots } from '#app/utils/personal-slots.server.tsx'
import { SharedRender } from '#app/utils/shared-render.server.ts'
import { MINI_APP_COOKIE } from '#app/utils/telegram-mini-app.server.ts'
import { fillTemplate, type PageTemplate, pageTemplate } from './page-template.ts'
import { shopperValues } from './shopper-values.ts'

// Storefront pages rendered once for everyone
// (docs/decisions/017-cached-pages-for-everyone.md, which extends 010). A page
// whose route says it is shared (`handle = sharedPage`; the sign-in page,
// `signedOutPage`, only for the signed-out) is rendered as for a
// first-time visitor, with the shopper's own parts marked (a template,
// server/page-template.ts), and kept; every request for it is then answered
// from the template:
//
// - a visitor who owns nothing (no cookie but the language's and a visitor id:
//   no session, no basket cookie) gets the template as it is, kept whole as a
//   file is, compressed ahead (as decision 010 began it);
// - everyone else gets it with their own parts filled in: their values from
//   the API as them, remembered until a change of theirs (server/shopper-values.ts),
//   the slots that differ rendered for them, each kept for the next shopper in
//   the same state (a card's "in the basket: 1").
//
// Toasts the last request queued (the flash cookie) are such a part too: on
// that shopper's page only. A signed-in shopper whose access token is due for
// a refresh, a page that is not a 200 or whose render had a call fail: rendered
// for the request, as before, and never kept.
//
// An entry is good while the catalogue has not changed since its render
// (api/catalogue/cache.ts `stillCurrent`: any catalogue, content, stock, order
// or review change in any process on the database ends it, but an order's
// stock moves end only the pages showing those products' number in stock,
// as the API told the render), for at most TTL_MS, and never past the next
// moment a sale starts or ends. Entries are kept within three quarters of
// PAGE_CACHE_MB, the least recently served first out.
const TTL_MS = 60_000
const DEFAULT_MAX_BYTES = 32 * 2 ** 20
const MAX_BODY_BYTES = 512 * 1024

const gzipAsync = promisify(gzip)
const brotliAsync = promisify(brotliCompress)

/** Rendered from the catalogue at `mark`, showing the number in stock of `stockOf` (null: of any product). */
type Kept = { mark: CatalogueMark; stockOf: readonly number[] | null; expires: number; vary: string[] }

/** A first-time visitor's page, whole, as it was sent (its nonce is in its Content-Security-Policy). */
type Whole = Kept & {
  kind: 'whole'
  status: number
  headers: [string, string | string[]][]
  etag: string
  identity: Buffer
  gzip: Buffer
  br: Buffer
}

/** A page for everyone with the places of each shopper's own parts. */
type Template = Kept & {
  kind: 'template'
  lang: Lang
  /** The render's headers a filled-in page is sent with (Cache-Control and cookies are each request's). */
  headers: [string, string][]
  template: PageTemplate
}

type Entry = Whole | Template

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
// A template's headers besides those: each filled-in page says its own.
const perShopper = new Set([...ownHeaders, 'set-cookie', 'cache-control', 'content-security-policy', 'etag'])

/** Cookies that make no page personal: the language follows from the URL, a visitor id alone owns nothing. */
const anonymousCookies = new Set(['i18n_redirected', 'visitorId'])

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

  lookup<K extends Entry['kind']>(kind: K, url: string, req: Request): Extract<Entry, { kind: K }> | undefined {
    const vary = this.varies.get(`${kind}\n${url}`)
    if (!vary) return undefined
    const key = this.key(`${kind}\n${url}`, req, vary)
    const entry = this.entries.get(key)
    if (!entry) return undefined
    this.entries.delete(key)
    if (entry.expires <= Date.now()) {
      this.bytes -= size(entry)
      return undefined
    }
    this.entries.set(key, entry)
    return entry as Extract<Entry, { kind: K }>
  }

  store(url: string, req: Request, entry: Entry) {
    const at = `${entry.kind}\n${url}`
    this.varies.set(at, entry.vary)
    const key = this.key(at, req, entry.vary)
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

const size = (entry: Entry) =>
  entry.kind === 'whole' ? entry.identity.length + entry.gzip.length + entry.br.length : entry.template.size

/**
 * Who the requested page is shared by (`sharedPage`, `signedOutPage`), or null when the request is
 * answered for itself: a shared page's request is a read, without credentials of an API client.
 */
function candidate(req: Request, sharedPage: (path: string) => SharedPageKind | null) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null
  if (req.headers.authorization) return null
  // A client navigation's data (`/ru/products/x.data`) is answered for its request.
  if (req.path.endsWith('.data')) return null
  return sharedPage(req.path)
}

function varyNames(headers: Headers): string[] {
  const names = (headers.get('vary') ?? '')
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

function serveWhole(req: Request, res: Response, entry: Whole) {
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
 * The URL React Router sees for this request (as @react-router/express makes
 * it: X-Forwarded-Host only behind a trusted proxy) and the Host header the
 * page's links are made from (app/utils/catalogue.server.ts siteOrigin).
 */
function pageUrl(req: Request) {
  const forwarded = req.app.enabled('trust proxy') ? req.get('x-forwarded-host')?.split(':')[1] : undefined
  const port = [forwarded, req.get('host')?.split(':')[1]]
    .map((p) => Number.parseInt(p ?? '', 10))
    .find(Number.isSafeInteger)
  const host = `${req.hostname.split(/[\\/?#@]/)[0] || 'localhost'}${port ? `:${port}` : ''}`
  return new URL(`${req.protocol}://${host}${req.originalUrl}`).href
}

/** Renders a page through React Router with `shared` in its load context. */
export type SharedRenderer = (
  request: globalThis.Request,
  shared: SharedRender,
  nonce: string,
) => Promise<globalThis.Response>

/** The request headers a shared render is made with: none of the shopper's, only what every page reads. */
const sharedHeaders = ['host', 'user-agent', 'save-data', 'accept-language']

/**
 * Express middleware in front of the storefront's renderer: answers a shared
 * page's request from its template (kept whole for a visitor who owns
 * nothing), rendering and keeping the template first when there is none, or
 * lets the page render for the request.
 */
export function pageCache(
  db: Db,
  options: {
    api: Api
    render: SharedRenderer
    /** Who the route of a path says its page is shared by (server/shared-pages.ts). */
    sharedPage: (path: string) => SharedPageKind | null
    maxBytes?: number
  },
) {
  // Of the budget, an eighth each for the slots rendered for shoppers (their header, a card in their
  // basket) and for the shoppers' values; the rest for pages.
  const eighth = Math.floor((options.maxBytes ?? DEFAULT_MAX_BYTES) / 8)
  const store = new PageStore(6 * eighth)
  const slotHtml = new LRUCache<string, Buffer>({
    maxSize: Math.max(1, eighth),
    sizeCalculation: (html, key) => html.length + key.length,
  })
  const memory = shopperValues(db, eighth)
  // Requests for a page being rendered wait for that render rather than render it again (a crowd's first second).
  const rendering = new Map<string, Promise<Template | null>>()

  const current = (entry: Kept) => stillCurrent(db, entry.mark, entry.stockOf)

  async function templateFor(url: string, req: Request, mark: CatalogueMark) {
    const kept = store.lookup('template', url, req)
    if (kept && current(kept)) return { entry: kept, hit: true }
    // Per catalogue version too: a request after a change never waits for a render begun before it.
    const key = [url, isbot(req.headers['user-agent']), req.headers['save-data'], mark.version].join('\n')
    let pending = rendering.get(key)
    if (!pending) {
      pending = renderTemplate(url, req, mark).finally(() => rendering.delete(key))
      rendering.set(key, pending)
    }
    const entry = await pending
    return entry && { entry, hit: false }
  }

  async function renderTemplate(url: string, req: Request, mark: CatalogueMark): Promise<Template | null> {
    const shared = new SharedRender()
    const nonce = randomBytes(16).toString('base64')
    const headers = new Headers()
    for (const name of sharedHeaders) {
      const value = req.headers[name]
      if (typeof value === 'string') headers.set(name, value)
    }
    const response = await options.render(new globalThis.Request(pageUrl(req), { headers }), shared, nonce)
    const html = await response.text()
    const lang = new URL(pageUrl(req)).pathname.split('/')[1]
    if (response.status !== 200 || shared.failed || !isLang(lang)) return null
    if (!response.headers.get('content-type')?.startsWith('text/html')) return null
    // The route's own word: a page it would not let a shared cache keep is not one (cookies besides the language's too).
    const cacheControl = response.headers.get('cache-control') ?? ''
    if (!/^public\b/.test(cacheControl) || /no-store|private/.test(cacheControl)) return null
    if (!response.headers.getSetCookie().every(isLanguageCookie)) return null
    const template = pageTemplate(html, shared, nonce)
    if (!template || template.size > MAX_BODY_BYTES) return null
    const until = await nextSaleBoundary(db)
    const entry: Template = {
      kind: 'template',
      mark,
      stockOf: shared.stockOf && [...shared.stockOf],
      expires: Math.min(Date.now() + TTL_MS, until),
      vary: varyNames(response.headers),
      lang,
      headers: [...response.headers].filter(([name]) => !perShopper.has(name)),
      template,
    }
    // Rendered from a catalogue that has changed since: good for this request, not kept.
    if (current(entry)) store.store(url, req, entry)
    return entry
  }

  /** A page from its template with `values` in it, for `req`. */
  async function fill(req: Request, res: Response, entry: Template, values: ReadonlyMap<string, unknown>) {
    const frame = [...entry.template.parts].find(([, part]) => part.name === 'frame')?.[0] ?? null
    return fillTemplate(
      entry.template,
      values,
      res.locals.nonce,
      (slots) =>
        renderSlots(
          slots.map((slot) => slot.children),
          { url: pageUrl(req), lang: entry.lang, frame, values },
        ),
      slotHtml,
    )
  }

  function send(
    req: Request,
    res: Response,
    entry: Template,
    body: Buffer,
    personal: { cacheControl: string; hit: boolean },
  ) {
    res.status(200)
    for (const [name, value] of entry.headers) res.setHeader(name, value)
    res.setHeader('Cache-Control', personal.cacheControl)
    const cookie = languageCookieFor(req.headers.cookie ?? null, entry.lang)
    if (cookie) res.append('Set-Cookie', cookie)
    res.setHeader('X-Cache', personal.hit ? 'hit' : 'miss')
    res.setHeader('Content-Length', body.length)
    if (req.method === 'HEAD') res.end()
    else res.end(body)
  }

  /** A visitor who owns nothing: the page whole, as kept, or made from its template and kept. */
  async function anonymous(req: Request, res: Response, url: string, mark: CatalogueMark, language: string) {
    const at = `${url}\n${language}`
    const whole = store.lookup('whole', at, req)
    if (whole && current(whole)) {
      pageCacheRequests.inc({ result: 'hit', shopper: 'anonymous' })
      serveWhole(req, res, whole)
      return true
    }
    const found = await templateFor(url, req, mark)
    if (!found) return false
    pageCacheRequests.inc({ result: 'miss', shopper: 'anonymous' })
    const { entry } = found
    const body = await fill(req, res, entry, entry.template.neutral)
    send(req, res, entry, body, { cacheControl: publicCache, hit: false })
    if (current(entry)) void keepWhole(req, res, at, entry, body)
    return true
  }

  async function keepWhole(req: Request, res: Response, at: string, entry: Template, identity: Buffer) {
    try {
      // As sent, but the per-request headers: the page's nonce is the one its Content-Security-Policy names.
      const headers = Object.entries(res.getHeaders())
        .filter(([name]) => !ownHeaders.has(name))
        .map(([name, value]) => [name, Array.isArray(value) ? value : String(value)] as [string, string | string[]])
      const [gzipped, br] = await Promise.all([
        gzipAsync(identity, { level: 9 }),
        brotliAsync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
      ])
      if (!current(entry)) return
      store.store(at, req, {
        kind: 'whole',
        mark: entry.mark,
        stockOf: entry.stockOf,
        expires: entry.expires,
        vary: entry.vary,
        status: 200,
        headers,
        etag: strongEtag(identity),
        identity,
        gzip: gzipped,
        br,
      })
    } catch {
      // Not kept: the next visitor's page is made from the template again.
    }
  }

  /** Anyone else: the template with their own parts, or `false` when the page must be rendered for them. */
  async function personal(req: Request, res: Response, url: string, mark: CatalogueMark, sharedBy: SharedPageKind) {
    const found = await templateFor(url, req, mark)
    if (!found) return false
    const { entry } = found
    const shopper = await cookieShopper({
      url: pageUrl(req),
      cookie: req.headers.cookie ?? '',
      lang: entry.lang,
      api: options.api,
      clientAddress: req.ip ?? null,
    })
    // The sign-in page is not a signed-in shopper's: their own render sends them on.
    if (!shopper || (sharedBy === 'signed-out' && shopper.signedIn)) return false
    const values = await personalValues(entry.template.parts, shopper, memory)
    if (!values) return false
    pageCacheRequests.inc({ result: found.hit ? 'hit' : 'miss', shopper: 'personal' })
    const body = await fill(req, res, entry, values)
    // As the storefront says for a page with something of the shopper's in it.
    const cacheControl = shopper.signedIn ? 'private, no-store' : privateCache
    for (const cookie of await shopper.cookies()) res.append('Set-Cookie', cookie)
    send(req, res, entry, body, { cacheControl, hit: found.hit })
    return true
  }

  const handler = (req: Request, res: Response, next: NextFunction) => {
    const sharedBy = candidate(req, options.sharedPage)
    if (!sharedBy) return next()
    const cookies = parseCookie(req.headers.cookie ?? '')
    // Inside the Telegram Mini App a page is its own (Telegram's script, theme and buttons): rendered for it.
    if (MINI_APP_COOKIE in cookies) return next()
    const mark = catalogueMark(db)
    if (mark === null) return next()
    // The page's links are made from its Host (app/utils/catalogue.server.ts siteOrigin): part of the key.
    const url = `${pageUrl(req)}\n${req.headers.host ?? ''}`
    const nobody = Object.keys(cookies).every((name) => anonymousCookies.has(name))
    const answered = nobody
      ? anonymous(req, res, url, mark, cookies.i18n_redirected ?? '')
      : personal(req, res, url, mark, sharedBy)
    answered.then(
      (done) => {
        if (!done) next()
      },
      (error: unknown) => {
        // The API client throws its 503/504 answers (a timeout, the database away) as Responses, which the
        // logger cannot serialise (reading their body throws and took the process down): logged by status.
        if (error instanceof Response)
          logger().warn({ status: error.status }, 'page cache: the API did not answer; rendering the page instead')
        else logger().error({ err: error }, 'page cache: rendering the page for the request instead')
        if (!res.headersSent) next()
        else res.destroy()
      },
    )
  }
  return Object.assign(handler, { size: () => store.size, bytes: () => store.weight })
}
