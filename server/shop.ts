import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { getRequestListener } from '@hono/node-server'
import { createRequestHandler } from '@react-router/express'
import compression from 'compression'
import express, { type RequestHandler } from 'express'
import expressStaticGzip from 'express-static-gzip'
import { createRequestHandler as createRouterHandler, RouterContextProvider, type ServerBuild } from 'react-router'
import { type Api, apiBasePath, createApi } from '#api/app.ts'
import { checkSessionSecret, keepSessionSecret } from '#api/auth/session-secret.ts'
import { listenForCatalogueChanges } from '#api/catalogue/cache.ts'
import { shareLineSpellings } from '#api/catalogue/search-key.ts'
import { compactCatalogue } from '#api/catalogue/statistics.ts'
import { listenForSearchWords } from '#api/catalogue/vocabulary.ts'
import { stopBatchJobs } from '#api/catalogue-batches/jobs.ts'
import { tendBatches } from '#api/catalogue-batches/service.ts'
import { getConfig, loginWidgetBot } from '#api/config.ts'
import { openDatabase } from '#api/db/client.ts'
import { databaseSettings } from '#api/db/connection.ts'
import { seedDatabase, seedLockKey } from '#api/db/seed/index.ts'
import { closeErrorReports, setErrorReportRelease } from '#api/error-report.ts'
import { logger } from '#api/log.ts'
import { openMediaStore } from '#api/media/store.ts'
import { reportDatabase } from '#api/metrics.ts'
import { startOrderJobs } from '#api/orders/jobs.ts'
import { fromRoot } from '#api/project-root.ts'
import { listenForShopperChanges, shopperChanges } from '#api/shoppers/changes.ts'
import { startStaffControl } from '#api/staff/control.ts'
import { apiContext, clientAddressContext, nonceContext } from '#app/utils/request-context.ts'
import { type SharedRender, sharedRenderContext } from '#app/utils/shared-render.server.ts'
import { storefrontBodyLimit } from './body-limit.ts'
import { watchDependencies } from './dependencies.ts'
import { markAssets, metricsEndpoint, probes, requestObservation, storefrontRoutes } from './observability.ts'
import { pageCache } from './page-cache.ts'
import { sameOriginForms } from './same-origin.ts'
import { securityHeaders, strictTransportSecurity } from './security-headers.ts'
import { sharedPages } from './shared-pages.ts'
import { checkShopMode } from './shop-mode.ts'

type ShopOptions = {
  /** React Router's server build; a function in development, so each request gets the current one. */
  build: ServerBuild | (() => Promise<ServerBuild>)
  /** Development only: Vite's middlewares serve the client modules instead of build/client. */
  assets?: RequestHandler
}

/**
 * The whole shop as one Express app: the database (seeded when empty), the
 * `/api/v1` API, static files and the storefront. server.ts runs it from the
 * production build, scripts/dev.mjs under Vite; once it listens, they call
 * `accept()`, and only then does the start leave anything in DATA_DIR of its own.
 */
