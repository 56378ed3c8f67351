import { createLogger, setLogger } from '#api/log.ts'

export type LogLine = { level: string; msg: string; reqId?: string; [field: string]: unknown }

/** Every line the shop's logger wrote in this test file, parsed: tests read them instead of stdout. */
export const logLines: LogLine[] = []
/** The lines as written (JSON), to search for what must never be there. */
export const logText = () => logLines.map((line) => JSON.stringify(line)).join('\n')

setLogger(
  createLogger({
    level: 'debug',
    destination: { write: (line: string) => void logLines.push(JSON.parse(line) as LogLine) },
  }),
)

let errorsExpected = false
/** This test expects error lines (a database outage, say): they do not fail it. */
export function expectLoggedErrors() {
  errorsExpected = true
}

/** Error lines written since `from`, unless the test said it expects them. */
export function unexpectedErrors(from: number) {
  const expected = errorsExpected
  errorsExpected = false
  return expected ? [] : logLines.slice(from).filter((line) => line.level === 'error' || line.level === 'fatal')
}
