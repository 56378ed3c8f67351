import type { z } from 'zod'
import type { Lang } from './locale.ts'
import { type MessageKey, message } from './messages.ts'

export type FieldError = { field: string; message: string }

/** An error the client caused or should know about; becomes `{ detail, errors? }`. */
export class ApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 402 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503,
    readonly detail: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(detail)
  }

  toJSON() {
    return this.errors ? { detail: this.detail, errors: this.errors } : { detail: this.detail }
  }
}

export const notFound = (lang: Lang, key: MessageKey = 'not_found') => new ApiError(404, message(lang, key))

/** Zod issues as localised field errors: the client shows the first one next to its field. */
export function fieldErrors(issues: z.core.$ZodIssue[], lang: Lang): FieldError[] {
  return issues.map((issue) => {
    const field =
      issue.path.join('.') || (issue.code === 'unrecognized_keys' ? issue.keys.join(', ') : 'non_field_errors')
    return { field, message: issueMessage(issue, lang) }
  })
}

function issueMessage(issue: z.core.$ZodIssue, lang: Lang): string {
  switch (issue.code) {
    case 'invalid_type':
      // zod leaves `input` out of issues; its message names what it received.
      return /received (undefined|null)$/.test(issue.message)
        ? message(lang, 'required')
        : message(lang, 'invalid_type')
    case 'too_small':
      return issue.origin === 'string'
        ? message(lang, 'min_length', { min: Number(issue.minimum) })
        : message(lang, 'min_value', { min: Number(issue.minimum) })
    case 'too_big':
      return issue.origin === 'string'
        ? message(lang, 'max_length', { max: Number(issue.maximum) })
        : message(lang, 'max_value', { max: Number(issue.maximum) })
    case 'unrecognized_keys':
      return message(lang, 'unknown_field')
    case 'invalid_value':
      return message(lang, 'invalid_choice', { choices: issue.values.map(String).join(', ') })
    case 'custom':
      // Custom refinements carry a message key of ours.
      return message(lang, (issue.message as MessageKey) ?? 'invalid')
    default:
      return message(lang, 'invalid')
  }
}
