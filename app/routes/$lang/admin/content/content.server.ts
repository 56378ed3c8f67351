import { type RouterContextProvider, redirect } from 'react-router'
import { fromTashkentInput } from '#app/components/admin/content/tashkent.ts'
import { adminPath } from '#app/components/admin/staff.ts'
import { getInstance } from '#app/middleware/i18next.ts'
import { ApiResponseError } from '#app/utils/api-client.server.ts'
import { requestLang } from '#app/utils/auth.server.ts'
import { flash } from '#app/utils/flash.server.ts'
import { staffApi } from '#app/utils/staff-session.server.ts'
import { languages } from '#contract/languages.ts'
import { z } from '#contract/zod.ts'
import { adminFailure, apiError, parseForm } from '../forms.server.ts'

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

const textsForm = z.object({ title: localizedForm, body: localizedForm })
const textFields = languages.flatMap((l) => [`title.${l}`, `body.${l}`])

/**
 * The action of TextsForm for `content/{pages|posts}/{id}`: every button saves
 * the texts as the draft first; then "preview" opens the draft as the shop
 * would show it, "publish" puts it in the shop.
 */
export async function saveTexts(context: Context, formData: FormData, kind: 'pages' | 'posts', id: string) {
  const lang = requestLang(context)
  const t = contentT(context)
  const intent = String(formData.get('intent') ?? 'draft')
  const submission = parseForm(formData, textsForm)
  if (submission.status !== 'success') return adminFailure(submission, { intent, toast: t('fill_form') })
  const path = `admin/content/${kind}/${id}/` as const
  try {
    await staffApi(context).send('PUT', `${path}draft/`, submission.value)
    if (intent === 'publish') await staffApi(context).send('POST', `${path}publish/`)
  } catch (error) {
    const failed = apiError(error, textFields, t('failed'))
    return adminFailure(submission, {
      intent,
      toast: failed.detail,
      status: failed.status,
      fieldErrors: failed.fieldErrors,
    })
  }
  if (intent === 'preview') return redirect(adminPath(lang, `content/${kind}/${id}/preview`))
  flash(context, { type: 'success', message: t(intent === 'publish' ? 'published' : 'draft_saved') })
  return redirect(adminPath(lang, `content/${kind}/${id}`))
}