export async function createShop({ build, assets }: ShopOptions) {
  const config = getConfig()
  if (typeof build !== 'function') setErrorReportRelease(build.assets.version)
  // First: a store that cannot take a picture stops the start before the database is opened.
  const media = await openMediaStore(config)
  const database = await openDatabase({ ...databaseSettings(config), migrations: config.MIGRATIONS })
  // Before anything is written: another secret than the other processes' is refused.
  await checkSessionSecret(database, config).catch(async (error) => {
    await database.close()
    throw error
  })
  // One process at a time: the others starting together wait (without a query timeout) for the one that seeds.
  const { seed, spelt } = await database.exclusive(seedLockKey, async (db) => ({
    seed: await seedDatabase(db, { mode: config.SHOP_MODE, products: config.SEED_PRODUCTS, media }),
    spelt: await shareLineSpellings(db),
  }))
  const log = logger()
  if (seed.seeded && config.SHOP_MODE === 'demo') log.info(`Seeded the demo catalogue: ${seed.products} products`)
  else if (seed.seeded) log.info('Seeded the live shop: its pages and contacts, an empty catalogue')
  if (spelt) log.info(`Search keys: ${spelt} products got the local spellings of the line they extend`)
  if (seed.seeded || spelt) await compactCatalogue(database)
  await checkShopMode(config, database.db).catch(async (error) => {
    await database.close()
    throw error
  })
  // Catalogue writes by the other processes on this database empty this one's cache,
  // the words of their new search keys reach this one's typo vocabulary, and a
  // shopper's change anywhere ends what this one remembers of them.
  const stopListening = await listenForCatalogueChanges(database)
  const stopSearchWords = await listenForSearchWords(database)
  const stopShopperChanges = await listenForShopperChanges(database)
  const deps = { database, config }
  const api = createApi(deps)
  // Unpaid orders past their hold are cancelled (and failed refunds retried) by this process.
  const orderJobs = startOrderJobs(deps)
  // The embedded database is this process's alone: `npm run staff` reaches it through the shop.
  const stopStaffControl =
    database.kind === 'pglite' ? await startStaffControl({ db: database.db, config }) : async () => {}
  // An apply or undo the last stop interrupted goes on (on PGlite this process is the only one: at once).
  await tendBatches(database.db, () => new Date(), database.kind === 'pglite' ? 0 : undefined)

  reportDatabase(database)
  // Database and picture store, read every few seconds: to /metrics, the log and /readyz's body.
  // A database out of reach is also a time notices of shoppers' changes may be missed.
  const dependencies = watchDependencies(
    { database, media },
    { onCheck: (name, state) => name === 'database' && shopperChanges(database.db).reachableNow(state === 'up') },
  )
  let stopping = false

  const app = express()
  app.disable('x-powered-by')
  // Only these peers' X-Forwarded-For/-Proto count: req.ip (rate limits) and req.secure (HSTS).
  app.set('trust proxy', config.TRUST_PROXY)
  app.use(requestObservation({ log, routeOf: storefrontRoutes(build) }))
  app.use(strictTransportSecurity)
  app.use(compression({ threshold: 1024 }))

  probes(app, { dependencies, stopping: () => stopping })
  metricsEndpoint(app, config)

  // Open tabs poll it to notice a deploy (app/components/new-build-reload.tsx).
  app.get('/build-version', async (_req, res) => {
    const current = typeof build === 'function' ? await build() : build
    res.set('Cache-Control', 'no-store').json({ version: current.assets.version })
  })

  app.use(apiBasePath, apiHandler(api))

  app.use(markAssets.before)
  if (assets) app.use(assets)
  else {
    const clientDir = fromRoot('build/client')
    // The build's brotli/gzip copies (vite.config.ts) when the browser takes them; compression() leaves them be.
    app.use(
      '/assets',
      expressStaticGzip(join(clientDir, 'assets'), {
        enableBrotli: true,
        orderPreference: ['br', 'gzip'],
        index: false,
        serveStatic: { immutable: true, maxAge: '1y', index: false },
      }),
    )
    app.use(express.static(clientDir, { maxAge: '1h', index: false }))
  }
  app.use(markAssets.after)

  app.use(storefrontBodyLimit(config.BODY_LIMIT_KB))
  app.use(sameOriginForms(config.PUBLIC_URL))
  app.use((_req, res, next) => {
    res.locals.nonce = randomBytes(16).toString('base64')
    securityHeaders(res, res.locals.nonce, { dev: Boolean(assets), telegramLogin: Boolean(loginWidgetBot(config)) })
    next()
  })
  const loadContext = (nonce: string, clientAddress: string | null, shared: SharedRender | null = null) => {
    const context = new RouterContextProvider()
    context.set(apiContext, api)
    context.set(nonceContext, nonce)
    context.set(clientAddressContext, clientAddress)
    context.set(sharedRenderContext, shared)
    return context
  }
  // Shared pages, rendered once per catalogue change and filled in per shopper (not under Vite: its code changes).
  if (!assets && typeof build !== 'function') {
    const renderPage = createRouterHandler(build, process.env.NODE_ENV)
    app.use(
      pageCache(database.db, {
        api,
        maxBytes: config.PAGE_CACHE_MB * 2 ** 20,
        sharedPage: sharedPages(build),
        render: (request, shared, nonce) => renderPage(request, loadContext(nonce, null, shared)),
      }),
    )
  }
  // Mounted without a path pattern: Express would decode one and answer a malformed URL (/ru/products/%ff)
  // with its own bare "Bad Request"; React Router takes the path as it is and answers in the shop's shell.
  app.use(
    createRequestHandler({
      build,
      getLoadContext: (req, res) => loadContext(res.locals.nonce, req.ip ?? null),
    }),
  )

  return {
    app,
    config,
    database,
    /**
     * The start is accepted (the server listens): a generated session secret is
     * kept in DATA_DIR and its fingerprint recorded (api/auth/session-secret.ts).
     */
    async accept() {
      await keepSessionSecret(database, config)
    },
    /**
     * Shutting down: /readyz answers 503 from now on, for a proxy still holding a connection,
     * and long batch work stops after its current slice (a check says it was interrupted).
     */
    stopTakingTraffic() {
      stopping = true
      void stopBatchJobs()
    },
    /** Stops the periodic work, then closes the database: call once the server has stopped taking requests. */
    async close() {
      await stopBatchJobs()
      await orderJobs.stop()
      await stopStaffControl()
      await dependencies.stop()
      await stopListening()
      await stopSearchWords()
      await stopShopperChanges()
      await database.close()
      await closeErrorReports()
    },
  }
}

/** The API over HTTP, mounted at /api/v1. */
export function apiHandler(api: Api): RequestHandler {
  const apiListener = getRequestListener((request) => api.fetch(request), { overrideGlobalObjects: false })
  return (req, res) => {
    // The API routes by full path; Express strips the mount point from req.url.
    req.url = req.originalUrl
    // Its per-address limits read X-Real-IP: only ever the peer this server saw.
    req.headers['x-real-ip'] = req.ip
    apiListener(req, res)
  }
}
