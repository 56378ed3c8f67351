import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect } from '@playwright/test'

const root = fileURLToPath(new URL('../../..', import.meta.url))
/** The e2e servers' SMS outboxes (playwright.config.ts gives each server its own data folder). */
const outboxes = () =>
  [process.env.E2E_PORT, process.env.E2E_PROVIDERS_PORT].map((port) =>
    resolve(root, `tests/.tmp/e2e-data-${port}`, 'sms-outbox.jsonl'),
  )

export type Sms = { to: string; text: string; at: string }

/** The SMS the server has sent to a number (9 national digits) so far. */
export function messagesTo(national: string): Sms[] {
  // Test phones are unique, so a number's messages all come from one server.
  return outboxes()
    .filter((file) => existsSync(file))
    .flatMap((file) => readFileSync(file, 'utf8').split('\n').filter(Boolean))
    .map((line) => JSON.parse(line) as Sms)
    .filter((sms) => sms.to === `+998${national}`)
}

/** Waits for an SMS to the number after the `seen` earlier ones and returns its 6-digit code. */
export async function nextCode(national: string, seen: number) {
  let code = ''
  await expect
    .poll(() => {
      const messages = messagesTo(national)
      code = messages.length > seen ? (messages.at(-1)?.text.match(/\b\d{6}\b/)?.[0] ?? '') : ''
      return code
    })
    .toMatch(/^\d{6}$/)
  return code
}
