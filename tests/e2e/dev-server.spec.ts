import { type ChildProcess, spawn } from 'node:child_process'
import { cpSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from '@playwright/test'
import { exitCode, freePort, serverEnv, tmpDataDir, waitForHealth } from './support/server-process.ts'

// `npm run dev` reloads a change to the API as it does a route's: run on a copy of
// the sources (the test edits the copy's API, never the project's), it serves the
// changed answer from the same port without a restart by hand.

const root = fileURLToPath(new URL('../..', import.meta.url))
const sources = [
  'app',
  'api',
  'server',
  'contract',
  'locales',
  'public',
  'scripts',
  'server.ts',
  'package.json',
  'vite.config.ts',
  'react-router.config.ts',
  'tsconfig.json',
]

test('npm run dev serves an API change from the same port, the storefront still up', async () => {
  const copy = tmpDataDir('dev-copy')
  for (const path of sources) cpSync(join(root, path), join(copy.dir, path), { recursive: true })
  mkdirSync(join(copy.dir, 'node_modules'))
  for (const entry of readdirSync(join(root, 'node_modules')))
    if (!entry.startsWith('.')) symlinkSync(join(root, 'node_modules', entry), join(copy.dir, 'node_modules', entry))
  const port = await freePort()
  let dev: ChildProcess | undefined
  let printed = ''
  try {
    dev = spawn(process.execPath, ['--conditions=development', 'scripts/dev.mjs'], {
      cwd: copy.dir,
      env: {
        ...process.env,
        ...serverEnv,
        NODE_ENV: 'development',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: join(copy.dir, 'data'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    dev.stdout?.on('data', (chunk) => (printed += chunk))
    dev.stderr?.on('data', (chunk) => (printed += chunk))
    await waitForHealth(port)
    const description = async () =>
      (await (await fetch(`http://127.0.0.1:${port}/api/v1/openapi.json`)).json()).info.description as string
    expect(await description()).toBe('Catalogue, accounts, basket and orders of the Atir shop.')

    const app = join(copy.dir, 'api/app.ts')
    writeFileSync(
      app,
      readFileSync(app, 'utf8').replace('orders of the Atir shop.', 'orders of the Atir shop, reloaded.'),
    )
    await expect.poll(description).toBe('Catalogue, accounts, basket and orders of the Atir shop, reloaded.')
    expect(printed).toContain('api/app.ts changed, the API and server reloaded')
    expect((await fetch(`http://127.0.0.1:${port}/ru`)).status).toBe(200)
  } finally {
    dev?.kill('SIGTERM')
    const code = dev ? await exitCode(dev) : 0
    copy.remove()
    // The shop closed its database, then Vite: a clean exit, not Vite's own on SIGTERM.
    expect(code, printed).toBe(0)
  }
})
