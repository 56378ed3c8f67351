import { beforeAll, describe, expect, test } from 'vitest'
import { IMPORT_MAX_BYTES } from '#contract/catalogue-batches.ts'
import { FORM_OVERHEAD_BYTES, IMAGE_MAX_BYTES, UPLOAD_BODY_MAX_BYTES } from '#contract/upload-limits.ts'
import { sendRaw } from '../support/framed-request.ts'
import { setupTestApi } from './support/api.ts'
import { type Customer, registerCustomer } from './support/customer.ts'
import { endlessUpload, UPLOAD_CHUNK } from './support/endless-upload.ts'
import { serveApiOverHttp } from './support/http.ts'
import { signedInStaff } from './support/staff.ts'

// The API caps every request body before a route reads it (BODY_LIMIT_KB,
// default 64 KiB; multipart up to the largest upload), and marks every answer
// with the same protective headers as the pages.

const t = setupTestApi({ products: 5 })
const http = serveApiOverHttp(t)
const limit = 64 * 1024

/** A body of `total` bytes in 16 KiB pieces, produced only as it is read; `counter` says how much was taken. */
function bigBody(total = 4 * limit) {
  const chunk = 16 * 1024
  const counter = { read: 0 }
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (counter.read >= total) return controller.close()
      counter.read += chunk
      controller.enqueue(new TextEncoder().encode('x'.repeat(chunk)))
    },
  })
  return { stream, counter }
}

const feedback = (body: BodyInit, headers: Record<string, string>) =>
  t.request('feedback/', { method: 'POST', lang: 'sr', body, headers, duplex: 'half' } as RequestInit)

