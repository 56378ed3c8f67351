import { randomUUID, timingSafeEqual } from 'node:crypto'
import type { Express, Request, RequestHandler, Response } from 'express'
import { pinoHttp } from 'pino-http'
import { matchRoutes, type ServerBuild } from 'react-router'
import { apiBasePath } from '#api/app.ts'
import type { Config } from '#api/config.ts'
import { ipAddress } from '#api/http/identity.ts'
import { type Logger, maskPhones, type RequestContext, withRequestContext } from '#api/log.ts'
import { httpDuration, metrics } from '#api/metrics.ts'
import type { DependencyWatch } from './dependencies.ts'

// Letters, digits and a few separators: what load balancers and tracing send, nothing that breaks a log line.
const saneRequestId = /^[\w.:@/+=-]{1,128}$/

/** The path as logged: no query string (reset links and callbacks carry tokens there), phone numbers masked. */
export function loggedPath(url: string) {
  const path = url.split('?', 1)[0] ?? ''
  return maskPhones(path.length > 300 ? `${path.slice(0, 300)}…` : path)
}

// Probes and metrics scrapes come every few seconds: their lines only at debug, like the static files.
const quietPaths = new Set(['/healthz', '/readyz', '/metrics', '/build-version'])
const probePaths = new Set(['/healthz', '/readyz'])

/** What the access line and the metrics know of a request beyond Express's own. */
type Observed = { context: RequestContext; bytes: number }
const observedOf = (res: { locals?: Record<string, unknown> }) => res.locals?.observed as Observed | undefined

/**
 * Before everything else: a request id for each request (a sane incoming
 * X-Request-Id, else a new one, echoed in the response) that every log line
 * written while serving it carries; one access line per request (with the
 * route pattern, the bytes of the body sent, the client's address and user
 * agent, and who was signed in); the
 * request duration metric by route pattern.
 */
export function requestObservation(options: { log: Logger; routeOf: (path: string) => string }): RequestHandler[] {
  const routeOf = (req: Request, res: Response) => {
    // Once per request (the access line and the metric both ask): matching a path against every route is not free.
    res.locals.route ??= req.originalUrl.startsWith(`${apiBasePath}/`)
      ? (observedOf(res)?.context.apiRoute ?? 'api: no route')
      : res.locals.asset
        ? 'static file'
        : quietPaths.has(req.path)
          ? req.path
          : (observedOf(res)?.context.pageRoute ?? options.routeOf(req.path))
    return res.locals.route as string
  }

  const accessLog = pinoHttp({
    logger: options.log,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id']
      return typeof incoming === 'string' && saneRequestId.test(incoming) ? incoming : randomUUID()
    },
    // The request and response objects are not bound to the line: the fields below are all it gets.
    serializers: { req: () => undefined, res: () => undefined },
    customLogLevel: (req, res, error) => {
      // /readyz's 503 while shutting down is its answer, not an error.
      if (!error && probePaths.has((req as Request).path)) return 'debug'
      if (error || res.statusCode >= 500) return 'error'
      if ((res as Response).locals?.asset) return 'debug'
      return 'info'
    },
    customSuccessObject: (req, res, fields: { responseTime: number }) =>
      accessFields(req as Request, res as Response, fields, routeOf),
    customErrorObject: (req, res, _error, fields: { responseTime: number }) =>
      accessFields(req as Request, res as Response, fields, routeOf),
    customSuccessMessage: () => 'request',
    customErrorMessage: () => 'request',
  })

  const track: RequestHandler = (req, res, next) => {
    const id = String(req.id)
    res.setHeader('X-Request-Id', id)
    const observed: Observed = { context: { id }, bytes: 0 }
    res.locals.observed = observed
    countBytes(res, observed)
    const started = process.hrtime.bigint()
    res.once('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9
      httpDuration.observe({ method: req.method, route: routeOf(req, res), status: String(res.statusCode) }, seconds)
    })
    withRequestContext(observed.context, next)
  }
  return [accessLog as unknown as RequestHandler, track]
}

/** Counts the body bytes written; compression() writes through this, so they are the bytes sent. */
function countBytes(res: Response, observed: Observed) {
  const write = res.write.bind(res) as (...args: unknown[]) => boolean
  const end = res.end.bind(res) as (...args: unknown[]) => Response
  const count = (chunk: unknown, encoding: unknown) => {
    if (typeof chunk === 'string')
      observed.bytes += Buffer.byteLength(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
    else if (chunk instanceof Uint8Array) observed.bytes += chunk.byteLength
  }
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    count(chunk, rest[0])
    return write(chunk, ...rest)
  }) as typeof res.write
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    count(chunk, rest[0])
    return end(chunk, ...rest)
  }) as typeof res.end
}

