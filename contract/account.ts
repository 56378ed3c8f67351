/**
 * Account form rules (SPEC §5), shared by the API and the storefront
 * (browser-safe: zod and libphonenumber-js only).
 *
 * Error messages are keys of `locales/{lang}/api.json`: `required`,
 * `min_length` / `max_length` (fill `{min}` / `{max}` from the constants
 * below), `invalid_phone`, `invalid_code`, `passwords_mismatch`,
 * `invalid_type`. The API turns them into localised `{field, message}`
 * errors; the storefront translates them the same way.
 */

import {
  CODE_LENGTH,
  PASSWORD_MAX,
  PASSWORD_MIN_REGISTRATION,
  PASSWORD_MIN_RESET,
  TEXT_MAX,
  TOKEN_MAX,
} from './limits.ts'
import { normalizePhone, PHONE_INPUT_MAX } from './phone.ts'
import { z } from './zod.ts'

export * from './limits.ts'

const notBlank = (value: string) => value.trim().length > 0
const required = { message: 'required', abort: true } as const

/** A required text (blank counts as missing), at most `max` characters, trimmed. */
export const requiredText = (max = TEXT_MAX) => z.string().trim().refine(notBlank, required).max(max, 'max_length')

/** A required Uzbek phone number in any accepted spelling; the output is E.164 `+998XXXXXXXXX`. */
export const phoneSchema = z
  .string()
  .max(PHONE_INPUT_MAX, 'max_length')
  .refine(notBlank, required)
  .transform((value, ctx) => {
    const phone = normalizePhone(value)
    if (phone) return phone
    ctx.issues.push({ code: 'custom', message: 'invalid_phone', input: value })
    return z.NEVER
  })

/** An optional phone (e.g. the extra phone): empty gives `null`, anything else must be valid. */
export const optionalPhoneSchema = z
  .string()
  .max(PHONE_INPUT_MAX, 'max_length')
  .transform((value, ctx) => {
    if (!value.trim()) return null
    const phone = normalizePhone(value)
    if (phone) return phone
    ctx.issues.push({ code: 'custom', message: 'invalid_phone', input: value })
    return z.NEVER
  })

/** The password of the login form: required, no minimum (older accounts may have short ones). */
export const loginPasswordSchema = z.string().refine(notBlank, required).max(PASSWORD_MAX, 'max_length')

/** A new password at registration: at least 8 characters. */
export const registrationPasswordSchema = z
  .string()
  .refine(notBlank, required)
  .min(PASSWORD_MIN_REGISTRATION, 'min_length')
  .max(PASSWORD_MAX, 'max_length')

/** A new password after a reset or on a change: at least 6 characters. */
export const newPasswordSchema = z
  .string()
  .refine(notBlank, required)
  .min(PASSWORD_MIN_RESET, 'min_length')
  .max(PASSWORD_MAX, 'max_length')

/** The 6-digit SMS code. */
export const codeSchema = z
  .string()
  .trim()
  .refine(notBlank, required)
  .refine((value) => /^\d+$/.test(value) && value.length === CODE_LENGTH, 'invalid_code')

/** An opaque token the API handed out (registration session, signature, refresh token). */
export const tokenSchema = z.string().trim().refine(notBlank, required).max(TOKEN_MAX, 'max_length')

const sameAs =
  <K extends string>(field: K, confirmation: string) =>
  (value: Record<string, unknown>) =>
    value[field] === value[confirmation]

// ---- API payloads (SPEC §7) ----

/** `POST auth/login/` */
export const loginSchema = z.object({ phone: phoneSchema, password: loginPasswordSchema })

/** `POST auth/token/refresh/` and `POST auth/logout/` */
export const refreshSchema = z.object({ refresh: tokenSchema })

/** `POST account/registration/entrypoint/`, `POST account/password-reset/`, `POST account/phone-change/` */
export const phoneOnlySchema = z.object({ phone: phoneSchema })

/** `POST account/registration/verify/` and `POST account/phone-change/verify/` */
export const codeWithSessionSchema = z.object({ code: codeSchema, phone: phoneSchema, session: tokenSchema })

/** `POST account/registration/register/`; `password_confirm` is optional here but must match when sent. */
export const registerSchema = z
  .object({
    password: registrationPasswordSchema,
    full_name: requiredText(),
    signature: tokenSchema,
    password_confirm: z.string().max(PASSWORD_MAX, 'max_length').optional(),
  })
  .refine((v) => v.password_confirm === undefined || v.password === v.password_confirm, {
    path: ['password_confirm'],
    message: 'passwords_mismatch',
  })

/** `POST account/password-reset/verify/` */
export const resetVerifySchema = z.object({ code: codeSchema, signature: tokenSchema })

/** `PUT account/password-change-after-reset/` */
export const passwordAfterResetSchema = z
  .object({ new_password: newPasswordSchema, password_confirm: z.string().max(PASSWORD_MAX, 'max_length') })
  .refine(sameAs('new_password', 'password_confirm'), { path: ['password_confirm'], message: 'passwords_mismatch' })

/**
 * `PUT account/password-change/`. A missing `old_password` is not a field
 * error here: the API answers it with its own "current password missing or
 * incorrect" error, like a wrong one.
 */
export const passwordChangeSchema = z
  .object({
    old_password: z.string().max(PASSWORD_MAX, 'max_length').default(''),
    new_password: newPasswordSchema,
    password_confirm: z.string().max(PASSWORD_MAX, 'max_length'),
  })
  .refine(sameAs('new_password', 'password_confirm'), { path: ['password_confirm'], message: 'passwords_mismatch' })

/**
 * `DELETE account/delete/`: deleting is explicit, never what a bare request
 * does: `confirm: true` and the account's password (every account made by
 * registration has one). A missing password is, as for a password change,
 * the API's own "current password missing or incorrect" error.
 */
export const accountDeleteSchema = z
  .object({ confirm: z.boolean().optional(), password: z.string().max(PASSWORD_MAX, 'max_length').default('') })
  // On the object: zod does not run a field's own checks when the field is missing.
  .refine((body) => body.confirm === true, { path: ['confirm'], message: 'account_delete_confirm' })

// ---- Storefront forms (fields the API does not receive, e.g. confirmations) ----

/** The deletion form: its submit button sends `confirm=delete`; the password as the API wants it. */
export const accountDeleteForm = z
  .object({ confirm: z.string().optional(), password: z.string().max(PASSWORD_MAX, 'max_length').default('') })
  .refine((form) => form.confirm === 'delete', { path: ['confirm'], message: 'account_delete_confirm' })

/** Registration step 1: name and phone. */
export const registrationStartForm = z.object({ full_name: requiredText(), phone: phoneSchema })

/** Registration step 3: password and its confirmation. */
export const registrationPasswordForm = z
  .object({ password: registrationPasswordSchema, password_confirm: z.string().max(PASSWORD_MAX, 'max_length') })
  .refine(sameAs('password', 'password_confirm'), { path: ['password_confirm'], message: 'passwords_mismatch' })

/** Reset step 2 and registration step 2: the code alone. */
export const codeForm = z.object({ code: codeSchema })
