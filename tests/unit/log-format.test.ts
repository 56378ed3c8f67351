import { expect, test } from 'vitest'
import { createLogger, withRequestContext } from '#api/log.ts'

// LOG_FORMAT=pretty: the lines for a person at a terminal, with what the JSON lines leave out left out too.

function prettyLines(write: (logger: ReturnType<typeof createLogger>) => void) {
  const written: string[] = []
  const logger = createLogger({
    level: 'info',
    format: 'pretty',
    destination: { write: (text: string) => void written.push(text) },
  })
  write(logger)
  return written.join('')
}

test('a message of several lines is printed as those lines, with time and level', () => {
  const text = prettyLines((log) => log.fatal('Atir cannot start: Invalid configuration:\n  PORT: expected a number'))
  expect(text).toMatch(
    /^\[\d{2}:\d{2}:\d{2}\.\d{3}\] FATAL: Atir cannot start: Invalid configuration:\n {2}PORT: expected a number\n$/,
  )
  expect(text).not.toContain('"level"')
})

test('an access line is one line: method, path, route, status, time, size, address and who; the phone masked', () => {
  const text = prettyLines((log) =>
    withRequestContext({ id: '5b0c1a2e-9f00-4a55-8d1c-2f6ad3a1c0de' }, () =>
      log.info(
        {
          method: 'GET',
          path: '/ru/order/+998901234567',
          route: '/:lang/order/:id',
          status: 200,
          ms: 12,
          bytes: 4210,
          address: '203.0.113.7',
          userAgent: 'Mozilla/5.0 (Linux; Android 14)',
          customer: 812,
          phone: '+998901234567',
        },
        'request',
      ),
    ),
  )
  expect(text.split('\n')[0]).toMatch(
    /^\[[\d:.]+\] INFO: \[5b0c1a2e\] GET \/ru\/order\/\+998901234567 \(\/:lang\/order\/:id\) → 200 in 12 ms, 4210 B from 203\.0\.113\.7 customer 812$/,
  )
  expect(text).not.toContain('Mozilla')
  // The fields the message holds are not printed again below it; the redacted ones still are, redacted.
  expect(text).not.toContain('"bytes"')
  expect(text).toContain('phone: "+99890*****67"')
})
