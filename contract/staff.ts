/**
 * Back office forms and payloads, shared by the admin API and the
 * back office screens (browser-safe: zod only). Messages are keys of
 * `locales/{lang}/api.json`, as in contract/account.ts.
 */

import { loginPasswordSchema, phoneSchema, requiredText, tokenSchema } from './account.ts'
import { PASSWORD_MAX } from './limits.ts'
import { z } from './zod.ts'

export const staffRoles = ['owner', 'manager', 'content', 'warehouse', 'courier'] as const
export type StaffRole = (typeof staffRoles)[number]

/** Staff passwords are longer than customers': one account opens every order. */
export const STAFF_PASSWORD_MIN = 10
/** A recovery code as typed (`xxxxx-xxxxx`, spaces and dashes allowed). */
export const RECOVERY_CODE_MAX = 32

const notBlank = (value: string) => value.trim().length > 0

/** The 6 digits an authenticator app shows. */
export const totpCodeSchema = z
  .string()
  .trim()
  .refine(notBlank, { message: 'required', abort: true })
  .refine((value) => /^\d{6}$/.test(value), 'invalid_code')

const newStaffPassword = z
  .string()
  .refine(notBlank, { message: 'required', abort: true })
  .min(STAFF_PASSWORD_MIN, 'min_length')
  .max(PASSWORD_MAX, 'max_length')

/** `POST admin/auth/login/` */
export const staffLoginSchema = z.object({ phone: phoneSchema, password: loginPasswordSchema })

/** `POST admin/auth/second-factor/`: the challenge and either the app's code or a recovery code. */
export const secondFactorSchema = z
  .object({
    challenge: tokenSchema,
    code: z.string().trim().max(16, 'max_length').optional(),
    recovery_code: z.string().trim().max(RECOVERY_CODE_MAX, 'max_length').optional(),
  })
  .superRefine((value, ctx) => {
    const code = value.code || undefined
    const recovery = value.recovery_code || undefined
    if (!code === !recovery) ctx.addIssue({ code: 'custom', path: ['code'], message: 'admin_second_factor_one' })
    else if (code && !/^\d{6}$/.test(code)) ctx.addIssue({ code: 'custom', path: ['code'], message: 'invalid_code' })
  })

/** `POST admin/auth/totp/confirm/` */
export const totpConfirmSchema = z.object({ code: totpCodeSchema })

/** `POST admin/auth/password/` */
export const staffPasswordSchema = z
  .object({
    old_password: loginPasswordSchema,
    new_password: newStaffPassword,
    password_confirm: z.string().max(PASSWORD_MAX, 'max_length'),
  })
  .refine((v) => v.new_password === v.password_confirm, {
    path: ['password_confirm'],
    message: 'passwords_mismatch',
  })

/** `POST admin/staff/` */
export const staffCreateSchema = z.object({
  phone: phoneSchema,
  name: requiredText(),
  role: z.enum(staffRoles),
})

/** `PATCH admin/staff/{id}/`: any of name, role and disabled. */
export const staffUpdateSchema = z
  .object({
    name: requiredText().optional(),
    role: z.enum(staffRoles).optional(),
    disabled: z.boolean().optional(),
  })
  .strict()

/** `POST admin/keys/` */
export const apiKeyCreateSchema = z.object({ name: requiredText(), role: z.enum(staffRoles) })
