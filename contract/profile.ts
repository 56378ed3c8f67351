/**
 * Profile and feedback rules (SPEC §3, §5), shared by the API and the
 * storefront forms: browser-safe (zod and contract/ only). Messages
 * are keys of locales/{lang}/api.json, as in contract/account.ts.
 */
import { z } from 'zod'
import { optionalPhoneSchema, requiredText, TEXT_MAX } from './account.ts'
import { MESSAGE_MAX, PAGE_MAX } from './message-limits.ts'

/** An optional text up to `max`: blank gives `null`. */
export const optionalText = (max = TEXT_MAX) =>
  z
    .string()
    .max(max, 'max_length')
    .transform((value) => value.trim() || null)

/**
 * `PATCH account/`: every field optional; a sent `full_name` may not be blank. A person's
 * name is one text, name and surname, as registration asks it (no separate surname).
 */
export const profileUpdateSchema = z.object({
  full_name: requiredText().optional(),
  extra_phone: optionalPhoneSchema.optional(),
})

/** The storefront's profile form: the same fields, all sent. */
export const profileForm = z.object({
  full_name: requiredText(),
  extra_phone: optionalPhoneSchema.default(null),
})

/** `website` is the honeypot: people never see it, so it stays empty; a bot fills it. */
const honeypot = z.string().max(500, 'max_length').optional()

/** `POST feedback/` */
export const feedbackSchema = z.object({
  name: requiredText(),
  text: requiredText(MESSAGE_MAX),
  /** Optional, for an SMS reply (signed-out senders have no account phone). */
  phone: optionalPhoneSchema.optional(),
  website: honeypot,
})

/** `POST feedback/bug-report/` (multipart; `screenshot` is checked apart, by content). */
export const bugReportSchema = z.object({
  text: requiredText(MESSAGE_MAX),
  page: optionalText(PAGE_MAX).optional(),
  website: honeypot,
})
