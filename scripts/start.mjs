// `npm start`: checks the settings, the data folder, the port and the database
// (in a second, before anything heavy loads), gives Node the heap limit HEAP_MB
// says, rebuilds only when the sources are newer than the build (and the build
// tools are installed), then runs the production server in this process, with
// source maps (error reports and traces name the sources). A production install
// (`npm ci --omit=dev`) starts the build as is. The npm script is `exec node …`:
// the shell npm runs it in becomes this process, so npm's SIGTERM (`docker stop`,
// systemd) reaches the server.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { delimiter, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const serverEntry = join(root, 'build/server/index.js')
const sources = [
  'app',
  'api',
  'locales',
  'server.ts',
  'server',
  'vite.config.ts',
  'react-router.config.ts',
  'package.json',
]

function newestMtime(path) {
  let stats
  try {
    stats = statSync(path)
  } catch {
    return 0
  }
  if (!stats.isDirectory()) return stats.mtimeMs
  let newest = stats.mtimeMs // a deleted file only shows in its folder's mtime
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules') continue
    newest = Math.max(newest, newestMtime(join(path, entry)))
  }
  return newest
}

process.env.NODE_ENV ||= 'production'
await checkBeforeStart()

const builtAt = existsSync(serverEntry) ? statSync(serverEntry).mtimeMs : 0
const sourcesAt = Math.max(...sources.map((source) => newestMtime(join(root, source))))
const bin = join(root, 'node_modules', '.bin')
const canBuild = existsSync(join(bin, 'react-router'))

if (!builtAt && !canBuild) {
  console.error(
    'Atir cannot start: there is no build (build/) and no build tools to make one. Run `npm run build` where the dev dependencies are installed, and ship build/ with the app.',
  )
  process.exit(1)
}
if (builtAt < sourcesAt && canBuild) {
  console.log(builtAt ? 'start: sources changed since the last build, building…' : 'start: no build yet, building…')
  const started = Date.now()
  const result = spawnSync(join(bin, 'react-router'), ['build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PATH: `${bin}${delimiter}${process.env.PATH ?? ''}` },
  })
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  if (result.error) {
    console.error(`start: cannot run react-router build: ${result.error.message}`)
    process.exit(1)
  }
  if (result.status !== 0) {
    console.error(`start: build failed after ${seconds}s`)
    process.exit(result.status ?? 1)
  }
  console.log(`start: build took ${seconds}s`)
}

process.setSourceMapsEnabled(true)
await import('../build/server/index.js')

/**
 * The start's refusals that need nothing but the settings (api/start-checks.ts), said as the server says
 * them; a valid HEAP_MB is applied first, by starting Node again with it in this process (same pid).
 */
async function checkBeforeStart() {
  const { getConfig } = await import('../api/config.ts')
  const { startLogger } = await import('../api/log.ts')
  const refuse = (error) => {
    startLogger().fatal(`Atir cannot start: ${error.message}`)
    process.exit(1)
  }
  let config
  try {
    config = getConfig()
  } catch (error) {
    refuse(error)
  }
  withHeapLimit(config.HEAP_MB)
  const { checkBeforeStart: check } = await import('../api/start-checks.ts')
  await check(config).catch(refuse)
}

/**
 * Node takes the heap's limit only as it starts (--max-old-space-size): this script becomes Node again
 * with it (execve: the pid, and so the signals of tini, systemd and npm, stay the same). A limit given
 * on the command line is left as it is.
 */
function withHeapLimit(megabytes) {
  if (!megabytes || process.execArgv.some((arg) => arg.startsWith('--max-old-space-size'))) return
  const args = [`--max-old-space-size=${megabytes}`, ...process.execArgv, fileURLToPath(import.meta.url)]
  process.execve(process.execPath, [process.execPath, ...args, ...process.argv.slice(2)], process.env)
}
