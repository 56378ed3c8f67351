import { RouterContextProvider } from 'react-router'
import { beforeAll, describe, expect, it } from 'vitest'
import { isAuthPath, isPrivatePath } from '#app/components/account/auth-types.ts'
import { registrationStep, resendIn, resetStep } from '#app/routes/$lang/auth-flow-state.server.ts'
import { flash, flashContext, flashCookieHeader, readFlash, takeFlash } from '#app/utils/flash.server.ts'
import { readSession, sessionCookieHeader } from '#app/utils/session.server.ts'

beforeAll(() => {
  process.env.SESSION_SECRET ??= 'unit-test-secret-unit-test-secret-0123456789'
})

const url = 'http://shop.test/ru'
/** The Cookie header a browser would send back for a Set-Cookie value. */
const cookieFrom = (setCookie: string) => setCookie.replace(/;.*$/s, '')

describe('the session cookie', () => {
  it('round-trips tokens and flow state, httpOnly and SameSite=Lax', async () => {
    const session = await readSession(new Request(url))
    expect(session.changed).toBe(false)
    session.set('tokens', { access: 'a.b.c', refresh: 'r1' })
    session.set('reset', { phone: '+998901234567', signature: 'sig', sentAt: 1 })
    expect(session.changed).toBe(true)
    const header = await sessionCookieHeader(session, new Request(url))
    expect(header).toMatch(/HttpOnly/i)
    expect(header).toMatch(/SameSite=Lax/i)
    expect(header).not.toMatch(/Secure/i)
    const again = await readSession(new Request(url, { headers: { Cookie: cookieFrom(header) } }))
    expect(again.get('tokens')).toEqual({ access: 'a.b.c', refresh: 'r1' })
    expect(again.get('reset')?.signature).toBe('sig')
  })

  it('is deleted when nothing is left in it', async () => {
    const session = await readSession(new Request(url))
    session.set('tokens', { access: 'a', refresh: 'r' })
    const cookie = cookieFrom(await sessionCookieHeader(session, new Request(url)))
    const signedIn = await readSession(new Request(url, { headers: { Cookie: cookie } }))
    signedIn.set('tokens', null)
    const header = await sessionCookieHeader(signedIn, new Request(url))
    expect(header).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i)
  })

  it('ignores a forged (unsigned) cookie', async () => {
    const forged = Buffer.from(JSON.stringify({ tokens: { access: 'x', refresh: 'y' } })).toString('base64')
    const session = await readSession(new Request(url, { headers: { Cookie: `atir_session=${forged}` } }))
    expect(session.get('tokens')).toBeUndefined()
  })
})

describe('flash messages', () => {
  it('survive one redirect and are cleared once shown', async () => {
    const context = new RouterContextProvider()
    context.set(flashContext, await readFlash(new Request(url)))
    flash(context, { type: 'success', message: 'Вы успешно вошли в аккаунт' })
    const header = await flashCookieHeader(context.get(flashContext), new Request(url))
    expect(header).toMatch(/^atir_flash=/)
    expect(header).toMatch(/HttpOnly/i)

    const next = new RouterContextProvider()
    const request = new Request(url, { headers: { Cookie: cookieFrom(header!) } })
    next.set(flashContext, await readFlash(request))
    const toasts = takeFlash(next)
    expect(toasts).toEqual([expect.objectContaining({ type: 'success', message: 'Вы успешно вошли в аккаунт' })])
    expect(await flashCookieHeader(next.get(flashContext), request)).toMatch(/Max-Age=0/i)
  })

  it('write nothing when there is nothing to say', async () => {
    const state = await readFlash(new Request(url))
    expect(await flashCookieHeader(state, new Request(url))).toBeNull()
  })

  it('drop a cookie that does not match the schema', async () => {
    const state = await readFlash(new Request(url, { headers: { Cookie: 'atir_flash=garbage' } }))
    expect(state.incoming).toEqual([])
  })
})

describe('account paths', () => {
  it('knows the pages a customer leaves on logout and the sign-in pages', () => {
    expect(isPrivatePath('/ru/profile')).toBe(true)
    expect(isPrivatePath('/uz/profile/settings')).toBe(true)
    expect(isPrivatePath('/sr/my-orders/history')).toBe(true)
    expect(isPrivatePath('/ru/checkout?step=2')).toBe(true)
    expect(isPrivatePath('/ru/products')).toBe(false)
    expect(isPrivatePath('/ru/profiles-of-brands')).toBe(false)
    expect(isAuthPath('/ru/login')).toBe(true)
    expect(isAuthPath('/ru/reset-password?x=1')).toBe(true)
    expect(isAuthPath('/ru/loginx')).toBe(false)
  })
})

describe('flow steps', () => {
  const now = 1_000_000_000
  it('registration: start, code with a countdown, password, stale back to start', () => {
    expect(registrationStep(undefined, now)).toEqual({ step: 'start' })
    const sent = { full_name: 'A', phone: '+998901234567', session: 's', sentAt: now - 15_000 }
    expect(registrationStep(sent, now)).toEqual({ step: 'code', phone: sent.phone, resendIn: 45 })
    expect(registrationStep({ ...sent, signature: 'sig' }, now).step).toBe('password')
    expect(registrationStep({ ...sent, sentAt: now - 3_600_000 }, now)).toEqual({
      step: 'start',
      full_name: 'A',
      phone: sent.phone,
    })
  })

  it('reset: start, code, password', () => {
    const sent = { phone: '+998901234567', signature: 'sig', sentAt: now - 61_000 }
    expect(resetStep({ phone: sent.phone }, now)).toEqual({ step: 'start', phone: sent.phone })
    expect(resetStep(sent, now)).toEqual({ step: 'code', phone: sent.phone, resendIn: 0 })
    expect(resetStep({ ...sent, tokens: { access: 'a', refresh: 'r' } }, now).step).toBe('password')
    expect(resendIn(now - 59_500, now)).toBe(1)
  })
})
