import { describe, expect, it } from 'vitest'
import { formBodyMiddleware, formBodyRefusal } from '#app/middleware/form-body.server.ts'

describe('formBodyRefusal', () => {
  it.each([
    'application/x-www-form-urlencoded',
    'application/x-www-form-urlencoded;charset=UTF-8',
    'Application/X-WWW-Form-URLencoded',
    'multipart/form-data; boundary=----WebKitFormBoundary7MA4YWxkTrZu0gW',
    ' MULTIPART/FORM-DATA ; boundary=x',
  ])('reads %s as a form', (type) => {
    expect(formBodyRefusal(type)).toBeNull()
  })

  it.each([
    'application/json',
    'text/plain',
    'text/plain;charset=UTF-8',
    'application/xml',
    'application/octet-stream',
    'multipart/mixed; boundary=x',
    'application/x-www-form-urlencoded-json',
  ])('refuses %s with 415', (type) => {
    expect(formBodyRefusal(type)).toBe(415)
  })

  it('refuses a body without a type with 400', () => {
    expect(formBodyRefusal(null)).toBe(400)
    expect(formBodyRefusal('')).toBe(400)
  })
})

describe('formBodyMiddleware', () => {
  // The storefront's actions send what they read on to the API, whose JSON reads lone surrogates as U+FFFD;
  // a form's bytes are UTF-8, so the same text must come out of the read here, never half a pair.
  const loneSurrogate = [0xed, 0xa0, 0x80]
  const boundary = 'x-boundary'
  it.each([
    ['application/x-www-form-urlencoded', new TextEncoder().encode('text=ab%ED%A0%80cd')],
    [
      `multipart/form-data; boundary=${boundary}`,
      Uint8Array.from([
        ...new TextEncoder().encode(`--${boundary}\r\nContent-Disposition: form-data; name="text"\r\n\r\nab`),
        ...loneSurrogate,
        ...new TextEncoder().encode(`cd\r\n--${boundary}--\r\n`),
      ]),
    ],
  ])('reads the bytes of a lone surrogate in %s as U+FFFD', async (type, body) => {
    const request = new Request('http://shop.test/ru/admin/orders/1', {
      method: 'POST',
      headers: { 'Content-Type': type },
      body,
    })
    let read: FormData | undefined
    await formBodyMiddleware({ request, context: {} as never, params: {}, unstable_pattern: '' } as never, async () => {
      read = await request.formData()
      return new Response()
    })
    const text = read?.get('text')
    expect(text).toBe('ab\ufffd\ufffd\ufffdcd')
    expect((text as string).isWellFormed()).toBe(true)
  })
})
