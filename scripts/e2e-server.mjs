// Playwright's webServer command: starts the production build on a fresh copy of the run's database.
// The wipe lives here rather than in a globalSetup because Playwright starts the
// webServer before globalSetup runs, which would delete the database under the server.
import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs'
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

// The run's servers start from one seeded catalogue: the first to start seeds it
// (npm run db:seed) into the run's template folder, each copies that folder and
// starts on its copy, finding it seeded. Not on PostgreSQL, where DATABASE_URL is
// the one database the server itself seeds.
const template = process.env.E2E_TEMPLATE_DIR && resolve(root, process.env.E2E_TEMPLATE_DIR)
if (template && !process.env.DATABASE_URL) {
  if (!existsSync(template)) {
    const building = `${template}.${process.pid}`
    rmSync(building, { recursive: true, force: true })
    const seeded = spawnSync('npm', ['run', '--silent', 'db:seed'], {
      cwd: root,
      env: { ...process.env, DATA_DIR: building, LOG_LEVEL: 'warn' },
      stdio: 'inherit',
    })
    if (seeded.status !== 0) {
      rmSync(building, { recursive: true, force: true })
      console.error(`e2e-server: seeding the run's catalogue in ${building} failed (${seeded.status ?? seeded.signal})`)
      process.exit(1)
    }
    // Whole or not at all: a server started meanwhile either finds it seeded, or seeds its own.
    try {
      renameSync(building, template)
    } catch {
      rmSync(building, { recursive: true, force: true })
    }
  }
  cpSync(template, dataDir, { recursive: true })
}

await import('../build/server/index.js')
