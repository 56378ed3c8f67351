// The server build React Router made from app/; this file is its entry (vite.config.ts).
import * as build from 'virtual:react-router/server-build'
import { createShop } from './server/shop.ts'

const started = performance.now()
const shop = await createShop({ build })
const { config, database } = shop

const server = shop.app.listen(config.PORT, config.HOST, () => {
  const seconds = ((performance.now() - started) / 1000).toFixed(2)
  console.log(`Atir is serving http://localhost:${config.PORT} (${database.kind}, ready in ${seconds} s)`)
})

// Finish what is in flight, then close the database, so a deploy never cuts an order in half.
function shutdown(signal: string) {
  console.log(`${signal}: finishing in-flight requests`)
  server.close(async () => {
    await shop.close()
    process.exit(0)
  })
  server.closeIdleConnections()
  setTimeout(() => process.exit(1), 10_000).unref()
}
process.once('SIGTERM', () => shutdown('SIGTERM'))
process.once('SIGINT', () => shutdown('SIGINT'))
