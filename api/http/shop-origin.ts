import type { Config } from '../config.ts'

/**
 * The shop's own address for links that leave it (a payment link in an SMS
 * or a Telegram message): PUBLIC_URL, or without it (demo mode only) the
 * address this process serves on — `localhost` when it listens on every
 * interface. Never a relative path: a phone opens no `/ru/payment/pay/…`.
 */
export function shopOrigin(config: Pick<Config, 'PUBLIC_URL' | 'HOST' | 'PORT'>): string {
  if (config.PUBLIC_URL) return config.PUBLIC_URL.replace(/\/+$/, '')
  const wildcard = ['0.0.0.0', '::', ''].includes(config.HOST)
  const host = wildcard ? 'localhost' : config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST
  return `http://${host}:${config.PORT}`
}
