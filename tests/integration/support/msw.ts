import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll } from 'vitest'

/**
 * The file's msw server for the external services (SMS, payment providers, Telegram): listening for the
 * file's tests, each test's handlers dropped after it. msw 3: a request no handler answers fails the test.
 */
export function externalServices() {
  const server = setupServer()
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
  afterEach(() => server.resetHandlers())
  afterAll(() => server.close())
  return server
}
