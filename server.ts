// The server build React Router made from app/; this file is its entry (vite.config.ts).
import * as build from 'virtual:react-router/server-build'
import { createLogger, logger } from '#api/log.ts'
import { createShop } from './server/shop.ts'

const started = performance.now()
const shop = await createShop({ build }).catch(refuseToStart)
const { config, database } = shop

// Express calls back with the error when listening fails (a taken port): the log used to say
// "serving" while nothing listened.
const server = shop.app.listen(config.PORT, config.HOST, async (error?: NodeJS.ErrnoException) => {
  if (error) {
    await shop.close()
    refuseToStart(
      error.code === 'EADDRINUSE'
        ? new Error(
            `port ${config.PORT} on ${config.HOST} is already in use (another shop running?). Stop it or set PORT.`,
          )
        : error,
    )
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(2)
  logger().info(`Atir is serving http://localhost:${config.PORT} (${database.kind}, ready in ${seconds} s)`)
})

/** One clear line and a non-zero exit, so a service manager and the operator see why. */
function refuseToStart(error: Error): never {
  // A bug rather than a setting or a busy resource: the trace is what helps.
  const bug = error instanceof TypeError || error instanceof ReferenceError
  startLog().fatal(bug ? { err: error } : {}, `Atir cannot start: ${error.message}`)
  process.exit(1)
}

/** The configured logger; when the configuration itself is what is wrong, one at info. */
function startLog() {
  try {
    return logger()
  } catch {
    return createLogger({ level: 'info', format: process.stdout.isTTY ? 'pretty' : 'json' })
  }
}

// Finish what is in flight, then close the database, so a deploy never cuts an order in half.
function shutdown(signal: string) {
  // At warn, so a quiet LOG_LEVEL still shows why the process went away.
  logger().warn(`${signal}: finishing in-flight requests`)
  server.close(async () => {
    await shop.close()
    process.exit(0)
  })
  server.closeIdleConnections()
  setTimeout(() => process.exit(1), 10_000).unref()
}
process.once('SIGTERM', () => shutdown('SIGTERM'))
process.once('SIGINT', () => shutdown('SIGINT'))
