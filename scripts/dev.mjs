// `npm run dev`: the same shop as `npm start` (API, database, security headers),
// with Vite serving the client modules and reloading changed routes. The shop
// module is loaded through Vite too, so the route modules and the server share
// React Router's context keys, as they do in the production bundle. A change to
// the API or the server (api/, server/, contract/) restarts the shop in this
// process on fresh modules: the port stays open and requests wait for it.
import { createServer as createHttpServer } from 'node:http'
import { relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createServer } from 'vite'

process.env.NODE_ENV ??= 'development'
const root = fileURLToPath(new URL('..', import.meta.url))
const serverSide = ['api', 'server', 'contract']
const theirs = new Set(process.listeners('SIGTERM'))
const vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' })
// React Router's plugin runs a Vite server of its own, which would end the process on SIGTERM
// before the shop has closed its database: the handler below closes Vite too, after the shop.
for (const listener of process.listeners('SIGTERM')) if (!theirs.has(listener)) process.off('SIGTERM', listener)

async function startShop() {
  const { createShop } = await vite.ssrLoadModule('/server/shop.ts')
  const shop = await createShop({
    build: () => vite.ssrLoadModule('virtual:react-router/server-build'),
    assets: vite.middlewares,
  })
  await shop.accept()
  return shop
}

let shop = startShop()
const { config } = await shop
const server = createHttpServer(async (req, res) => {
  try {
    ;(await shop).app(req, res)
  } catch (error) {
    res.statusCode = 500
    res.end(`The shop did not restart: ${error.message}\n`)
  }
})
server.listen(config.PORT, config.HOST, () => {
  console.log(`Atir (development) is serving http://localhost:${config.PORT}`)
})

// Changes that come together (a save of several files, a branch switch) restart once.
let restart
vite.watcher.on('all', (_event, file) => {
  const [top] = relative(root, file).split(sep)
  if (!serverSide.includes(top) || /\.test\.ts$/.test(file)) return
  clearTimeout(restart)
  restart = setTimeout(async () => {
    const previous = shop
    shop = previous.then(
      async (running) => {
        await running.close()
        // Vite drops the changed modules and their importers on the change; the whole server side is loaded anew.
        vite.environments.ssr.moduleGraph.invalidateAll()
        const next = await startShop()
        console.log(`Atir (development): ${relative(root, file)} changed, the API and server reloaded`)
        return next
      },
      () => startShop(),
    )
    shop.catch((error) => console.error(`Atir (development): the shop did not restart: ${error.message}`))
  }, 100)
})

let stopping = false
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    if (stopping) return
    stopping = true
    server.close(async () => {
      await (await shop.catch(() => null))?.close()
      await vite.close()
      process.exit(0)
    })
    server.closeIdleConnections()
  })
