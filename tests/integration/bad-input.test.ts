import fc from 'fast-check'
import { beforeAll, describe, expect, test } from 'vitest'
import { setupTestApi } from './support/api.ts'
import { type Customer, registerCustomer } from './support/customer.ts'
import { fillPath, loadOperations, type Operation, tableChecksums } from './support/openapi.ts'

// Property tests over every operation of the OpenAPI document: wrong types,
// huge strings, unicode, negative and enormous numbers, missing fields,
// malformed JSON and wrong content types, with and without a customer token.
// The answer is never a 5xx; a 4xx carries a JSON {detail}; a rejected
// request leaves every table as it was.
// Reproduce a failure with FC_SEED=<seed printed by fast-check>.

const t = setupTestApi({ products: 20 })
const seed = process.env.FC_SEED ? Number(process.env.FC_SEED) : undefined
const numRuns = Number(process.env.FC_RUNS ?? 20)

// Tables that rightly record a refused attempt: the rate limits' counters (a wrong promo code or password
// counts against its address, which is how guessing is stopped). Every other table must be untouched.
const attemptTables = ['rate_events', 'login_failures']

const huge = 'x'.repeat(10_000)
const badString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(
    huge,
    '🧴💄👩🏽‍🦱',
    'עברית مرحبا',
    'a\u0000b',
    '\u202eevil',
    '',
    ' ',
    '-1',
    '0',
    '1e308',
    '99999999999999999999999',
    'NaN',
    'null',
    'true',
    '../../etc/passwd',
    "' or 1=1 --",
    '%00',
    '<script>alert(1)</script>',
  ),
)
const badNumber = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.constantFrom(-1, 0, -(2 ** 53), 2 ** 53, 2 ** 63, 1e308, -1e308, Number.MAX_SAFE_INTEGER * 10, 0.5),
)
const badValue: fc.Arbitrary<unknown> = fc.oneof(
  badString,
  badNumber,
  fc.constantFrom(null, true, false),
  fc.array(fc.oneof(badString, badNumber), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.oneof(badString, badNumber), { maxKeys: 3 }),
)
const asText = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))

type BodyCase = { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'raw'; text: string; type: string }

function bodyArbitrary(op: Operation): fc.Arbitrary<BodyCase> {
  const fields = op.bodyProps.length
    ? fc.record(Object.fromEntries(op.bodyProps.map((p) => [p, badValue])), { requiredKeys: [] })
    : fc.dictionary(fc.string({ maxLength: 8 }), badValue, { maxKeys: 4 })
  return fc.oneof(
    { weight: 5, arbitrary: fields.map((value) => ({ kind: 'json', value }) as BodyCase) },
    { weight: 1, arbitrary: badValue.map((value) => ({ kind: 'json', value }) as BodyCase) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('{', '{"phone":', '[1,2', 'not json', '{"a":1}}', '\u0000', huge, '')
        .map((text) => ({ kind: 'raw', text, type: 'application/json' }) as BodyCase),
    },
    {
      weight: 1,
      arbitrary: fields.map((value) => ({ kind: 'raw', text: JSON.stringify(value), type: 'text/plain' }) as BodyCase),
    },
    {
      weight: 1,
      arbitrary: fields.map(
        (value) =>
          ({
            kind: 'raw',
            text: new URLSearchParams(Object.entries(value).map(([k, v]) => [k, asText(v)])).toString(),
            type: 'application/x-www-form-urlencoded',
          }) as BodyCase,
      ),
    },
    { weight: 1, arbitrary: fc.constant({ kind: 'none' } as BodyCase) },
  )
}

let operations: Operation[] = []
let customer: Customer
beforeAll(async () => {
  operations = await loadOperations(t)
  customer = await registerCustomer(t)
})

test('the OpenAPI document lists the operations the property tests walk', () => {
  expect(operations.length).toBeGreaterThan(50)
})

describe('bad input never makes a 5xx, and a rejected request changes nothing', () => {
  // One property per operation, so a failure names the endpoint.
  const placeholders = Array.from({ length: 90 }, (_, i) => i)
  test.each(placeholders)('operation #%i', async (i) => {
    const op = operations[i]
    if (!op) return
    // Deleting the account is valid with the token: the rest of the run needs it.
    const mayUseToken = !(op.method === 'DELETE' && op.path === 'account/delete/')
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          path: fc.record(Object.fromEntries(op.pathParams.map((p) => [p, badString]))),
          query: fc.dictionary(
            op.queryParams.length ? fc.constantFrom(...op.queryParams) : fc.string({ maxLength: 6 }),
            badValue,
            { maxKeys: 4 },
          ),
          body: op.bodyType || op.method !== 'GET' ? bodyArbitrary(op) : fc.constant({ kind: 'none' } as BodyCase),
          token: mayUseToken ? fc.constantFrom('none', 'customer', 'garbage') : fc.constantFrom('none', 'garbage'),
          // Header values must be printable ASCII or Headers throws before the API sees them.
          fingerprint: fc.option(badString.filter((s) => s.length < 200 && [...s].every((c) => c >= ' ' && c <= '~'))),
        }),
        async (input) => {
          const search = new URLSearchParams(Object.entries(input.query).map(([k, v]) => [k, asText(v)])).toString()
          const url = fillPath(op.path, input.path) + (search ? `?${search}` : '')
          const headers = new Headers()
          let body: string | undefined
          if (input.body.kind === 'json') body = JSON.stringify(input.body.value) ?? 'null'
          if (input.body.kind === 'raw') {
            body = input.body.text
            headers.set('Content-Type', input.body.type)
          }
          if (op.method === 'GET' || op.method === 'HEAD') body = undefined
          const token =
            input.token === 'customer' ? customer.access : input.token === 'garbage' ? 'garbage.token.x' : undefined
          const before = await tableChecksums(t, attemptTables)
          const response = await t.request(url, {
            method: op.method,
            body,
            headers,
            token,
            fingerprint: input.fingerprint ?? undefined,
          })
          const text = await response.text()
          const where = `${op.method} ${url.slice(0, 200)} → ${response.status} ${text.slice(0, 300)}`
          expect(response.status, where).toBeLessThan(500)
          if (response.status >= 400) {
            const type = response.headers.get('content-type') ?? ''
            expect(type, where).toContain('application/json')
            const json = JSON.parse(text)
            expect(typeof json.detail === 'string' || Array.isArray(json.detail), where).toBe(true)
            const after = await tableChecksums(t, attemptTables)
            expect(after, where).toEqual(before)
          }
        },
      ),
      { numRuns, seed },
    )
  })
})
