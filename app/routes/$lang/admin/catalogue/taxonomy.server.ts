import { data } from 'react-router'
import { z } from '#contract/zod.ts'
import { type Kind, kinds } from './+shared/kinds.ts'

// The taxonomy screens' forms: the URL's kind, and how a submitted form
// becomes the API's body (api/admin/taxonomy/schemas.ts validates again and
// answers in the staff member's language).

export { type Kind, kinds }

/** The kind of the URL; anything else is this page's 404. */
export function kindOf(param: string | undefined): Kind {
  if (param && param in kinds) return param as Kind
  throw data(null, { status: 404 })
}

const text = (max: number) => z.string().trim().max(max).optional().default('')
const flag = z
  .string()
  .optional()
  .transform((value) => value === 'on')
const optionalId = z
  .string()
  .optional()
  .transform((value) => (value ? Number(value) : null))

/** The form's fields for names (brands, manufacturers) and titles (categories, menu groups). */
const nameFields = { name: z.string().trim().min(1).max(120), country: z.string().trim().min(2).max(2) }
const titleFields = { title_uz: text(120), title_sr: text(120), title_ru: text(120) }

export const createForms = {
  brands: z.object(nameFields),
  manufacturers: z.object(nameFields),
  categories: z.object(titleFields),
  menu: z.object(titleFields),
}

export const editForms = {
  brands: z.object({
    ...nameFields,
    slug: z.string().trim().min(1).max(100),
    manufacturer_id: optionalId,
    aliases: text(2000),
    is_popular: flag,
    is_hidden: flag,
  }),
  manufacturers: z.object({ ...nameFields, slug: z.string().trim().min(1).max(100), is_hidden: flag }),
  categories: z.object({
    ...titleFields,
    slug: z.string().trim().min(1).max(100),
    group_id: optionalId,
    in_header: flag,
    in_footer: flag,
    is_popular: flag,
    image: text(300),
    is_hidden: flag,
  }),
  menu: z.object({ ...titleFields, slug: z.string().trim().min(1).max(100), is_hidden: flag }),
}

type Values = Record<string, unknown>

/** A form's values as the API's body: titles as `{uz, sr, ru}`, aliases as a list. */
export function toBody(values: Values): Values {
  const { title_uz, title_sr, title_ru, aliases, image, ...rest } = values
  const body: Values = { ...rest }
  if (title_uz !== undefined) body.title = { uz: title_uz, sr: title_sr, ru: title_ru }
  if (aliases !== undefined)
    body.aliases = String(aliases)
      .split(',')
      .map((alias) => alias.trim())
      .filter(Boolean)
  if (image !== undefined) body.image = image || null
  return body
}

/** The API's field names as the form's (`title` is flagged on all three title inputs). */
export function formFieldErrors(errors: Record<string, string[]>) {
  const { title, ...rest } = errors
  return title ? { ...rest, title_uz: title, title_sr: title, title_ru: title } : rest
}

export const apiFields = [
  'name',
  'slug',
  'country',
  'manufacturer_id',
  'aliases',
  'title',
  'group_id',
  'image',
  'is_hidden',
  'is_popular',
]

/**
 * The order typed into the list's number inputs (`position-<id>`, shown as
 * 1, 2, 3 …): rows by their number; of two with the same number the one
 * whose number was changed goes first ("5" typed as "1" goes to the top),
 * empty or invalid ones keep theirs.
 */
export function typedOrder(formData: FormData, ids: number[]) {
  const typed = ids.map((id, index) => {
    const value = Number(String(formData.get(`position-${id}`) ?? '').trim())
    const position = Number.isFinite(value) && value > 0 ? value : index + 1
    return { id, index, position, moved: position !== index + 1 }
  })
  return typed
    .sort((a, b) => a.position - b.position || Number(b.moved) - Number(a.moved) || a.index - b.index)
    .map((row) => row.id)
}
