// The server build React Router made from app/; this file is its entry (vite.config.ts).
import * as build from 'virtual:react-router/server-build'
import { getConfig } from '#api/config.ts'
import { logger, startLogger } from '#api/log.ts'
import { checkBeforeStart } from '#api/start-checks.ts'
import { createShop } from './server/shop.ts'

const started = performance.now()
// Settings, data folder, port and database first: a start that cannot work stops before anything is opened.
try {
  await checkBeforeStart(getConfig())
} catch (error) {
  refuseToStart(error as Error)
}
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
  try {
    await shop.accept()
  } catch (refusal) {
    server.close()
    await shop.close()
    refuseToStart(refusal as Error)
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(2)
  logger().info(`Atir is serving http://localhost:${config.PORT} (${database.kind}, ready in ${seconds} s)`)
})

/** One clear line and a non-zero exit, so a service manager and the operator see why. */
function refuseToStart(error: Error): never {
  // A bug rather than a setting or a busy resource: the trace is what helps.
  const bug = error instanceof TypeError || error instanceof ReferenceError
  startLogger().fatal(bug ? { err: error } : {}, `Atir cannot start: ${error.message}`)
  process.exit(1)
}

// Finish what is in flight, then close the database, so a deploy never cuts an order in half.
// Once: the same signal often comes twice (systemd signals npm and this process, npm passes it on).
let stopping = false
function shutdown(signal: string) {
  if (stopping) return
  stopping = true
  // At warn, so a quiet LOG_LEVEL still shows why the process went away.
  logger().warn(`${signal}: finishing in-flight requests`)
  shop.stopTakingTraffic()
  server.close(async () => {
    await shop.close()
    process.exit(0)
  })
  server.closeIdleConnections()
  setTimeout(() => process.exit(1), 10_000).unref()
}
process.on('SIGTERM', () => shutdown('SIGTERM'))
process.on('SIGINT', () => shutdown('SIGINT'))
