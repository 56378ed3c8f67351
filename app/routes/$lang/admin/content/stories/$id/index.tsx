import { getFormProps, useForm } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { FormMessage } from '#app/components/account/fields.tsx'
import { AdminErrorBoundary } from '#app/components/admin/admin-error.tsx'
import { DeleteForm, LocalizedInputs, PictureInput, ScheduleFields } from '#app/components/admin/content/fields.tsx'
import { tashkentInput } from '#app/components/admin/content/tashkent.ts'
import type { LocalizedText } from '#app/components/admin/content/types.ts'
import type { AdminActionData } from '#app/components/admin/forms.tsx'
import { adminPath } from '#app/components/admin/staff.ts'
import { requestLang } from '#app/utils/auth.server.ts'
import { flash } from '#app/utils/flash.server.ts'
import { staffApi } from '#app/utils/staff-session.server.ts'
import { z } from '#contract/zod.ts'
import { adminFailure, apiError, parseForm, staffLoad } from '../../../forms.server.ts'
import { contentT, localizedForm, tashkentField, uploadPicture } from '../../content.server.ts'
import type { Route } from './+types/index'
import '#app/styles/admin-content.css'

type StoryFields = {
  title: LocalizedText
  starts_at: string
  ends_at: string
  position: string
  is_active: string
  cover: string
}

const isNew = (id: string | undefined) => id === 'new'

export async function loader({ params, context }: Route.LoaderArgs) {
  if (!isNew(params.id) && !/^\d{1,9}$/.test(params.id ?? '')) throw data(null, { status: 404 })
  const story = isNew(params.id) ? null : await staffLoad(context, `admin/content/stories/${params.id}/`)
  const t = contentT(context)
  return { lang: requestLang(context), story, title: story ? story.title.ru : t('stories.add') }
}

const storyForm = z.object({
  title: localizedForm,
  starts_at: tashkentField,
  ends_at: tashkentField,
  position: z.number().int().min(0).max(32_767).default(0),
  is_active: z.boolean().default(false),
})

const fields = ['title.uz', 'title.sr', 'title.ru', 'starts_at', 'ends_at', 'position', 'cover']

/** Saves the story (its cover first, when chosen) and opens it to add items; or removes it with its items. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const lang = requestLang(context)
  const t = contentT(context)
  const api = staffApi(context)
  const formData = await request.formData()
  const intent = String(formData.get('intent') ?? 'save')
  if (intent === 'delete' && !isNew(params.id)) {
    await api.send('DELETE', `admin/content/stories/${params.id}/`)
    flash(context, { type: 'success', message: t('stories.deleted') })
    return redirect(adminPath(lang, 'content/stories'))
  }
  const submission = parseForm(formData, storyForm)
  if (submission.status !== 'success') return adminFailure(submission, { intent, toast: t('fill_form') })
  let id = params.id
  try {
    const cover = await uploadPicture(context, formData.get('cover'), 'cover')
    const body = { ...submission.value, ...(cover && { cover }) }
    if (isNew(params.id)) id = String((await api.send('POST', 'admin/content/stories/', body)).id)
    else await api.send('PATCH', `admin/content/stories/${params.id}/`, body)
  } catch (error) {
    const failed = apiError(error, fields, t('failed'))
    return adminFailure(submission, {
      intent,
      toast: failed.detail,
      status: failed.status,
      fieldErrors: failed.fieldErrors,
    })
  }
  flash(context, { type: 'success', message: t('saved') })
  return redirect(adminPath(lang, `content/stories/${id}`))
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function AdminStoryPage({ loaderData: { lang, story, title }, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('admin-content')
  const answer = actionData as AdminActionData | undefined
  const busy = useNavigation().state === 'submitting'
  const [form, fields] = useForm<StoryFields>({
    id: `story-${story?.id ?? 'new'}`,
    lastResult: answer?.result,
    shouldValidate: 'onSubmit',
    defaultValue: {
      title: story?.title,
      starts_at: tashkentInput(story?.starts_at),
      ends_at: tashkentInput(story?.ends_at),
      position: String(story?.position ?? 0),
      is_active: story ? (story.is_active ? 'on' : '') : 'on',
    },
  })
  return (
    <section className="admin-page">
      <p>
        <Link to={adminPath(lang, 'content/stories')}>← {t('stories.title')}</Link>
      </p>
      <h1>{title}</h1>
      {story ? (
        <p className="admin-muted">
          {t(story.shown ? 'banners.shown' : story.is_active ? 'banners.waiting' : 'banners.off')} ·{' '}
          {t('stories.read_by', { count: story.reads })}
        </p>
      ) : null}
      <Form method="post" encType="multipart/form-data" className="admin-card content-form" {...getFormProps(form)}>
        <FormMessage toast={answer?.toast} />
        <LocalizedInputs field={fields.title} label={t('fields.title')} />
        <ScheduleFields fields={fields} />
        <PictureInput field={fields.cover} label={t('fields.cover')} current={story?.cover.links.small} />
        <button type="submit" name="intent" value="save" className="button" disabled={busy}>
          {t('save')}
        </button>
      </Form>
      {story ? (
        <section className="admin-card" aria-labelledby="story-items-title">
          <div className="admin-page__head">
            <h2 id="story-items-title">{t('stories.items')}</h2>
            <Link to={adminPath(lang, `content/stories/${story.id}/items/new`)} className="button">
              {t('stories.add_item')}
            </Link>
          </div>
          <table className="admin-table">
            <caption className="admin-muted">{t('stories.items_caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('fields.image')}</th>
                <th scope="col">{t('fields.title')}</th>
                <th scope="col">{t('fields.position')}</th>
                <th scope="col">{t('stories.reads')}</th>
              </tr>
            </thead>
            <tbody>
              {story.items.map((item, i) => (
                <tr key={item.id}>
                  <td>
                    <img src={item.image.links.small} alt="" width={48} height={64} className="content-thumb" />
                  </td>
                  <td>
                    <Link to={adminPath(lang, `content/stories/${story.id}/items/${item.id}`)}>
                      {item.title.ru || t('stories.item_n', { n: i + 1 })}
                    </Link>
                  </td>
                  <td data-label={t('fields.position')}>{item.position}</td>
                  <td data-label={t('stories.reads')}>{item.reads}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
      {story ? <DeleteForm label={t('stories.delete')} busy={busy} /> : null}
    </section>
  )
}

export const ErrorBoundary = AdminErrorBoundary
