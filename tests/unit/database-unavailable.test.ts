import { expect, test } from 'vitest'
import { isDatabaseUnavailable } from '#api/http/unavailable.ts'

// What pg and pg-pool throw when PostgreSQL is away or silent: each becomes a 503, not a 500.
test.each([
  ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
  ['a connection cut mid-query', new Error('Connection terminated unexpectedly')],
  ['no connection within the timeout', new Error('Connection terminated due to connection timeout')],
  ['a full pool waiting past the timeout', new Error('timeout exceeded when trying to connect')],
  ['a query with no answer within the timeout', new Error('Query read timeout')],
  ['a client closed after an error', new Error('Client has encountered a connection error and is not queryable')],
  ['the server shutting down', Object.assign(new Error('terminating connection'), { code: '57P01' })],
  [
    'too many clients (a pool past max_connections)',
    Object.assign(new Error('sorry, too many clients already'), { code: '53300' }),
  ],
  [
    'a server restarting after a crash',
    Object.assign(new Error('terminating connection because of crash of another server process'), { code: '57P02' }),
  ],
  [
    'a database that is not there (dropped, not yet restored)',
    Object.assign(new Error('database "atir" does not exist'), { code: '3D000' }),
  ],
  [
    'a server not in a state to answer (recovery)',
    Object.assign(new Error('recovery is in progress'), { code: '55000' }),
  ],
  ['a connection the server rejected', Object.assign(new Error('connection rejected'), { code: '08004' })],
  ['a cause deeper down', new Error('Failed query: select 1', { cause: new Error('Query read timeout') })],
])('%s is the database being unavailable', (_what, error) => {
  expect(isDatabaseUnavailable(error)).toBe(true)
})

test.each([
  ['a unique violation', Object.assign(new Error('duplicate key value'), { code: '23505' })],
  ['a syntax error', Object.assign(new Error('syntax error at or near "selec"'), { code: '42601' })],
  ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
])('%s is not', (_what, error) => {
  expect(isDatabaseUnavailable(error)).toBe(false)
})
