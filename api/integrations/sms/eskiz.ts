import { httpOutcome, observeProvider } from '../../metrics.ts'
import { SmsError, type SmsProvider } from './provider.ts'

export type EskizOptions = {
  email: string
  password: string
  /** Sender id (nickname) approved in the Eskiz cabinet; 4546 is Eskiz's shared one. */
  from: string
  /** API root, `https://notify.eskiz.uz/api/`. */
  baseUrl: string
  callbackUrl?: string
  /** Deadline for one `send`, login and token refresh included. */
  timeoutMs: number
}

type TokenAnswer = { data?: { token?: unknown } }

/** The bearer token of a login or refresh answer. */
async function readToken(response: Response, what: string): Promise<string> {
  const body = (await response.json().catch(() => ({}))) as TokenAnswer
  const value = body.data?.token
  if (!response.ok || typeof value !== 'string' || !value)
    throw new SmsError('unavailable', `Eskiz ${what} failed with HTTP ${response.status}`)
  return value
}

/**
 * Eskiz (notify.eskiz.uz): logs in with the account's email and password for
 * a bearer token, kept in memory; on a 401 refreshes it (PATCH auth/refresh),
 * falling back to a fresh login, and retries once. Texts must match a
 * template approved in the Eskiz cabinet.
 */
export function eskizSmsProvider(options: EskizOptions): SmsProvider & { checkLogin(): Promise<void> } {
  const base = options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`
  let token: string | null = null
  // Concurrent sends share one login instead of each starting their own.
  let pendingLogin: Promise<string> | null = null

  async function call(path: string, init: RequestInit, signal: AbortSignal): Promise<Response> {
    try {
      return await observeProvider(
        { provider: 'eskiz', operation: path },
        () => fetch(new URL(path, base), { ...init, signal }),
        { signal, outcomeOf: httpOutcome },
      )
    } catch (error) {
      if (signal.aborted)
        throw new SmsError('timeout', `Eskiz did not answer within ${options.timeoutMs} ms`, { cause: error })
      throw new SmsError('unavailable', `Eskiz could not be reached: ${(error as Error).message}`, { cause: error })
    }
  }

  function login(signal: AbortSignal): Promise<string> {
    pendingLogin ??= (async () => {
      const response = await call(
        'auth/login',
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify({ email: options.email, password: options.password }),
        },
        signal,
      )
      token = await readToken(response, 'login')
      return token
    })().finally(() => {
      pendingLogin = null
    })
    return pendingLogin
  }

  /** A new token after a 401: refresh the current one, else log in again. */
  async function renew(signal: AbortSignal): Promise<string> {
    if (token) {
      const response = await call(
        'auth/refresh',
        { method: 'PATCH', headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' } },
        signal,
      )
      if (response.ok) {
        token = await readToken(response, 'token refresh')
        return token
      }
      token = null
    }
    return login(signal)
  }

  function post(message: { to: string; text: string }, bearer: string, signal: AbortSignal) {
    const body: Record<string, string> = {
      mobile_phone: message.to.replace(/^\+/, ''),
      message: message.text,
      from: options.from,
    }
    if (options.callbackUrl) body.callback_url = options.callbackUrl
    return call(
      'message/sms/send',
      {
        method: 'POST',
        headers: { Authorization: `Bearer ${bearer}`, 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(body),
      },
      signal,
    )
  }

  return {
    name: 'eskiz',
    /** Logs in, and nothing else (`npm run preflight`): the account and password work. */
    async checkLogin() {
      await login(AbortSignal.timeout(options.timeoutMs))
    },
    async send(message) {
      const signal = AbortSignal.timeout(options.timeoutMs)
      let response = await post(message, token ?? (await login(signal)), signal)
      if (response.status === 401) response = await post(message, await renew(signal), signal)
      const answer = (await response.json().catch(() => null)) as { status?: unknown; message?: unknown } | null
      if (!response.ok || answer?.status === 'error') {
        const reason = response.status >= 500 || response.status === 401 ? 'unavailable' : 'rejected'
        const detail = typeof answer?.message === 'string' ? `: ${answer.message}` : ''
        throw new SmsError(reason, `Eskiz refused the message with HTTP ${response.status}${detail}`)
      }
    },
  }
}
