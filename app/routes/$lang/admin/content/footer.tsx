import { getFormProps, useForm } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { Form, Link, redirect, useNavigation } from 'react-router'
import { FormMessage } from '#app/components/account/fields.tsx'
import { requestLang } from '#app/utils/auth.server.ts'
import { flash } from '#app/utils/flash.server.ts'
import type { FormFields } from '#app/utils/form-fields.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { staffApi } from '#app/utils/staff-session.server.ts'
import { languages } from '#contract/languages.ts'
import { z } from '#contract/zod.ts'
import { AdminErrorBoundary } from '../+shared/admin-error.tsx'
import { SelectField } from '../+shared/fields.tsx'
import { adminPath } from '../+shared/staff.ts'
import { adminFailure, apiError, parseForm, staffLoad } from '../forms.server.ts'
import { ContentInput, LocalizedInputs } from './+shared/fields.tsx'
import type { LocalizedText } from './+shared/types.ts'
import type { Route } from './+types/footer'
import { localizedForm } from './content.server.ts'
import './+shared/content.css'

/** Empty rows offered under the current links for new ones. */
const BLANK_ROWS = 2

export async function loader({ context }: Route.LoaderArgs) {
  const [footer, pages] = await Promise.all([
    staffLoad(context, 'admin/content/footer/'),
    staffLoad(context, 'admin/content/pages/'),
  ])
  const lang = requestLang(context)
  // A page by its title in the staff member's language (Russian when that one is still empty).
  const choices = pages.results.map((p) => ({
    value: p.slug,
    label: `${p.published.title[lang] || p.published.title.ru} (/${p.slug})`,
  }))
  return {
    lang,
    links: footer.results,
    choices,
    title: serverT(context, 'admin-content')('footer.title'),
  }
}

const footerForm = z.object({
  links: z
    .array(
      z.object({
        title: localizedForm,
        slug: z.string().trim().max(200).default(''),
        position: z.number().int().min(0).max(999).default(0),
      }),
    )
    .max(60)
    .default([]),
})

/** Replaces the footer's links: rows with a page, by their order number (ties keep the rows' order). */
export async function action({ request, context }: Route.ActionArgs) {
  const t = serverT(context, 'admin-content')
  const intent = 'save'
  const submission = parseForm(await request.formData(), footerForm)
  if (submission.status !== 'success') return adminFailure(submission, { intent, toast: t('fill_form') })
  const kept = submission.value.links
    .map((link, row) => ({ ...link, row }))
    .filter((link) => link.slug)
    .sort((a, b) => a.position - b.position || a.row - b.row)
  try {
    await staffApi(context).send('PUT', 'admin/content/footer/', {
      results: kept.map(({ title, slug }) => ({ title, slug })),
    })
  } catch (error) {
    // The API names `results.{i}.title.ru`; the form's rows are `links[{row}].title.ru`.
    const names = kept.flatMap((link, i) => languages.map((l) => [`results.${i}.title.${l}`, link.row, l] as const))
    const failed = apiError(
      error,
      names.map(([name]) => name),
      t('failed'),
    )
    const fieldErrors = Object.fromEntries(
      names
        .filter(([name]) => failed.fieldErrors[name])
        .map(([name, row, l]) => [`links[${row}].title.${l}`, failed.fieldErrors[name]!]),
    )
    return adminFailure(submission, { intent, toast: failed.detail, status: failed.status, fieldErrors })
  }
  flash(context, { type: 'success', message: t('saved') })
  return redirect(adminPath(requestLang(context), 'content/footer'))
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

type Row = { title: LocalizedText; slug: string; position: string }

export default function AdminFooterPage({ loaderData, actionData }: Route.ComponentProps) {
  const { lang, links, choices, title } = loaderData
  const { t } = useTranslation('admin-content')
  const answer = actionData
  const busy = useNavigation().state === 'submitting'
  const blank = { title: { uz: '', sr: '', ru: '' }, slug: '', position: '' }
  const rows: Row[] = [
    ...links.map((link, i) => ({ title: link.title, slug: link.slug, position: String((i + 1) * 10) })),
    ...Array.from({ length: BLANK_ROWS }, (_, i) => ({ ...blank, position: String((links.length + i + 1) * 10) })),
  ]
  const [form, fields] = useForm<FormFields<typeof footerForm>>({
    id: 'footer',
    lastResult: answer?.result,
    shouldValidate: 'onSubmit',
    defaultValue: { links: rows },
  })
  const options = [{ value: '', label: t('footer.none') }, ...choices]
  return (
    <section className="admin-page">
      <p>
        <Link to={adminPath(lang, 'content')}>← {t('title')}</Link>
      </p>
      <h1>{title}</h1>
      <p className="admin-muted">{t('footer.help')}</p>
      <Form method="post" className="content-form" {...getFormProps(form)}>
        <FormMessage toast={answer?.toast} />
        {fields.links.getFieldList().map((row, i) => {
          const one = row.getFieldset()
          return (
            <fieldset key={row.key} className="admin-card content-language">
              <legend>{i < links.length ? t('footer.link_n', { n: i + 1 }) : t('footer.new_link')}</legend>
              <SelectField field={one.slug} label={t('footer.page')} options={options} />
              <LocalizedInputs field={one.title} label={t('fields.title')} />
              <ContentInput field={one.position} type="number" label={t('fields.position')} />
            </fieldset>
          )
        })}
        <button type="submit" className="button" disabled={busy}>
          {t('save')}
        </button>
      </Form>
    </section>
  )
}

export const ErrorBoundary = AdminErrorBoundary
