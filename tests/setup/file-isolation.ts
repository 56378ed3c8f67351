import { afterAll } from 'vitest'
import { forgetConfig } from '#api/config.ts'

// Test files share their worker (`isolate: false`: the modules load once a worker, not once a
// file), not their settings: each file reads the configuration from the environment it sets
// itself, and leaves process.env as it found it.
const env = { ...process.env }
forgetConfig()
afterAll(() => {
  for (const name of Object.keys(process.env)) if (!(name in env)) delete process.env[name]
  Object.assign(process.env, env)
  forgetConfig()
})
