import { data, type RouterContextProvider, redirect } from 'react-router'
import { ApiResponseError } from '#app/utils/api-client.server.ts'
import { isApiError } from '#app/utils/api-errors.server.ts'
import { requestLang } from '#app/utils/auth.server.ts'
import { flash } from '#app/utils/flash.server.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { pageId } from '#app/utils/ids.ts'
import { staffApi } from '#app/utils/staff-session.server.ts'
import { languages } from '#contract/languages.ts'
import { z } from '#contract/zod.ts'
import { adminPath } from '../+shared/staff.ts'
import { adminFailure, apiFailure, byIntent, parseForm } from '../forms.server.ts'
import { ContentIntent } from './+shared/intents.ts'
import { fromTashkentInput } from './+shared/tashkent.ts'

type Context = Readonly<RouterContextProvider>

/** The id of what an editor page edits: null for 'new' (the form to add one); any other word is the 404 page. */
export function editedId(id: string | undefined) {
  if (id === 'new') return null
  return String(pageId(id))
}

/** A content list page's data: the language, the items and the page's title. */
export function contentList<Item>(
  context: Context,
  titleKey: 'banners.title' | 'stories.title' | 'pages.title' | 'posts.title',
  page: { results: Item[] },
) {
  return { lang: requestLang(context), items: page.results, title: serverT(context, 'admin-content')(titleKey) }
}

const text = z.string().trim().max(50_000).default('')
/** A text's three languages as the forms send them (`title.ru`); the API checks what it needs. */
export const localizedForm = z.object({ uz: text, sr: text, ru: text }).default({ uz: '', sr: '', ru: '' })

/** A datetime-local field in Tashkent time, as the API takes it. */
export const tashkentField = z
  .string()
  .optional()
  .transform((value) => fromTashkentInput(value))

/** The fields of ScheduleFields (banners, stories), to spread into the kind's form schema. */
export const scheduleForm = {
  starts_at: tashkentField,
  ends_at: tashkentField,
  position: z.number().int().min(0).max(32_767).default(0),
  is_active: z.boolean().default(false),
}

/**
 * The action of a banner's or story's editor: its delete button removes it
 * (back to the list); its form, checked, goes to `save` (the pictures, the
 * API), which answers where to go next. A refusal comes back on the form,
 * its flagged ones of `fields` marked.
 */
export async function scheduledAction<S extends z.ZodType>(
  request: Request,
  context: Context,
  target: { kind: 'banners' | 'stories'; id: string | undefined; form: S; fields: string[] },
  save: (value: z.output<S>, formData: FormData, id: string | null) => Promise<string>,
) {
  const { kind, form, fields } = target
  const lang = requestLang(context)
  const t = serverT(context, 'admin-content')
  const id = editedId(target.id)
  return byIntent(await request.formData(), {
    [ContentIntent.delete]: async () => {
      if (!id) throw data(null, { status: 404 })
      await staffApi(context).send('DELETE', `admin/content/${kind}/${id}/`)
      flash(context, { type: 'success', message: t(`${kind}.deleted`) })
      return redirect(adminPath(lang, `content/${kind}`))
    },
    [ContentIntent.save]: async (formData) => {
      const submission = parseForm(formData, form)
      if (submission.status !== 'success')
        return adminFailure(submission, { intent: ContentIntent.save, toast: t('fill_form') })
      let next: string
      try {
        next = await save(submission.value, formData, id)
      } catch (error) {
        return apiFailure(submission, ContentIntent.save, error, fields, t('failed'))
      }
      flash(context, { type: 'success', message: t('saved') })
      return redirect(adminPath(lang, next))
    },
  })
}

/**
 * Uploads a picture chosen in a form (`admin/content/pictures/`) and gives
 * its path; null when no file was chosen. The API's refusal (format, size)
 * is thrown as it answered, with the form's field name.
 */
export async function uploadPicture(context: Context, file: FormDataEntryValue | null, field: string) {
  if (!(file instanceof File) || file.size === 0) return null
  const form = new FormData()
  form.set('image', file, file.name || 'picture')
  try {
    return (await staffApi(context).upload('admin/content/pictures/', form)).path
  } catch (error) {
    if (!isApiError(error)) throw error
    const errors = (error.body.errors ?? []).map((e) => ({ field, message: e.message }))
    throw new ApiResponseError(error.status === 413 ? 400 : error.status, { ...error.body, errors })
  }
}

const textsForm = z.object({ title: localizedForm, body: localizedForm })
const textFields = languages.flatMap((l) => [`title.${l}`, `body.${l}`])

/**
 * The actions of TextsForm for `content/{pages|posts}/{id}`, one per button:
 * each saves the texts as the draft first; then "preview" opens the draft as
 * the shop would show it, "publish" puts it in the shop.
 */
export function textsActions(context: Context, kind: 'pages' | 'posts', id: string) {
  const lang = requestLang(context)
  const t = serverT(context, 'admin-content')
  const path = `admin/content/${kind}/${id}/` as const
  const saveAnd =
    (intent: typeof ContentIntent.draft | typeof ContentIntent.preview | typeof ContentIntent.publish) =>
    async (formData: FormData) => {
      const submission = parseForm(formData, textsForm)
      if (submission.status !== 'success') return adminFailure(submission, { intent, toast: t('fill_form') })
      try {
        await staffApi(context).send('PUT', `${path}draft/`, submission.value)
        if (intent === ContentIntent.publish) await staffApi(context).send('POST', `${path}publish/`)
      } catch (error) {
        return apiFailure(submission, intent, error, textFields, t('failed'))
      }
      if (intent === ContentIntent.preview) return redirect(adminPath(lang, `content/${kind}/${id}/preview`))
      flash(context, { type: 'success', message: t(intent === ContentIntent.publish ? 'published' : 'draft_saved') })
      return redirect(adminPath(lang, `content/${kind}/${id}`))
    }
  return {
    [ContentIntent.draft]: saveAnd(ContentIntent.draft),
    [ContentIntent.preview]: saveAnd(ContentIntent.preview),
    [ContentIntent.publish]: saveAnd(ContentIntent.publish),
  }
}

/** A draft's preview is never indexed (the header for anything that reads only headers) nor cached. */
export const previewHeaders = () => ({ 'X-Robots-Tag': 'noindex', 'Cache-Control': 'private, no-store' })

/**
 * Where a draft's preview leads: back to its editor, and the crumbs the
 * shop's page shows ("Preview", then the page at its address in the shop).
 */
export function previewPlace(
  context: Context,
  kind: 'pages' | 'posts',
  id: string,
  shown: { title: string; path: string },
) {
  const lang = requestLang(context)
  const editor = adminPath(lang, `content/${kind}/${id}`)
  const crumbs = [
    { name: serverT(context, 'admin-content')('preview'), to: editor },
    { name: shown.title, to: `/${lang}/${shown.path}` },
  ]
  return { editor, crumbs }
}
