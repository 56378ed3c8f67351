import { type ChildProcess, spawn } from 'node:child_process'
import { cpSync, mkdirSync, readdirSync, symlinkSync } from 'node:fs'
import { delimiter, dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from '@playwright/test'
import { readCompose, readDockerfile } from '../support/deploy-files.ts'
import { exitCode, freePort, serverEnv, tmpDataDir, waitForHealth } from './support/server-process.ts'

// The container's commands, run here as the image runs them (docker cannot run on
// the build machine): a folder laid out by the Dockerfile's runtime stage, the
// dependencies without the dev tools, then compose's `migrate` command and the
// image's own command with MIGRATIONS=verify.

const root = fileURLToPath(new URL('../..', import.meta.url))

/** The runtime stage's files: its COPY lines from the build context and from the build stage. */
function layOutImage(app: string) {
  const runtime = readDockerfile(root).at(-1)
  for (const copy of runtime?.copies ?? [])
    for (const source of copy.sources) {
      const from = copy.from === null ? join(root, source) : join(root, source.replace(/^\/app\//, ''))
      const to = copy.target.endsWith('/') || copy.sources.length > 1 ? join(app, source) : join(app, copy.target)
      cpSync(from, to, { recursive: true })
    }
  // `npm ci --omit=dev`: the packages, but not node_modules/.bin where the build tools live.
  mkdirSync(join(app, 'node_modules'), { recursive: true })
  for (const entry of readdirSync(join(root, 'node_modules')))
    if (!entry.startsWith('.')) symlinkSync(join(root, 'node_modules', entry), join(app, 'node_modules', entry))
  return { cmd: runtime?.cmd ?? [], env: runtime?.env ?? {} }
}

function run(command: string[], options: { cwd: string; env: Record<string, string> }) {
  const [program = '', ...args] = command
  const child = spawn(program, args, {
    cwd: options.cwd,
    // The image's node is 24; here that is the one running the tests.
    env: { ...process.env, ...options.env, PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ''}` },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let printed = ''
  child.stdout?.on('data', (chunk) => (printed += chunk))
  child.stderr?.on('data', (chunk) => (printed += chunk))
  return { child, printed: () => printed }
}

test("the image's commands: migrations as their own step, then the shop on a verified database", async () => {
  const app = tmpDataDir('image')
  const image = layOutImage(app.dir)
  const migrate = readCompose(root, {}).services.migrate?.command as string[]
  const port = await freePort()
  const env = {
    ...serverEnv,
    ...image.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: join(app.dir, 'data'),
  }
  let shop: ChildProcess | undefined
  try {
    const migration = run(migrate, { cwd: app.dir, env })
    expect(await exitCode(migration.child), migration.printed()).toBe(0)
    expect(migration.printed()).toContain('Migrations applied (pglite)')

    const started = run(image.cmd, { cwd: app.dir, env: { ...env, MIGRATIONS: 'verify' } })
    shop = started.child
    await waitForHealth(port)
    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200)
    expect((await fetch(`http://127.0.0.1:${port}/ru`)).status).toBe(200)
    expect(started.printed()).not.toContain('building')
  } finally {
    shop?.kill('SIGTERM')
    if (shop) await exitCode(shop)
    app.remove()
  }
})
