import { describe, expect, it } from 'vitest'
import { inputNames } from '#app/routes/$lang/admin/forms.server.ts'
import { z } from '#contract/zod.ts'

describe('inputNames', () => {
  it('names a schema’s inputs as conform does: nested objects by their fields, behind defaults and pipes', () => {
    const localized = z.object({ uz: z.string(), sr: z.string(), ru: z.string() }).default({ uz: '', sr: '', ru: '' })
    const form = z.object({
      title: localized,
      link: z.string().optional(),
      starts_at: z
        .string()
        .optional()
        .transform((value) => value ?? null),
      position: z.number().default(0),
    })
    expect(inputNames(form, ['image'])).toEqual([
      'title.uz',
      'title.sr',
      'title.ru',
      'link',
      'starts_at',
      'position',
      'image',
    ])
  })
})
