import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterAll, describe, expect, it } from 'vitest'
import { parseConfig } from '#api/config.ts'
import { strictTransportSecurity } from '../../server/security-headers.ts'

// TRUST_PROXY decides whose X-Forwarded-For/-Proto count (server/shop.ts sets
// Express's "trust proxy" from it): the client address the rate limits see,
// and whether the request came over https (then HSTS). These requests come
// from 127.0.0.1, as from a proxy on the same machine.

const servers: { close(): void }[] = []
afterAll(() => {
  for (const server of servers) server.close()
})

async function shopBehind(trustProxy: string | undefined) {
  const config = parseConfig({ DATA_DIR: '/tmp/atir-unused', SESSION_SECRET: 'x'.repeat(40), TRUST_PROXY: trustProxy })
  const app = express()
  app.set('trust proxy', config.TRUST_PROXY)
  app.use(strictTransportSecurity)
  app.get('/', (req, res) => res.json({ ip: req.ip, secure: req.secure }))
  const server = app.listen(0, '127.0.0.1')
  servers.push(server)
  await new Promise((resolve) => server.once('listening', resolve))
  const { port } = server.address() as AddressInfo
  return async (headers: Record<string, string>) => {
    const response = await fetch(`http://127.0.0.1:${port}/`, { headers })
    return {
      ...((await response.json()) as { ip: string; secure: boolean }),
      hsts: response.headers.get('strict-transport-security'),
    }
  }
}

const forwarded = { 'X-Forwarded-For': '203.0.113.9, 10.0.0.5', 'X-Forwarded-Proto': 'https' }

describe('TRUST_PROXY', () => {
  it('by default (loopback) believes a proxy on this machine, one hop: the address it saw and its https', async () => {
    const ask = await shopBehind(undefined)
    expect(await ask(forwarded)).toEqual({ ip: '10.0.0.5', secure: true, hsts: 'max-age=31536000' })
    expect(await ask({})).toEqual({ ip: '127.0.0.1', secure: false, hsts: null })
  })

  it('0 believes no proxy: the peer is the client, X-Forwarded-Proto is ignored (no HSTS)', async () => {
    const ask = await shopBehind('0')
    expect(await ask(forwarded)).toEqual({ ip: '127.0.0.1', secure: false, hsts: null })
  })

  it('a hop count believes that many proxies in front', async () => {
    const ask = await shopBehind('2')
    expect((await ask(forwarded)).ip).toBe('203.0.113.9')
  })

  it('a list of addresses and ranges believes those proxies only', async () => {
    const ask = await shopBehind('loopback, 10.0.0.0/8')
    expect((await ask(forwarded)).ip).toBe('203.0.113.9')
    const spoofed = await ask({ 'X-Forwarded-For': '203.0.113.9, 198.51.100.7' })
    expect(spoofed.ip).toBe('198.51.100.7')
  })

  it('refuses anything else at start-up', () => {
    for (const value of ['true', '10.0.0.0/33', 'proxy.internal', '100'])
      expect(() =>
        parseConfig({ DATA_DIR: '/tmp/atir-unused', SESSION_SECRET: 'x'.repeat(40), TRUST_PROXY: value }),
      ).toThrow(/TRUST_PROXY/)
  })
})
