import { getFormProps, useForm } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { FormMessage } from '#app/components/account/fields.tsx'
import { AdminErrorBoundary } from '#app/components/admin/admin-error.tsx'
import { ContentInput, LanguageLabel } from '#app/components/admin/content/fields.tsx'
import { RichTextEditor } from '#app/components/admin/content/rich-text-editor.tsx'
import type { AdminPage } from '#app/components/admin/content/types.ts'
import type { AdminActionData } from '#app/components/admin/forms.tsx'
import { adminPath } from '#app/components/admin/staff.ts'
import { requestLang } from '#app/utils/auth.server.ts'
import { flash } from '#app/utils/flash.server.ts'
import { staffApi } from '#app/utils/staff-session.server.ts'
import { languages } from '#contract/languages.ts'
import { z } from '#contract/zod.ts'
import { adminFailure, apiError, parseForm, staffLoad } from '../../../forms.server.ts'
import { contentT, localizedForm } from '../../content.server.ts'
import type { Route } from './+types/index'
import '#app/styles/admin-content.css'

export async function loader({ params, context }: Route.LoaderArgs) {
  if (!/^\d{1,9}$/.test(params.id)) throw data(null, { status: 404 })
  const page = await staffLoad<AdminPage>(context, `admin/content/pages/${params.id}/`)
  return { lang: requestLang(context), page }
}

const textsForm = z.object({ title: localizedForm, body: localizedForm })
const fields = languages.flatMap((l) => [`title.${l}`, `body.${l}`])

/**
 * Every button saves the texts as the draft first; then "preview" opens the
 * page as the shop would show it, "publish" puts it in the shop.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const lang = requestLang(context)
  const t = contentT(context)
  const api = staffApi(context)
  const formData = await request.formData()
  const intent = String(formData.get('intent') ?? 'draft')
  const submission = parseForm(formData, textsForm)
  if (submission.status !== 'success') return adminFailure(submission, { intent, toast: t('fill_form') })
  const path = `admin/content/pages/${params.id}/`
  try {
    await api.send('PUT', `${path}draft/`, submission.value)
    if (intent === 'publish') await api.send('POST', `${path}publish/`)
  } catch (error) {
    const failed = apiError(error, fields, t('failed'))
    return adminFailure(submission, {
      intent,
      toast: failed.detail,
      status: failed.status,
      fieldErrors: failed.fieldErrors,
    })
  }
  if (intent === 'preview') return redirect(adminPath(lang, `content/pages/${params.id}/preview`))
  flash(context, { type: 'success', message: t(intent === 'publish' ? 'published' : 'draft_saved') })
  return redirect(adminPath(lang, `content/pages/${params.id}`))
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.page.published.title.ru }]

export default function AdminPageEditor({ loaderData: { lang, page }, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('admin-content')
  const answer = actionData as AdminActionData | undefined
  const busy = useNavigation().state === 'submitting'
  const texts = page.draft ?? page.published
  const [form, fields] = useForm({
    id: `page-${page.id}`,
    lastResult: answer?.result,
    shouldValidate: 'onSubmit',
    defaultValue: texts,
  })
  const title = fields.title.getFieldset()
  const body = fields.body.getFieldset()
  return (
    <section className="admin-page">
      <p>
        <Link to={adminPath(lang, 'content/pages')}>← {t('pages.title')}</Link>
      </p>
      <h1>{page.published.title.ru}</h1>
      <p className="admin-muted">
        {`/${lang}/pages/${page.slug}`} · {t(page.is_published ? 'pages.published' : 'pages.unpublished')}
        {page.draft ? ` · ${t('pages.has_draft')}` : ''}
      </p>
      <Form method="post" className="admin-card content-form" {...getFormProps(form)}>
        <FormMessage toast={answer?.toast} />
        <nav className="content-tabs" aria-label={t('languages.label')}>
          {languages.map((l) => (
            <a key={l} href={`#texts-${l}`}>
              {t(`languages.${l}`)}
              {!texts.title[l] || !texts.body[l] ? ` (${t('missing_translation')})` : ''}
            </a>
          ))}
        </nav>
        {languages.map((l) => (
          <fieldset key={l} id={`texts-${l}`} className="content-language">
            <legend>{t(`languages.${l}`)}</legend>
            <ContentInput
              field={title[l]!}
              label={<LanguageLabel lang={l} label={t('fields.title')} missing={!texts.title[l]} />}
              maxLength={200}
            />
            <RichTextEditor
              field={body[l]!}
              label={<LanguageLabel lang={l} label={t('fields.body')} missing={!texts.body[l]} />}
            />
          </fieldset>
        ))}
        <div className="admin-actions">
          <button type="submit" name="intent" value="draft" className="admin-button" disabled={busy}>
            {t('save_draft')}
          </button>
          <button type="submit" name="intent" value="preview" className="admin-button" disabled={busy}>
            {t('preview')}
          </button>
          <button type="submit" name="intent" value="publish" className="button" disabled={busy}>
            {t('publish')}
          </button>
        </div>
      </Form>
    </section>
  )
}

export const ErrorBoundary = AdminErrorBoundary
