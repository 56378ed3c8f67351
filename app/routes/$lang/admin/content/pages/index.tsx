import { getFormProps, useForm } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { Form, Link, redirect, useNavigation } from 'react-router'
import { FormMessage } from '#app/components/account/fields.tsx'
import { AdminErrorBoundary } from '#app/components/admin/admin-error.tsx'
import { ContentInput, LocalizedInputs } from '#app/components/admin/content/fields.tsx'
import { type LocalizedText, pageKinds } from '#app/components/admin/content/types.ts'
import { SelectField } from '#app/components/admin/fields.tsx'
import type { AdminActionData } from '#app/components/admin/forms.tsx'
import { adminPath } from '#app/components/admin/staff.ts'
import { requestLang } from '#app/utils/auth.server.ts'
import { staffApi } from '#app/utils/staff-session.server.ts'
import { z } from '#contract/zod.ts'
import { adminFailure, apiError, parseForm, staffLoad } from '../../forms.server.ts'
import { contentT, localizedForm } from '../content.server.ts'
import type { Route } from './+types/index'
import '#app/styles/admin-content.css'

export async function loader({ context }: Route.LoaderArgs) {
  const { results } = await staffLoad(context, 'admin/content/pages/')
  return { lang: requestLang(context), pages: results, title: contentT(context)('pages.title') }
}

const createForm = z.object({ slug: z.string().trim().max(100), kind: z.enum(pageKinds), title: localizedForm })

/** Adds a page (unpublished, empty body) and opens it for editing. */
export async function action({ request, context }: Route.ActionArgs) {
  const t = contentT(context)
  const intent = 'create'
  const submission = parseForm(await request.formData(), createForm)
  if (submission.status !== 'success') return adminFailure(submission, { intent, toast: t('fill_form') })
  try {
    const page = await staffApi(context).send('POST', 'admin/content/pages/', {
      ...submission.value,
      body: { uz: '', sr: '', ru: submission.value.title.ru },
    })
    return redirect(adminPath(requestLang(context), `content/pages/${page.id}`))
  } catch (error) {
    const failed = apiError(error, ['slug', 'kind', 'title.uz', 'title.sr', 'title.ru'], t('failed'))
    return adminFailure(submission, {
      intent,
      toast: failed.detail,
      status: failed.status,
      fieldErrors: failed.fieldErrors,
    })
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function AdminPagesPage({ loaderData: { lang, pages, title }, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('admin-content')
  const answer = actionData as AdminActionData | undefined
  const busy = useNavigation().state === 'submitting'
  const [form, fields] = useForm<{ slug: string; kind: string; title: LocalizedText }>({
    id: 'page-create',
    lastResult: answer?.result,
    shouldValidate: 'onSubmit',
    defaultValue: { kind: 'page' },
  })
  return (
    <section className="admin-page">
      <p>
        <Link to={adminPath(lang, 'content')}>← {t('title')}</Link>
      </p>
      <h1>{title}</h1>
      <table className="admin-table">
        <thead>
          <tr>
            <th scope="col">{t('fields.title')}</th>
            <th scope="col">{t('fields.kind')}</th>
            <th scope="col">{t('fields.slug')}</th>
            <th scope="col">{t('pages.state')}</th>
          </tr>
        </thead>
        <tbody>
          {pages.map((page) => (
            <tr key={page.id}>
              <td>
                <Link to={adminPath(lang, `content/pages/${page.id}`)}>{page.published.title.ru}</Link>
              </td>
              <td data-label={t('fields.kind')}>{t(`kinds.${page.kind}`)}</td>
              <td data-label={t('fields.slug')}>{page.slug}</td>
              <td>
                {t(page.is_published ? 'pages.published' : 'pages.unpublished')}
                {page.draft ? ` · ${t('pages.has_draft')}` : ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <section className="admin-card" aria-labelledby="page-create-title">
        <h2 id="page-create-title">{t('pages.add')}</h2>
        <Form method="post" className="content-form" {...getFormProps(form)}>
          <FormMessage toast={answer?.toast} />
          <ContentInput field={fields.slug} label={t('fields.slug')} hint={t('hints.slug')} maxLength={100} />
          <SelectField
            field={fields.kind}
            label={t('fields.kind')}
            options={pageKinds.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) }))}
          />
          <LocalizedInputs field={fields.title} label={t('fields.title')} />
          <button type="submit" className="button" disabled={busy}>
            {t('pages.add')}
          </button>
        </Form>
      </section>
    </section>
  )
}

export const ErrorBoundary = AdminErrorBoundary
