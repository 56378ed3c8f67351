// `npm run dev`: the same shop as `npm start` (API, database, security headers),
// with Vite serving the client modules and reloading changed routes. The shop
// module is loaded through Vite too, so the route modules and the server share
// React Router's context keys, as they do in the production bundle.
import { createServer } from 'vite'

process.env.NODE_ENV ??= 'development'
const vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' })
const { createShop } = await vite.ssrLoadModule('/server/shop.ts')
const shop = await createShop({
  build: () => vite.ssrLoadModule('virtual:react-router/server-build'),
  assets: vite.middlewares,
})
const { config } = shop
const server = shop.app.listen(config.PORT, config.HOST, () => {
  console.log(`Atir (development) is serving http://localhost:${config.PORT}`)
})

for (const signal of ['SIGINT', 'SIGTERM'])
  process.once(signal, () => {
    server.close(async () => {
      await shop.close()
      await vite.close()
      process.exit(0)
    })
    server.closeIdleConnections()
  })
