// Playwright's webServer command: starts the production build on a fresh database.
// The wipe lives here rather than in a globalSetup because Playwright starts the
// webServer before globalSetup runs, which would delete the database under the server.
import { mkdirSync, rmSync } from 'node:fs'
import { relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const dataDir = resolve(root, process.env.DATA_DIR ?? 'tests/.tmp/e2e-data')
const fromTmp = relative(resolve(root, 'tests/.tmp'), dataDir)
// A mistyped DATA_DIR must never wipe real data.
if (!fromTmp || fromTmp.startsWith('..') || fromTmp.startsWith(sep)) {
  console.error(`e2e-server: refusing to wipe DATA_DIR outside tests/.tmp: ${dataDir}`)
  process.exit(1)
}
rmSync(dataDir, { recursive: true, force: true })
mkdirSync(dataDir, { recursive: true })
process.env.DATA_DIR = dataDir
// Each run has its own folder (per port); leave nothing behind.
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }))

await import('../build/server/index.js')
