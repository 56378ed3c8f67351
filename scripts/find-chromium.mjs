// Playwright cannot download its own browsers here, so the end-to-end tests
// run on a system Chromium (Debian's package in CI).
import { accessSync, constants } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome-stable',
  '/usr/bin/google-chrome',
]

function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK)
    return true
  } catch {
    return false
  }
}

export function findChromium() {
  const fromEnv = process.env.CHROME_PATH
  if (fromEnv && isExecutable(fromEnv)) return fromEnv
  const found = CANDIDATES.find(isExecutable)
  if (found) return found
  const envNote = fromEnv ? ` (CHROME_PATH=${fromEnv} is not an executable file)` : ''
  throw new Error(
    `No Chromium found${envNote}; looked in ${CANDIDATES.join(', ')}. ` +
      "Install Debian's Chromium: sudo apt-get install -y chromium, " +
      'or set CHROME_PATH to a Chromium/Chrome binary',
  )
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    console.log(findChromium())
  } catch (error) {
    console.error(error.message)
    process.exit(1)
  }
}
