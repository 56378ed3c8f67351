import { getFormProps, useForm } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { Form, Link, redirect, useNavigation } from 'react-router'
import { FormMessage } from '#app/components/account/fields.tsx'
import { requestLang } from '#app/utils/auth.server.ts'
import { flash } from '#app/utils/flash.server.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { pageId } from '#app/utils/ids.ts'
import { staffApi } from '#app/utils/staff-session.server.ts'
import { z } from '#contract/zod.ts'
import { AdminErrorBoundary } from '../../../+shared/admin-error.tsx'
import { adminPath } from '../../../+shared/staff.ts'
import { adminFailure, apiFailure, byIntent, parseForm, staffLoad } from '../../../forms.server.ts'
import { ContentInput, DeleteForm, PictureInput } from '../../+shared/fields.tsx'
import { ContentIntent } from '../../+shared/intents.ts'
import { tashkentInput } from '../../+shared/tashkent.ts'
import { TextsForm } from '../../+shared/texts-form.tsx'
import { tashkentField, textsActions, uploadPicture } from '../../content.server.ts'
import type { Route } from './+types/index'
import '../../+shared/content.css'

export async function loader({ params, context }: Route.LoaderArgs) {
  pageId(params.id)
  const post = await staffLoad(context, `admin/content/posts/${params.id}/`)
  return { lang: requestLang(context), post }
}

const settingsForm = z.object({ published_at: tashkentField })

/** The texts (draft, preview, publish), the date and picture ("settings"), or removal. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const lang = requestLang(context)
  const t = serverT(context, 'admin-content')
  const path = `admin/content/posts/${params.id}/` as const
  return byIntent(await request.formData(), {
    ...textsActions(context, 'posts', params.id),
    [ContentIntent.delete]: async () => {
      await staffApi(context).send('DELETE', path)
      flash(context, { type: 'success', message: t('posts.deleted') })
      return redirect(adminPath(lang, 'content/posts'))
    },
    [ContentIntent.settings]: async (formData) => {
      const submission = parseForm(formData, settingsForm)
      const intent = ContentIntent.settings
      if (submission.status !== 'success') return adminFailure(submission, { intent, toast: t('fill_form') })
      try {
        const image = await uploadPicture(context, formData.get('image'), 'image')
        const { published_at } = submission.value
        await staffApi(context).send('PATCH', path, { ...(published_at && { published_at }), ...(image && { image }) })
      } catch (error) {
        return apiFailure(submission, intent, error, ['published_at', 'image'], t('failed'))
      }
      flash(context, { type: 'success', message: t('saved') })
      return redirect(adminPath(lang, `content/posts/${params.id}`))
    },
  })
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.post.published.title.ru }]

export default function AdminPostEditor({ loaderData: { lang, post }, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('admin-content')
  const answer = actionData
  const busy = useNavigation().state === 'submitting'
  const texts = post.draft ?? post.published
  const settings = answer?.intent === ContentIntent.settings ? answer : undefined
  const [form, fields] = useForm<{ published_at: string; image: string }>({
    id: `post-settings-${post.id}`,
    lastResult: settings?.result,
    shouldValidate: 'onSubmit',
    defaultValue: { published_at: tashkentInput(post.published_at) },
  })
  return (
    <section className="admin-page">
      <p>
        <Link to={adminPath(lang, 'content/posts')}>← {t('posts.title')}</Link>
      </p>
      <h1>{texts.title.ru}</h1>
      <p className="admin-muted">
        {post.is_published ? `/${lang}/posts/${post.id} · ${t('pages.published')}` : t('pages.unpublished')}
        {post.draft ? ` · ${t('pages.has_draft')}` : ''}
      </p>
      <TextsForm id={`post-${post.id}`} texts={texts} answer={answer} busy={busy} />
      <section className="admin-card" aria-labelledby="post-settings-title">
        <h2 id="post-settings-title">{t('posts.settings')}</h2>
        <Form method="post" encType="multipart/form-data" className="content-form" {...getFormProps(form)}>
          <FormMessage toast={settings?.toast} />
          <ContentInput
            field={fields.published_at}
            type="datetime-local"
            label={t('fields.published_at')}
            hint={t('hints.published_at')}
          />
          <PictureInput field={fields.image} label={t('fields.image')} current={post.image?.links.small} />
          <button type="submit" name="intent" value={ContentIntent.settings} className="button" disabled={busy}>
            {t('save')}
          </button>
        </Form>
      </section>
      <DeleteForm label={t('posts.delete')} busy={busy} />
    </section>
  )
}

export const ErrorBoundary = AdminErrorBoundary
