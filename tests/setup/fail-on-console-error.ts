import { afterEach, beforeEach, vi } from 'vitest'

// An unexpected console.error is a bug: tests that expect one spy on it themselves.
let errors: unknown[][] = []
beforeEach(() => {
  errors = []
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args)
  })
})
afterEach(() => {
  vi.mocked(console.error).mockRestore()
  if (errors.length)
    throw new Error(`console.error was called:\n${errors.map((a) => a.map(String).join(' ')).join('\n')}`)
})
