import { getFormProps, useForm } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { FormMessage } from '#app/components/account/fields.tsx'
import { requestLang } from '#app/utils/auth.server.ts'
import { flash } from '#app/utils/flash.server.ts'
import type { FormFields } from '#app/utils/form-fields.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { pageId } from '#app/utils/ids.ts'
import { staffApi } from '#app/utils/staff-session.server.ts'
import { z } from '#contract/zod.ts'
import { AdminErrorBoundary } from '../../../../+shared/admin-error.tsx'
import { adminPath } from '../../../../+shared/staff.ts'
import { adminFailure, apiFailure, byIntent, inputNames, parseForm, staffLoad } from '../../../../forms.server.ts'
import { ContentInput, DeleteForm, LocalizedInputs, PictureInput } from '../../../+shared/fields.tsx'
import { ContentIntent } from '../../../+shared/intents.ts'
import { localizedForm, uploadPicture } from '../../../content.server.ts'
import type { Route } from './+types/$item'
import '../../../+shared/content.css'

const isNew = (id: string | undefined) => id === 'new'

/** The story with the item (none for `new`); the API has no single-item read, the story lists them. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const story = await staffLoad(context, `admin/content/stories/${pageId(params.id)}/`)
  if (!isNew(params.item)) pageId(params.item)
  const item = isNew(params.item) ? null : story.items.find((i) => String(i.id) === params.item)
  if (item === undefined) throw data(null, { status: 404 })
  const t = serverT(context, 'admin-content')
  return { lang: requestLang(context), story, item, title: item ? t('stories.edit_item') : t('stories.add_item') }
}

const itemForm = z.object({
  title: localizedForm,
  link: z.string().trim().max(500).optional(),
  position: z.number().int().min(0).max(32_767).default(0),
})

const fields = inputNames(itemForm, ['image'])

/** Saves the item (its picture first, when chosen: a new item needs one), or removes it. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const lang = requestLang(context)
  const t = serverT(context, 'admin-content')
  const api = staffApi(context)
  const back = adminPath(lang, `content/stories/${params.id}`)
  return byIntent(await request.formData(), {
    [ContentIntent.delete]: async () => {
      if (isNew(params.item)) throw data(null, { status: 404 })
      await api.send('DELETE', `admin/content/story-items/${params.item}/`)
      flash(context, { type: 'success', message: t('stories.item_deleted') })
      return redirect(back)
    },
    [ContentIntent.save]: async (formData) => {
      const submission = parseForm(formData, itemForm)
      const intent = ContentIntent.save
      if (submission.status !== 'success') return adminFailure(submission, { intent, toast: t('fill_form') })
      try {
        const image = await uploadPicture(context, formData.get('image'), 'image')
        const { link, ...rest } = submission.value
        const body = { ...rest, link: link || null, ...(image && { image }) }
        if (isNew(params.item)) await api.send('POST', `admin/content/stories/${params.id}/items/`, body)
        else await api.send('PATCH', `admin/content/story-items/${params.item}/`, body)
      } catch (error) {
        return apiFailure(submission, intent, error, fields, t('failed'))
      }
      flash(context, { type: 'success', message: t('saved') })
      return redirect(back)
    },
  })
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function AdminStoryItemPage({ loaderData, actionData }: Route.ComponentProps) {
  const { lang, story, item, title } = loaderData
  const { t } = useTranslation('admin-content')
  const answer = actionData
  const busy = useNavigation().state === 'submitting'
  const [form, fields] = useForm<FormFields<typeof itemForm, 'image'>>({
    id: `story-item-${item?.id ?? 'new'}`,
    lastResult: answer?.result,
    shouldValidate: 'onSubmit',
    defaultValue: {
      title: item?.title,
      link: item?.link ?? '',
      position: String(item?.position ?? story.items.length),
    },
  })
  return (
    <section className="admin-page">
      <p>
        <Link to={adminPath(lang, `content/stories/${story.id}`)}>← {story.title.ru}</Link>
      </p>
      <h1>{title}</h1>
      {item ? <p className="admin-muted">{t('stories.read_by', { count: item.reads })}</p> : null}
      <Form method="post" encType="multipart/form-data" className="admin-card content-form" {...getFormProps(form)}>
        <FormMessage toast={answer?.toast} />
        <PictureInput field={fields.image} label={t('fields.image')} current={item?.image.links.small} />
        <LocalizedInputs field={fields.title} label={t('fields.title')} />
        <ContentInput field={fields.link} label={t('fields.link')} hint={t('hints.link')} maxLength={500} />
        <ContentInput field={fields.position} type="number" label={t('fields.position')} />
        <button type="submit" name="intent" value={ContentIntent.save} className="button" disabled={busy}>
          {t('save')}
        </button>
      </Form>
      {item ? <DeleteForm label={t('stories.delete_item')} busy={busy} /> : null}
    </section>
  )
}

export const ErrorBoundary = AdminErrorBoundary
