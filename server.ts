import { randomBytes } from 'node:crypto'
import { join, resolve } from 'node:path'
// The server build React Router made from app/; this file is its entry (vite.config.ts).
import * as build from 'virtual:react-router/server-build'
import { getRequestListener } from '@hono/node-server'
import { createRequestHandler } from '@react-router/express'
import compression from 'compression'
import express from 'express'
import { RouterContextProvider } from 'react-router'
import { apiBasePath, createApi } from '#api/app.ts'
import { getConfig } from '#api/config.ts'
import { openDatabase } from '#api/db/client.ts'
import { seedDatabase } from '#api/db/seed/index.ts'
import { startOrderJobs } from '#api/orders/jobs.ts'
import { apiContext, clientAddressContext, nonceContext } from '#app/lib/request-context.ts'
import { sameOriginForms } from './server/same-origin.ts'
import { securityHeaders } from './server/security-headers.ts'

const started = performance.now()
const config = getConfig()
const database = await openDatabase({
  url: config.DATABASE_URL,
  dataDir: config.dataDir,
  timeoutMs: config.DATABASE_TIMEOUT_MS,
})
const uploadsDir = join(config.dataDir, 'uploads')
const seed = await seedDatabase(database.db, { products: config.SEED_PRODUCTS, uploadsDir })
if (seed.seeded) console.log(`Seeded the demo catalogue: ${seed.products} products`)
const deps = { database, config }
const api = createApi(deps)
// Unpaid orders past their hold are cancelled (and failed refunds retried) by this process.
const orderJobs = startOrderJobs(deps)

const app = express()
app.disable('x-powered-by')
app.set('trust proxy', 'loopback')
app.use(compression({ threshold: 1024 }))

app.get('/healthz', async (_req, res) => {
  try {
    await database.ping()
    res.json({ status: 'ok' })
  } catch {
    res.status(503).json({ status: 'unavailable' })
  }
})

const apiListener = getRequestListener((request) => api.fetch(request), { overrideGlobalObjects: false })
app.use(apiBasePath, (req, res) => {
  // The API routes by full path; Express strips the mount point from req.url.
  req.url = req.originalUrl
  // Its per-address limits read X-Real-IP: only ever the peer this server saw.
  req.headers['x-real-ip'] = req.ip
  apiListener(req, res)
})

const clientDir = resolve('build/client')
app.use('/assets', express.static(join(clientDir, 'assets'), { immutable: true, maxAge: '1y', index: false }))
app.use(express.static(clientDir, { maxAge: '1h', index: false }))

app.use(sameOriginForms(config.PUBLIC_URL))
app.use((_req, res, next) => {
  res.locals.nonce = randomBytes(16).toString('base64')
  securityHeaders(res, res.locals.nonce)
  next()
})
app.all(
  '/{*path}',
  createRequestHandler({
    build,
    getLoadContext: (req, res) => {
      const context = new RouterContextProvider()
      context.set(apiContext, api)
      context.set(nonceContext, res.locals.nonce)
      context.set(clientAddressContext, req.ip ?? null)
      return context
    },
  }),
)

const server = app.listen(config.PORT, config.HOST, () => {
  const seconds = ((performance.now() - started) / 1000).toFixed(2)
  console.log(`Atir is serving http://localhost:${config.PORT} (${database.kind}, ready in ${seconds} s)`)
})

// Finish what is in flight, then close the database, so a deploy never cuts an order in half.
function shutdown(signal: string) {
  console.log(`${signal}: finishing in-flight requests`)
  server.close(async () => {
    await orderJobs.stop()
    await database.close()
    process.exit(0)
  })
  server.closeIdleConnections()
  setTimeout(() => process.exit(1), 10_000).unref()
}
process.once('SIGTERM', () => shutdown('SIGTERM'))
process.once('SIGINT', () => shutdown('SIGINT'))