describe('request body limit', () => {
  test('a JSON body past the limit by its Content-Length: 413 without reading it', async () => {
    const { stream, counter } = bigBody()
    const response = await feedback(stream, { 'Content-Type': 'application/json', 'Content-Length': String(limit + 1) })
    expect(response.status).toBe(413)
    expect(await response.json()).toEqual({ detail: 'Soʻrov juda katta.' })
    // The stream's own read-ahead at most: the body itself was never consumed.
    expect(counter.read).toBeLessThanOrEqual(16 * 1024)
  })

  test('a chunked JSON body is read only up to the limit, then 413', async () => {
    const { stream, counter } = bigBody()
    const response = await feedback(stream, { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' })
    expect(response.status).toBe(413)
    expect((await response.json()).detail).toBe('Soʻrov juda katta.')
    expect(counter.read).toBeGreaterThan(limit)
    expect(counter.read).toBeLessThanOrEqual(limit + 2 * 16 * 1024)
  })

  test('a form body just under the limit reaches the route (its own validation answers)', async () => {
    const text = 'ж'.repeat(2000) // Longest feedback text, 2 bytes a letter; padded below to just under 64 KiB.
    const body = JSON.stringify({ name: 'Ali', text, website: ' '.repeat(limit - 4200 - 40) })
    expect(body.length).toBeLessThan(limit)
    const response = await feedback(body, { 'Content-Type': 'application/json' })
    // The honeypot's own limit (500) speaks, not the body limit.
    expect(response.status).toBe(400)
    expect((await response.json()).errors.map((e: { field: string }) => e.field)).toContain('website')
  })

  test('multipart bodies may be as large as the largest upload, no larger', async () => {
    const { stream, counter } = bigBody(UPLOAD_BODY_MAX_BYTES + limit)
    const over = await feedback(stream, {
      'Content-Type': 'multipart/form-data; boundary=x',
      'Content-Length': String(UPLOAD_BODY_MAX_BYTES + 1),
    })
    expect(over.status).toBe(413)
    expect(counter.read).toBeLessThanOrEqual(16 * 1024)
    // Past the form limit but within an upload's: the avatar route's own judgement (not a picture: 400).
    const customer = await registerCustomer(t)
    const form = new FormData()
    form.set('avatar', new Blob([new Uint8Array(200 * 1024)]), 'a.png')
    const within = await t.json('account/avatar/', { method: 'POST', body: form, token: customer.access })
    expect(within.status).toBe(400)
    expect(within.body.errors[0].field).toBe('avatar')
  })
})

describe("each upload route's own limit applies while the body is read, without a length", () => {
  let customer: Customer
  let owner: { token: string }
  beforeAll(async () => {
    customer = await registerCustomer(t)
    owner = await signedInStaff(t, 'owner')
  })
  const picture = IMAGE_MAX_BYTES + FORM_OVERHEAD_BYTES
  test.each([
    ['an avatar', 'account/avatar/', 'avatar', picture, () => customer.access],
    ['a bug report screenshot', 'feedback/bug-report/', 'screenshot', picture, () => undefined],
    ['a content picture', 'admin/content/pictures/', 'image', picture, () => owner.token],
    ['product pictures', 'admin/products/1/pictures/', 'files', UPLOAD_BODY_MAX_BYTES, () => owner.token],
    ['a spreadsheet to import', 'admin/products/import/', 'file', IMPORT_MAX_BYTES + 64 * 1024, () => owner.token],
  ])(
    '%s: 413 on its field once its limit is read, the rest of the body cancelled',
    async (_, path, field, limit, token) => {
      const { init, taken } = endlessUpload(field)
      const answer = await t.json(path, { ...init, token: token(), lang: 'ru' })
      expect(answer.status).toBe(413)
      expect(answer.body.errors).toEqual([{ field, message: expect.stringMatching(/ МБ/) }])
      // Read up to the route's limit and a chunk or two of the stream's read-ahead, not the shop-wide limit.
      expect(taken.bytes).toBeGreaterThan(limit)
      expect(taken.bytes).toBeLessThanOrEqual(limit + 3 * UPLOAD_CHUNK)
      expect(taken.cancelled).toBe(true)
    },
  )
})

describe('bodies without a length, over HTTP (as a mobile app sends them)', () => {
  const json = { 'Content-Type': 'application/json', 'Accept-Language': 'sr' }

  test('a DELETE without a body (what fetch() sends) reaches its route', async () => {
    const customer = await registerCustomer(t)
    const product = (await t.json('products/?size=1')).body.results[0]
    const liked = await t.json('products/likes/', {
      method: 'POST',
      body: JSON.stringify({ product_id: product.id }),
      token: customer.access,
    })
    expect(liked.status).toBe(200)
    const removed = await fetch(`${http.base}/api/v1/products/likes/${product.id}/`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${customer.access}` },
    })
    expect(removed.status).toBe(200)
    expect((await removed.json()).is_liked).toBe(false)
  })

  test('a chunked JSON body within the limit reaches its route whole', async () => {
    const body = JSON.stringify({ name: 'Ali', text: 'Chunked, and read whole.' })
    const answer = await sendRaw(`${http.base}/api/v1/feedback/`, {
      method: 'POST',
      headers: json,
      body,
      transport: 'chunked',
    })
    expect(answer.status).toBe(201)
  })

  test('a POST with no body and no length: the route says what is missing', async () => {
    const answer = await sendRaw(`${http.base}/api/v1/auth/logout/`, {
      method: 'POST',
      headers: json,
      transport: 'none',
    })
    expect(answer.status).toBe(400)
    expect(JSON.parse(answer.text).detail).toEqual(expect.any(String))
  })
})

describe('security headers of API answers', () => {
  test.each([
    ['a JSON answer', 'common/header-menu/'],
    ['the OpenAPI document', 'openapi.json'],
    ['a 404', 'no/such/thing/'],
    ['a refused header (400)', 'common/badges/'],
  ])('%s carries nosniff, no framing, a closed CSP and the referrer policy', async (_, path) => {
    const headers: Record<string, string> = path === 'common/badges/' ? { Fingerprint: 'bad fingerprint!' } : {}
    const response = await t.request(path, { headers })
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('x-frame-options')).toBe('DENY')
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'")
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
  })
})
