import type { RouterContextProvider } from 'react-router'
import { fromTashkentInput } from '#app/components/admin/content/tashkent.ts'
import { getInstance } from '#app/middleware/i18next.ts'
import { ApiResponseError } from '#app/utils/api-client.server.ts'
import { staffApi } from '#app/utils/staff-session.server.ts'
import { z } from '#contract/zod.ts'

type Context = Readonly<RouterContextProvider>

/** Texts of the `admin-content` namespace in the request's language. */
export function contentT(context: Context) {
  const i18n = getInstance(context as RouterContextProvider)
  return (key: string, vars?: Record<string, unknown>) => i18n.t(`admin-content:${key}`, vars ?? {}) as string
}

const text = z.string().trim().max(50_000).default('')
/** A text's three languages as the forms send them (`title.ru`); the API checks what it needs. */
export const localizedForm = z.object({ uz: text, sr: text, ru: text }).default({ uz: '', sr: '', ru: '' })

/** A datetime-local field in Tashkent time, as the API takes it. */
export const tashkentField = z
  .string()
  .optional()
  .transform((value) => fromTashkentInput(value))

/**
 * Uploads a picture chosen in a form (`admin/content/pictures/`) and gives
 * its path; null when no file was chosen. The API's refusal (format, size)
 * is thrown as it answered, with the form's field name.
 */
export async function uploadPicture(context: Context, file: FormDataEntryValue | null, field: string) {
  if (!(file instanceof File) || file.size === 0) return null
  const form = new FormData()
  form.set('image', file, file.name || 'picture')
  const response = await staffApi(context).request('admin/content/pictures/', { method: 'POST', body: form })
  const body = await response.json().catch(() => ({}))
  if (!response.ok) {
    const errors = (body.errors ?? []).map((e: { message: string }) => ({ field, message: e.message }))
    throw new ApiResponseError(response.status === 413 ? 400 : response.status, { ...body, errors })
  }
  return (body as { path: string }).path
}
