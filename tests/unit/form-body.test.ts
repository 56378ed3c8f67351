import { describe, expect, it } from 'vitest'
import { formBodyRefusal } from '#app/middleware/form-body.server.ts'

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
