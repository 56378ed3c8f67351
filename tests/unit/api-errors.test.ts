import { describe, expect, it } from 'vitest'
import { ApiResponseError, ApiUnavailableError } from '#app/utils/api-client.server.ts'
import {
  isApiError,
  isApiRefusal,
  orNotFound,
  orNull,
  refusesField,
  rethrowNotFound,
} from '#app/utils/api-errors.server.ts'

const refused = (status: number, body: ConstructorParameters<typeof ApiResponseError>[1] = {}) =>
  new ApiResponseError(status, body)

/** What a helper threw, for assertions on it. */
async function thrown(run: () => unknown): Promise<unknown> {
  try {
    await run()
  } catch (error) {
    return error
  }
  throw new Error('expected a throw')
}

/** The status and body of a `data(…, { status })` thrown by a loader helper. */
function errorPage(error: unknown) {
  if (!(error && typeof error === 'object' && 'type' in error && error.type === 'DataWithResponseInit'))
    throw new Error(`not a data() answer: ${String(error)}`)
  const answer = error as unknown as { data: unknown; init: ResponseInit | null }
  return { status: answer.init?.status, data: answer.data }
}

describe('isApiError', () => {
  it('matches an API error answer with one of the statuses, or any with none given', () => {
    expect(isApiError(refused(404), 404)).toBe(true)
    expect(isApiError(refused(403), 401, 403)).toBe(true)
    expect(isApiError(refused(409))).toBe(true)
    expect(isApiError(refused(400), 404)).toBe(false)
  })

  it('is false for anything that is not the API answering', () => {
    expect(isApiError(new Error('timeout'))).toBe(false)
    expect(isApiError(new ApiUnavailableError(503, { detail: 'down' }), 503)).toBe(false)
    expect(isApiError({ status: 404, body: {} }, 404)).toBe(false)
    expect(isApiError(null)).toBe(false)
  })
})

describe('isApiRefusal', () => {
  it('is a 4xx answer, whose reason is for the customer', () => {
    expect(isApiRefusal(refused(400))).toBe(true)
    expect(isApiRefusal(refused(499))).toBe(true)
    expect(isApiRefusal(refused(500))).toBe(false)
    expect(isApiRefusal(new TypeError('fetch failed'))).toBe(false)
  })
})

describe('refusesField', () => {
  it('tells whether the API named the field among its errors', () => {
    const error = refused(400, { errors: [{ field: 'signature', message: 'expired' }] })
    expect(refusesField(error, 'signature')).toBe(true)
    expect(refusesField(error, 'password')).toBe(false)
    expect(refusesField(refused(400), 'signature')).toBe(false)
    expect(refusesField(new Error('signature'), 'signature')).toBe(false)
  })
})

describe('orNotFound', () => {
  it('passes the answer through', async () => {
    await expect(orNotFound(Promise.resolve({ id: 7 }))).resolves.toEqual({ id: 7 })
  })

  it("turns the API's 404 into this page's 404", async () => {
    const error = await thrown(() => orNotFound(Promise.reject(refused(404, { detail: 'Заказ не найден' }))))
    expect(errorPage(error)).toEqual({ status: 404, data: null })
  })

  it('rethrows every other failure as it is', async () => {
    for (const failure of [refused(400), refused(403), new ApiUnavailableError(503, {}), new Error('bug')])
      expect(await thrown(() => orNotFound(Promise.reject(failure)))).toBe(failure)
  })
})

describe('rethrowNotFound', () => {
  it("turns the API's 404 and 400 into this page's, with the API's wording", async () => {
    expect(errorPage(await thrown(() => rethrowNotFound(refused(404, { detail: 'Товар не найден' }))))).toEqual({
      status: 404,
      data: 'Товар не найден',
    })
    expect(errorPage(await thrown(() => rethrowNotFound(refused(400))))).toEqual({ status: 400, data: null })
  })

  it('rethrows every other failure as it is', async () => {
    const failure = refused(409)
    expect(await thrown(() => rethrowNotFound(failure))).toBe(failure)
    const response = new Response(null, { status: 503 })
    expect(await thrown(() => rethrowNotFound(response))).toBe(response)
  })
})

describe('orNull', () => {
  it('passes the answer through', async () => {
    await expect(orNull(Promise.resolve('page'))).resolves.toBe('page')
  })

  it("makes the API's 404 (or the statuses given) into null", async () => {
    await expect(orNull(Promise.reject(refused(404)))).resolves.toBeNull()
    await expect(orNull(Promise.reject(refused(400)), 404, 400)).resolves.toBeNull()
  })

  it('rethrows every other failure as it is', async () => {
    const failure = refused(400)
    expect(await thrown(() => orNull(Promise.reject(failure)))).toBe(failure)
    const bug = new Error('bug')
    expect(await thrown(() => orNull(Promise.reject(bug), 404))).toBe(bug)
  })
})
