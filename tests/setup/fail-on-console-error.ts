import { afterEach, beforeEach, vi } from 'vitest'
import { logLines, unexpectedErrors } from './log-lines.ts'

// An unexpected console.error or error log line is a bug: tests that expect one say so
// (a spy on console.error, expectLoggedErrors()).
let errors: unknown[][] = []
let logStart = 0
beforeEach(() => {
  errors = []
  logStart = logLines.length
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args)
  })
})
afterEach(() => {
  vi.mocked(console.error).mockRestore()
  if (errors.length)
    throw new Error(`console.error was called:\n${errors.map((a) => a.map(String).join(' ')).join('\n')}`)
  const logged = unexpectedErrors(logStart)
  if (logged.length) throw new Error(`an error was logged:\n${logged.map((line) => JSON.stringify(line)).join('\n')}`)
})
