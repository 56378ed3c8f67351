import type { AddressInfo } from 'node:net'
import express, { type Express } from 'express'
import { afterAll, beforeAll } from 'vitest'
import { apiBasePath } from '#api/app.ts'
import { apiHandler } from '../../../server/shop.ts'
import type { TestApi } from './api.ts'

// The test API over a real socket, mounted as server/shop.ts mounts it
// (Express, then @hono/node-server): what a mobile app or 1C talks to.

export type HttpApi = {
  /** `http://127.0.0.1:<port>`, once the file's servers are up. */
  readonly base: string
  /** `t` with its calls going over HTTP, so the support helpers work unchanged. */
  readonly t: TestApi
}

/** Serves `t.api` at /api/v1 for the test file; `before` adds the app's own middleware ahead of it. */
export function serveApiOverHttp(t: TestApi, before: (app: Express) => void = () => {}): HttpApi {
  let base = ''
  let close = () => {}
  beforeAll(async () => {
    const app = express()
    before(app)
    app.use(apiBasePath, apiHandler(t.api))
    const server = app.listen(0, '127.0.0.1')
    await new Promise((resolve) => server.once('listening', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    close = () => server.close()
  })
  afterAll(() => close())

  const request: TestApi['request'] = (path, init = {}) => {
    const headers = new Headers(init.headers)
    if (init.lang) headers.set('Accept-Language', init.lang)
    if (init.fingerprint) headers.set('Fingerprint', init.fingerprint)
    if (init.token) headers.set('Authorization', `Bearer ${init.token}`)
    if (typeof init.body === 'string' && !headers.has('content-type')) headers.set('Content-Type', 'application/json')
    return fetch(`${base}${apiBasePath}/${path}`, { ...init, headers })
  }
  const http: TestApi = new Proxy(t, {
    get(target, key) {
      if (key === 'request') return request
      if (key === 'json')
        return async (path: string, init?: Parameters<TestApi['request']>[1]) => {
          const response = await request(path, init)
          return { status: response.status, body: await response.json(), headers: response.headers }
        }
      return Reflect.get(target, key)
    },
  })
  return {
    get base() {
      return base
    },
    t: http,
  }
}
