import { createContext, type RouterContextProvider } from 'react-router'
import { getConfig } from '#api/config.ts'
import type { Lang } from './i18n.ts'
import { apiContext } from './request-context.ts'

/** An API answer that was not 2xx; loaders turn 404s into their own 404 page. */
export class ApiResponseError extends Error {
  constructor(
    readonly status: number,
    readonly body: { detail?: string; errors?: Array<{ field: string; message: string }> },
  ) {
    super(body.detail ?? `API answered ${status}`)
  }
}

export type ApiClient = {
  /** `path` is relative to /api/v1/, e.g. `products/?page=2`. */
  request(path: string, init?: RequestInit): Promise<Response>
  get<T>(path: string, query?: Record<string, string | number | boolean | undefined | null>): Promise<T>
  send<T>(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<T>
}

export type Caller = { lang: Lang; fingerprint: string; accessToken?: string | null; clientAddress?: string | null }

export const apiClientContext = createContext<ApiClient>()

/** The storefront's one way to the API: in-process by default, over HTTP when API_URL is set. */
export function createApiClient(context: Readonly<RouterContextProvider>, caller: Caller): ApiClient {
  const { API_URL, API_TIMEOUT_MS } = getConfig()
  const base = API_URL ? new URL('/api/v1/', API_URL).toString() : 'http://in-process/api/v1/'
  const request = async (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers)
    headers.set('Accept-Language', caller.lang)
    headers.set('Fingerprint', caller.fingerprint)
    headers.set('Accept', 'application/json')
    if (caller.accessToken) headers.set('Authorization', `Bearer ${caller.accessToken}`)
    if (caller.clientAddress) headers.set('X-Real-IP', caller.clientAddress)
    const req = new Request(new URL(path, base), { ...init, headers, signal: AbortSignal.timeout(API_TIMEOUT_MS) })
    return API_URL ? fetch(req) : context.get(apiContext).fetch(req)
  }
  const parse = async <T>(response: Response): Promise<T> => {
    const body = response.status === 204 ? {} : await response.json().catch(() => ({}))
    if (!response.ok) throw new ApiResponseError(response.status, body)
    return body as T
  }
  return {
    request,
    async get(path, query = {}) {
      const url = new URL(path, 'http://x/')
      for (const [k, v] of Object.entries(query))
        if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v))
      return parse(await request(`${url.pathname.slice(1)}${url.search}`))
    },
    async send(method, path, body) {
      const init: RequestInit = { method }
      if (body !== undefined) {
        init.body = JSON.stringify(body)
        init.headers = { 'Content-Type': 'application/json' }
      }
      return parse(await request(path, init))
    },
  }
}
