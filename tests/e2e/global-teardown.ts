import { rmSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../..', import.meta.url))

// The run's seeded catalogue the web servers copied (scripts/e2e-server.mjs): gone with the run.
export default function globalTeardown() {
  const template = process.env.E2E_TEMPLATE_DIR
  if (template) rmSync(resolve(root, template), { recursive: true, force: true })
}
