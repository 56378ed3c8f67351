import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { Secret, TOTP } from 'otpauth'
import { renderSVG, renderUnicodeCompact } from 'uqr'
import { deriveKey } from '../auth/crypto.ts'

/** Authenticator apps' defaults (RFC 6238): SHA-1, 6 digits, 30-second steps. */
const period = 30
const issuer = 'Atir'

const totpOf = (secret: string, label = '') =>
  new TOTP({ issuer, label, secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period })

/** A new random authenticator secret (160 bits), base32 as apps take it. */
export const newTotpSecret = () => new Secret({ size: 20 }).base32

/** The `otpauth://totp/Atir:<phone>?secret=…` address an authenticator app scans. */
export const totpUri = (secret: string, phone: string) => totpOf(secret, phone).toString()

/** The set-up address as a QR code: an SVG for the back office, text blocks for a terminal. */
export const totpQrSvg = (uri: string) => renderSVG(uri, { ecc: 'M' })
export const totpQrText = (uri: string) => renderUnicodeCompact(uri, { ecc: 'M' })

/** The 30-second step a moment falls in. */
export const totpStep = (at: Date) => Math.floor(at.getTime() / 1000 / period)

/**
 * The step of `code` when it is right at `at`, give or take one step (a
 * phone's clock a little off), else `null`. The caller refuses steps at or
 * before the last one accepted, so no code works twice.
 */
export function totpCodeStep(secret: string, code: string, at: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null
  const delta = totpOf(secret).validate({ token: code, timestamp: at.getTime(), window: 1 })
  return delta === null ? null : totpStep(at) + delta
}

/** The code an authenticator shows at `at` (the CLI's check, and tests). */
export const totpCode = (secret: string, at: Date) => totpOf(secret).generate({ timestamp: at.getTime() })

/**
 * Authenticator secrets are kept encrypted (AES-256-GCM, key derived from
 * SESSION_SECRET): a copy of the database alone does not give the codes.
 */
const keyOf = (sessionSecret: string) => deriveKey(sessionSecret, 'atir/staff-totp/v1')

export function sealTotpSecret(sessionSecret: string, secret: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', keyOf(sessionSecret), iv)
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()])
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.')
}

export function openTotpSecret(sessionSecret: string, sealed: string): string {
  const [version, iv, tag, data] = sealed.split('.')
  if (version !== 'v1' || !iv || !tag || !data) throw new Error('unknown TOTP secret format')
  const decipher = createDecipheriv('aes-256-gcm', keyOf(sessionSecret), Buffer.from(iv, 'base64url'))
  decipher.setAuthTag(Buffer.from(tag, 'base64url'))
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8')
}