function accessFields(
  req: Request,
  res: Response,
  fields: { responseTime: number },
  routeOf: (req: Request, res: Response) => string,
) {
  const observed = observedOf(res)
  const { customer, staff } = observed?.context ?? {}
  return {
    reqId: String(req.id),
    method: req.method,
    path: loggedPath(req.originalUrl),
    route: routeOf(req, res),
    status: res.statusCode,
    ms: fields.responseTime,
    bytes: observed?.bytes ?? 0,
    // The peer as TRUST_PROXY lets Express see it: the address the API's per-address limits count.
    address: ipAddress(req.ip),
    userAgent: req.get('user-agent')?.slice(0, userAgentMax),
    ...(staff !== undefined ? { staff } : customer !== undefined ? { customer } : {}),
  }
}

// Enough for any browser's; a longer one is cut, so a line stays a line.
const userAgentMax = 300

/**
 * Marks what the static file handlers serve (`before`) and unmarks what they
 * pass on (`after`): the access log keeps those at debug, the metrics count
 * them as one route.
 */
export const markAssets = {
  before: ((_req, res, next) => {
    res.locals.asset = true
    next()
  }) as RequestHandler,
  after: ((_req, res, next) => {
    res.locals.asset = false
    next()
  }) as RequestHandler,
}

/**
 * The storefront's routes a path matches, from React Router's route manifest;
 * in development the build is read once, when it first resolves.
 */
export function storefrontMatches(build: ServerBuild | (() => Promise<ServerBuild>)) {
  type Node = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children: Node[] }
  let tree: Node[] = []
  const load = (current: ServerBuild) => {
    const routes = Object.values(current.routes).filter((route) => route !== undefined)
    const childrenOf = (parentId?: string): Node[] =>
      routes
        .filter((route) => route.parentId === parentId)
        .map((route) => ({
          id: route.id,
          path: route.path,
          index: route.index,
          caseSensitive: route.caseSensitive,
          children: childrenOf(route.id),
        }))
    tree = childrenOf(undefined)
    found.clear()
  }
  // React Router flattens and ranks the whole tree on every match (a millisecond or two a request):
  // the last few thousand paths' matches are kept.
  const found = new Map<string, { route: Node }[] | null>()
  if (typeof build === 'function') build().then(load, () => {})
  else load(build)
  return (path: string) => {
    let matches = found.get(path)
    if (matches === undefined) {
      matches = matchRoutes(tree as Parameters<typeof matchRoutes>[0], path) as { route: Node }[] | null
      if (found.size >= 2000) found.delete(found.keys().next().value as string)
      found.set(path, matches)
    }
    return matches
  }
}

/** The storefront's route pattern of a path (`/:lang/products/:slug`). */
export function storefrontRoutes(build: ServerBuild | (() => Promise<ServerBuild>)) {
  const matchesOf = storefrontMatches(build)
  return (path: string) => {
    // Client navigations fetch `/ru/products/x.data` (`/_root.data` for the home page).
    const page = path === '/_root.data' ? '/' : path.replace(/\.data$/, '')
    const matches = matchesOf(page)
    if (!matches) return 'no route'
    const pattern = matches
      .map((match) => match.route.path)
      .filter(Boolean)
      .join('/')
    return `/${pattern}`
  }
}

/**
 * The probes, neither of which touches a dependency: `/healthz` (alive: the
 * process answers; a container's HEALTHCHECK, Kubernetes' liveness) is 200
 * whenever it can answer at all; `/readyz` (this process takes traffic: a load
 * balancer's health check) is 200 until the process begins to shut down, then
 * 503. A database or bucket that is down is down for every process alike:
 * taking them all out of the pool would turn the shop's own 503 pages into the
 * proxy's error. So `/readyz` only reports, in its body, what the dependency
 * monitor last found (server/dependencies.ts), which /metrics and the log also say.
 */
export function probes(app: Express, deps: { dependencies: DependencyWatch; stopping: () => boolean }) {
  app.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' })
  })
  app.get('/readyz', (_req, res) => {
    const stopping = deps.stopping()
    res
      .status(stopping ? 503 : 200)
      .set('Cache-Control', 'no-store')
      .json({ status: stopping ? 'stopping' : 'ok', dependencies: deps.dependencies.state() })
  })
}

/**
 * `/metrics` (Prometheus text) only with METRICS_TOKEN set, and only for
 * `Authorization: Bearer <METRICS_TOKEN>`: order counts and timings are
 * business data. Without the setting the path is the storefront's 404.
 */
export function metricsEndpoint(app: Express, config: Pick<Config, 'METRICS_TOKEN'>) {
  const token = config.METRICS_TOKEN
  if (!token) return
  const expected = Buffer.from(`Bearer ${token}`)
  app.get('/metrics', async (req, res) => {
    const given = Buffer.from(req.get('authorization') ?? '')
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      res.status(401).set('WWW-Authenticate', 'Bearer').set('Cache-Control', 'no-store').end()
      return
    }
    res
      .set('Content-Type', metrics.contentType)
      .set('Cache-Control', 'no-store')
      .send(await metrics.metrics())
  })
}
