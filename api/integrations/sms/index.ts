import { join } from 'node:path'
import type { Config } from '../../config.ts'
import { smsResults } from '../../metrics.ts'
import { eskizSmsProvider } from './eskiz.ts'
import { logSmsProvider } from './log.ts'
import type { SmsProvider } from './provider.ts'

export { eskizSmsProvider } from './eskiz.ts'
export { logSmsProvider } from './log.ts'
export { SmsError, type SmsMessage, type SmsProvider } from './provider.ts'

/** Where the `log` provider writes: one JSON line per message. */
export const smsOutboxPath = (config: Pick<Config, 'dataDir'>) => join(config.dataDir, 'sms-outbox.jsonl')

/** The provider chosen by SMS_PROVIDER: `log` (default, offline) or `eskiz`. */
export function createSmsProvider(config: Config, now: () => Date = () => new Date()): SmsProvider {
  if (config.SMS_PROVIDER === 'eskiz') return eskizOf(config)
  return logSmsProvider({ outbox: smsOutboxPath(config), now })
}

/** The Eskiz account of the ESKIZ_ settings. */
export function eskizOf(config: Config) {
  if (!config.ESKIZ_EMAIL || !config.ESKIZ_PASSWORD)
    throw new Error('SMS_PROVIDER=eskiz needs ESKIZ_EMAIL and ESKIZ_PASSWORD')
  return eskizSmsProvider({
    email: config.ESKIZ_EMAIL,
    password: config.ESKIZ_PASSWORD,
    from: config.ESKIZ_FROM,
    baseUrl: config.ESKIZ_BASE_URL,
    callbackUrl: config.ESKIZ_CALLBACK_URL,
    timeoutMs: config.SMS_TIMEOUT_MS,
  })
}

/** `provider`, counting what it sent and what failed for /metrics (atir_sms_total). */
export function countedSms(provider: SmsProvider): SmsProvider {
  return {
    name: provider.name,
    async send(message) {
      try {
        await provider.send(message)
        smsResults.inc({ result: 'sent' })
      } catch (error) {
        smsResults.inc({ result: 'failed' })
        throw error
      }
    },
  }
}
