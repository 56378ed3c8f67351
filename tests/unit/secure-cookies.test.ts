import { beforeAll, describe, expect, it, vi } from 'vitest'
import { readSession, sessionCookieHeader } from '#app/utils/session.server.ts'
import { getVisitor } from '#app/utils/visitor.server.ts'

// Behind a TLS-terminating proxy the storefront sees http://…; PUBLIC_URL says
// the shop is reached over https, so its cookies must be Secure all the same.
beforeAll(() => {
  vi.stubEnv('NODE_ENV', 'production')
  vi.stubEnv('PUBLIC_URL', 'https://atir.example')
  vi.stubEnv('SESSION_SECRET', 'unit-test-secret-unit-test-secret-0123456789')
})

const behindProxy = 'http://10.0.0.7:3000/ru'

describe('cookies of an https shop behind a proxy (PUBLIC_URL https)', () => {
  it('the visitorId cookie is Secure, like the session cookie', async () => {
    // Issued by the first form post (a basket or favourite), never by a page read.
    expect(getVisitor(new Request(behindProxy)).setCookie).toBeNull()
    const visitor = getVisitor(new Request(behindProxy, { method: 'POST' }))
    expect(visitor.setCookie).toMatch(/^visitorId=/)
    expect(visitor.setCookie).toMatch(/; Secure/i)

    const session = await readSession(new Request(behindProxy))
    session.set('tokens', { access: 'a.b.c', refresh: 'r1' })
    expect(await sessionCookieHeader(session, new Request(behindProxy))).toMatch(/; Secure/i)
  })
})
