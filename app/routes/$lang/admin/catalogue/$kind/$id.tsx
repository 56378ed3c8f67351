import { getFormProps, useForm } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { FormMessage, TextField } from '#app/components/account/fields.tsx'
import { requestLang } from '#app/utils/auth.server.ts'
import { flash } from '#app/utils/flash.server.ts'
import type { FormFields } from '#app/utils/form-fields.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import type { Lang } from '#app/utils/i18n.ts'
import { staffApi } from '#app/utils/staff-session.server.ts'
import { AdminErrorBoundary } from '../../+shared/admin-error.tsx'
import { SelectField } from '../../+shared/fields.tsx'
import type { FormAnswer } from '../../+shared/forms.tsx'
import { adminPath, staffCan, useStaff } from '../../+shared/staff.ts'
import { adminFailure, apiError, parseForm, staffLoad } from '../../forms.server.ts'
import { CheckboxField, NameFields } from '../+shared/fields.tsx'
import { type Kind, kinds } from '../+shared/kinds.ts'
import { CatalogueTabs } from '../+shared/tabs.tsx'
import { type BrandRow, type CategoryRow, type GroupRow, rowName, type TaxonomyRow } from '../+shared/types.ts'

import { apiFields, editForms, formFieldErrors, kindOf, toBody } from '../taxonomy.server.ts'
import type { Route } from './+types/$id'
import '../+shared/catalogue.css'

type Option = { value: string; label: string }

/** What the row may point at: brands a manufacturer, categories a menu group. */
async function choices(context: Route.LoaderArgs['context'], kind: Kind, lang: Lang): Promise<Option[]> {
  if (kind === 'brands') {
    const { results } = await staffLoad(context, 'admin/manufacturers/')
    return results.map((row) => ({ value: String(row.id), label: rowName(row, lang).text }))
  }
  if (kind === 'categories') {
    const { results } = await staffLoad(context, 'admin/category-groups/')
    return results.map((row) => ({ value: String(row.id), label: rowName(row, lang).text }))
  }
  return []
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const kind = kindOf(params.kind)
  const lang = requestLang(context)
  if (!/^\d{1,10}$/.test(params.id)) throw data(null, { status: 404 })
  const [row, options] = await Promise.all([
    staffLoad(context, `${kinds[kind].api}${params.id}/`),
    choices(context, kind, lang),
  ])
  return { lang, kind, row, options, name: rowName(row, lang).text }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const kind = kindOf(params.kind)
  const lang = requestLang(context)
  const t = serverT(context, 'admin-catalogue')
  const intent = 'edit'
  const submission = parseForm(await request.formData(), editForms[kind])
  if (submission.status !== 'success') return adminFailure(submission, { intent, toast: t('toasts.fill_form') })
  try {
    await staffApi(context).send('PATCH', `${kinds[kind].api}${params.id}/`, toBody(submission.value))
  } catch (error) {
    const failed = apiError(error, apiFields, t('toasts.failed'))
    return adminFailure(submission, {
      intent,
      toast: failed.detail,
      status: failed.status,
      fieldErrors: formFieldErrors(failed.fieldErrors),
    })
  }
  flash(context, { type: 'success', message: t('toasts.saved') })
  return redirect(adminPath(lang, `catalogue/${kind}/${params.id}`))
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.name }]

type EditFields = FormFields<(typeof editForms)['brands']> &
  FormFields<(typeof editForms)['categories']> &
  FormFields<(typeof editForms)['manufacturers']>

/** The row's values as the form's text (titles per language, aliases comma-separated, checkboxes `on`). */
function formValues(row: TaxonomyRow): Partial<EditFields> {
  const on = (value: boolean) => (value ? 'on' : '')
  const values: Partial<EditFields> = { slug: row.slug, is_hidden: on(row.is_hidden) }
  if ('name' in row) Object.assign(values, { name: row.name, country: row.country })
  if ('aliases' in row) {
    const brand = row as BrandRow
    Object.assign(values, {
      aliases: brand.aliases.join(', '),
      manufacturer_id: brand.manufacturer ? String(brand.manufacturer.id) : '',
      is_popular: on(brand.is_popular),
    })
  }
  if ('title' in row) Object.assign(values, { title_uz: row.title.uz, title_sr: row.title.sr, title_ru: row.title.ru })
  if ('in_header' in row) {
    const category = row as CategoryRow
    Object.assign(values, {
      group_id: category.group ? String(category.group.id) : '',
      in_header: on(category.in_header),
      in_footer: on(category.in_footer),
      is_popular: on(category.is_popular),
      image: category.image ?? '',
    })
  }
  return values
}

