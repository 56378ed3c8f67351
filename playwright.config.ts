import { createServer } from 'node:net'
import { defineConfig, devices } from '@playwright/test'
import { findChromium } from './scripts/find-chromium.mjs'
import { markTestRun } from './tests/support/leftover-processes.ts'

// Every process the run starts carries the mark: the last reporter fails the run if one outlives it.
markTestRun()

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port)
        else reject(new Error('could not read the port of a probe server'))
      })
    })
  })
}

// Workers load this file again; they inherit the runner's environment, so the
// port picked here is kept in E2E_PORT or each worker would test another port.
process.env.E2E_PORT ||= String(await freePort())
const port = Number(process.env.E2E_PORT)
const baseURL = `http://127.0.0.1:${port}`
// A second server set up for the external providers (Yandex Maps key, Payme),
// so the specs of those paths run on every `npm test` instead of being skipped.
process.env.E2E_PROVIDERS_PORT ||= String(await freePort())
const providersPort = Number(process.env.E2E_PROVIDERS_PORT)
// The demo catalogue both servers start from, seeded once per run (scripts/e2e-server.mjs).
process.env.E2E_TEMPLATE_DIR ||= `tests/.tmp/e2e-template-${port}`

const launchOptions = {
  executablePath: findChromium(),
  args: [
    // The network is closed here: without these Chromium keeps calling home.
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    // Chromium's sandbox refuses to start as root (CI runs as root).
    ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
  ],
}

// HTTP-only specs (no browser): run once, in the `server` project.
const serverOnly = /(server|security)\.spec\.ts$/

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  globalTeardown: './tests/e2e/global-teardown.ts',
  // Not the default test-results/: Playwright empties its outputDir at start,
  // which would delete vitest.json written just before by scripts/test.mjs.
  outputDir: 'test-results/e2e',
  fullyParallel: true,
  // Timeouts catch a hang; they are not speed checks (`npm run bench` is). Sized so a
  // machine at load average 20 (2 cores shared with other work) still passes; a wait
  // for a state ends as soon as the state is there.
  timeout: 300_000,
  expect: { timeout: 60_000, toPass: { timeout: 60_000 } },
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [
    ['list'],
    ['json', { outputFile: 'test-results/e2e.json' }],
    ['./tests/e2e/support/no-leftover-processes.ts'],
  ],
  use: { baseURL },
  projects: [
    {
      name: 'chromium-js',
      testIgnore: serverOnly,
      use: { ...devices['Desktop Chrome'], javaScriptEnabled: true, launchOptions },
    },
    {
      name: 'chromium-nojs',
      // axe-core runs as a script in the page; without scripts there is no hydration to type through and each
      // press is its own page, with nothing to queue behind another.
      testIgnore: [serverOnly, /(a11y|typed-before-scripts|quick-presses)\.spec\.ts$/],
      // Single tests of what only scripts do, tagged in their files (support/page.ts jsOnly).
      grepInvert: /@js-only/,
      use: { ...devices['Desktop Chrome'], javaScriptEnabled: false, launchOptions },
    },
    // HTTP-level checks of the server itself (headers, shutdown): no browser, run once.
    { name: 'server', testMatch: serverOnly },
  ],
  webServer: [
    e2eServer(port, {}),
    e2eServer(providersPort, {
      YANDEX_MAPS_API_KEY: 'e2e-maps-key',
      PAYMENT_PROVIDER: 'payme',
      PAYME_MERCHANT_ID: 'e2e-merchant',
      PAYME_KEY: 'e2e-payme-key',
    }),
  ],
})

/** The production build on a fresh copy of the run's seeded database; `extra` switches on what a spec needs. */
function e2eServer(serverPort: number, extra: Record<string, string>) {
  return {
    command: 'node scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${serverPort}/healthz`,
    // Seeding the 2,000-product demo catalogue (the first server; the second copies it) at load 20.
    timeout: 600_000,
    reuseExistingServer: false,
    // Stopped as a shop is (it closes its database), so scripts/e2e-server.mjs then removes its data
    // folder; Playwright's default SIGKILL left every run's folder behind.
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 60_000 },
    env: {
      PORT: String(serverPort),
      // Per port, so two runs on one machine never share (or wipe) a database.
      DATA_DIR: `tests/.tmp/e2e-data-${serverPort}`,
      E2E_TEMPLATE_DIR: process.env.E2E_TEMPLATE_DIR as string,
      NODE_ENV: 'production',
      SMS_PROVIDER: 'log',
      // Every e2e shopper comes from 127.0.0.1: the per-address caps would count them as one.
      SMS_CODES_PER_ADDRESS: '1000',
      LOGIN_FAILURES_PER_ADDRESS: '1000',
      // The notification outbox is sent by the periodic jobs: the customer's SMS reach the log within seconds.
      ORDER_JOBS_INTERVAL_SECONDS: '5',
      // Customers may link Telegram (no token: the demo's simulated bot, `npm run telegram -- simulate`).
      TELEGRAM_BOT_USERNAME: 'atir_e2e_bot',
      ...extra,
    },
  }
}
