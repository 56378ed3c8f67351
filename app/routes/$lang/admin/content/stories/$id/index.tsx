import { getFormProps, useForm } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { Form, Link, useNavigation } from 'react-router'
import { FormMessage } from '#app/components/account/fields.tsx'
import { requestLang } from '#app/utils/auth.server.ts'
import type { FormFields } from '#app/utils/form-fields.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { staffApi } from '#app/utils/staff-session.server.ts'
import { z } from '#contract/zod.ts'
import { AdminErrorBoundary } from '../../../+shared/admin-error.tsx'
import { adminPath } from '../../../+shared/staff.ts'
import { TableHead } from '../../../+shared/table-head.tsx'
import { inputNames, staffLoad } from '../../../forms.server.ts'
import { DeleteForm, LocalizedInputs, PictureInput, ScheduleFields } from '../../+shared/fields.tsx'
import { ContentIntent } from '../../+shared/intents.ts'
import { ScheduleState, scheduleDefaults } from '../../+shared/scheduled.tsx'
import { editedId, localizedForm, scheduledAction, scheduleForm, uploadPicture } from '../../content.server.ts'
import type { Route } from './+types/index'
import '../../+shared/content.css'

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = editedId(params.id)
  const story = id ? await staffLoad(context, `admin/content/stories/${id}/`) : null
  const t = serverT(context, 'admin-content')
  return { lang: requestLang(context), story, title: story ? story.title.ru : t('stories.add') }
}

const storyForm = z.object({ title: localizedForm, ...scheduleForm })

const fields = inputNames(storyForm, ['cover'])

/** Saves the story (its cover first, when chosen) and opens it to add items; or removes it with its items. */
export function action({ request, params, context }: Route.ActionArgs) {
  const target = { kind: 'stories', id: params.id, form: storyForm, fields } as const
  return scheduledAction(request, context, target, async (value, formData, id) => {
    const cover = await uploadPicture(context, formData.get('cover'), 'cover')
    const body = { ...value, ...(cover && { cover }) }
    const api = staffApi(context)
    if (!id) return `content/stories/${(await api.send('POST', 'admin/content/stories/', body)).id}`
    await api.send('PATCH', `admin/content/stories/${id}/`, body)
    return `content/stories/${id}`
  })
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function AdminStoryPage({ loaderData: { lang, story, title }, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('admin-content')
  const answer = actionData
  const busy = useNavigation().state === 'submitting'
  const [form, fields] = useForm<FormFields<typeof storyForm, 'cover'>>({
    id: `story-${story?.id ?? 'new'}`,
    lastResult: answer?.result,
    shouldValidate: 'onSubmit',
    defaultValue: { title: story?.title, ...scheduleDefaults(story) },
  })
  return (
    <section className="admin-page">
      <p>
        <Link to={adminPath(lang, 'content/stories')}>← {t('stories.title')}</Link>
      </p>
      <h1>{title}</h1>
      {story ? (
        <p className="admin-muted">
          <ScheduleState item={story} /> · {t('stories.read_by', { count: story.reads })}
        </p>
      ) : null}
      <Form method="post" encType="multipart/form-data" className="admin-card content-form" {...getFormProps(form)}>
        <FormMessage toast={answer?.toast} />
        <LocalizedInputs field={fields.title} label={t('fields.title')} />
        <ScheduleFields fields={fields} />
        <PictureInput field={fields.cover} label={t('fields.cover')} current={story?.cover.links.small} />
        <button type="submit" name="intent" value={ContentIntent.save} className="button" disabled={busy}>
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
            <TableHead
              caption={t('stories.items_caption')}
              captionShown
              columns={[t('fields.image'), t('fields.title'), t('fields.position'), t('stories.reads')]}
            />
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