export default function TaxonomyEdit({
  loaderData: { lang, kind, row, options, name },
  actionData,
}: Route.ComponentProps) {
  const { t } = useTranslation('admin-catalogue')
  const missing = 'missing_translations' in row ? (row as GroupRow).missing_translations : []
  const values = formValues(row)
  return (
    <section className="admin-page catalogue-page">
      <CatalogueTabs lang={lang} current={kind} />
      <p>
        <Link to={adminPath(lang, `catalogue/${kind}`)}>{t('actions.back', { list: t(`lists.${kind}`) })}</Link>
      </p>
      <h1>{name}</h1>
      {row.is_hidden ? <p className="catalogue-state">{t('state.hidden_help')}</p> : null}
      {missing.length ? (
        <p className="catalogue-missing">
          {t('fields.missing_in', { languages: missing.map((l) => t(`languages.${l}`)).join(', ') })}
        </p>
      ) : null}
      {/* A saved change comes back as new values: a new form, not the inputs as typed. */}
      <EditForm
        key={JSON.stringify(values)}
        kind={kind}
        id={row.id}
        values={values}
        options={options}
        answer={actionData}
      />
      <p className="admin-muted">{t('help.no_delete')}</p>
    </section>
  )
}

function EditForm({
  kind,
  id,
  values,
  options,
  answer,
}: {
  kind: Kind
  id: number
  values: Partial<EditFields>
  options: Option[]
  answer?: FormAnswer
}) {
  const { t } = useTranslation('admin-catalogue')
  const busy = useNavigation().state === 'submitting'
  const [form, fields] = useForm<EditFields>({
    id: `edit-${kind}-${id}`,
    lastResult: answer?.intent === 'edit' ? answer.result : undefined,
    shouldValidate: 'onSubmit',
    defaultValue: values,
  })
  const none = { value: '', label: t('fields.none') }
  const canWrite = staffCan(useStaff(), 'catalogue.write')
  return (
    <section className="admin-card">
      <Form method="post" className="auth-form" {...getFormProps(form)}>
        <FormMessage toast={answer?.intent === 'edit' ? answer.toast : undefined} />
        <NameFields kind={kind} fields={fields} />
        <TextField field={fields.slug} label={t('fields.slug')} autoComplete="off" />
        <p className="admin-muted">{t('help.slug')}</p>
        {kind === 'brands' ? (
          <>
            <SelectField field={fields.manufacturer_id} label={t('fields.manufacturer')} options={[none, ...options]} />
            <TextField field={fields.aliases} label={t('fields.aliases')} autoComplete="off" />
            <p className="admin-muted">{t('help.aliases')}</p>
            <CheckboxField field={fields.is_popular} label={t('fields.is_popular')} />
          </>
        ) : null}
        {kind === 'categories' ? (
          <>
            <SelectField field={fields.group_id} label={t('fields.group')} options={[none, ...options]} />
            <CheckboxField field={fields.in_header} label={t('fields.in_header')} />
            <CheckboxField field={fields.in_footer} label={t('fields.in_footer')} />
            <CheckboxField field={fields.is_popular} label={t('fields.is_popular_category')} />
            <TextField field={fields.image} label={t('fields.image')} autoComplete="off" />
          </>
        ) : null}
        <CheckboxField field={fields.is_hidden} label={t('fields.is_hidden')} />
        {canWrite ? (
          <button type="submit" className="button" disabled={busy}>
            {t('actions.save')}
          </button>
        ) : null}
      </Form>
    </section>
  )
}

export const ErrorBoundary = AdminErrorBoundary
