import { useForm } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { Link, redirect, useNavigation } from 'react-router'
import { requestLang } from '#app/utils/auth.server.ts'
import type { FormFields } from '#app/utils/form-fields.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { staffApi } from '#app/utils/staff-session.server.ts'
import { pageKinds } from '#contract/content.ts'
import { z } from '#contract/zod.ts'
import { AdminErrorBoundary } from '../../+shared/admin-error.tsx'
import { SelectField } from '../../+shared/fields.tsx'
import { adminPath } from '../../+shared/staff.ts'
import { TableHead } from '../../+shared/table-head.tsx'
import { adminFailure, apiFailure, parseForm, staffLoad } from '../../forms.server.ts'
import { CreateCard } from '../+shared/create-card.tsx'
import { ContentInput, LocalizedInputs } from '../+shared/fields.tsx'
import { ContentListHead } from '../+shared/list-head.tsx'
import { PublishState } from '../+shared/publish-state.tsx'
import { localizedForm } from '../content.server.ts'
import type { Route } from './+types/index'
import '../+shared/content.css'

export async function loader({ context }: Route.LoaderArgs) {
  const { results } = await staffLoad(context, 'admin/content/pages/')
  return { lang: requestLang(context), pages: results, title: serverT(context, 'admin-content')('pages.title') }
}

const createForm = z.object({ slug: z.string().trim().max(100), kind: z.enum(pageKinds), title: localizedForm })

/** Adds a page (unpublished, empty body) and opens it for editing. */
export async function action({ request, context }: Route.ActionArgs) {
  const t = serverT(context, 'admin-content')
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
    return apiFailure(submission, intent, error, ['slug', 'kind', 'title.uz', 'title.sr', 'title.ru'], t('failed'))
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function AdminPagesPage({ loaderData: { lang, pages, title }, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('admin-content')
  const answer = actionData
  const busy = useNavigation().state === 'submitting'
  const [form, fields] = useForm<FormFields<typeof createForm>>({
    id: 'page-create',
    lastResult: answer?.result,
    shouldValidate: 'onSubmit',
    defaultValue: { kind: 'page' },
  })
  return (
    <section className="admin-page">
      <ContentListHead lang={lang} title={title} />
      <table className="admin-table">
        <TableHead columns={[t('fields.title'), t('fields.kind'), t('fields.slug'), t('pages.state')]} />
        <tbody>
          {pages.map((page) => (
            <tr key={page.id}>
              <td>
                <Link to={adminPath(lang, `content/pages/${page.id}`)}>{page.published.title.ru}</Link>
              </td>
              <td data-label={t('fields.kind')}>{t(`kinds.${page.kind}`)}</td>
              <td data-label={t('fields.slug')}>{page.slug}</td>
              <td>
                <PublishState item={page} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <CreateCard id="page-create-title" title={t('pages.add')} form={form} answer={answer} busy={busy}>
        <ContentInput field={fields.slug} label={t('fields.slug')} hint={t('hints.slug')} maxLength={100} />
        <SelectField
          field={fields.kind}
          label={t('fields.kind')}
          options={pageKinds.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) }))}
        />
        <LocalizedInputs field={fields.title} label={t('fields.title')} />
      </CreateCard>
    </section>
  )
}

export const ErrorBoundary = AdminErrorBoundary
