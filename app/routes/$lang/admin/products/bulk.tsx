import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { Form, Link, redirect, useNavigation } from 'react-router'
import { FormMessage, TextField } from '#app/components/account/fields.tsx'
import { unmaskAmounts } from '#app/utils/amount-input.ts'
import { apiClientContext } from '#app/utils/api-client.server.ts'
import { requestLang } from '#app/utils/auth.server.ts'
import type { FormFields } from '#app/utils/form-fields.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { idOf } from '#app/utils/ids.ts'
import { staffApi } from '#app/utils/staff-session.server.ts'
import { bulkActions } from '#contract/catalogue-batches.ts'
import { AdminErrorBoundary } from '../+shared/admin-error.tsx'
import type { Batch } from '../+shared/batches/types.ts'
import { SelectField } from '../+shared/fields.tsx'
import { adminPath } from '../+shared/staff.ts'

import { adminFailure, apiError, parseForm } from '../forms.server.ts'
import { bulkForm } from './+shared/bulk-form.ts'
import type { Route } from './+types/bulk'
import '../+shared/batches/batches.css'

const MAX_IDS = 1000

/** The products chosen in the list (`?id=1&id=2`, a GET form) and the categories to offer. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ids = [
    ...new Set(
      new URL(request.url).searchParams
        .getAll('id')
        .filter((id) => idOf(id) !== null)
        .slice(0, MAX_IDS),
    ),
  ]
  const tree = await context.get(apiClientContext).get('products/categories/')
  const categories = tree.results.flatMap((group) =>
    group.children.map((c) => ({ value: String(c.id), label: c.title })),
  )
  return { lang: requestLang(context), ids, categories, title: serverT(context, 'admin-batches')('bulk.meta_title') }
}

/** Tashkent wall-clock time from a datetime-local field → the API's ISO moment. */
const moment = (local: string | undefined) => (local ? `${local}:00+05:00` : null)

/** Previews the action: the API saves a batch, whose page shows the differences and the Apply button. */
export async function action({ request, context }: Route.ActionArgs) {
  const t = serverT(context, 'admin-batches')
  const formData = await request.formData()
  const submission = parseForm(unmaskAmounts(formData, ['sale_price']), bulkForm)
  if (submission.status !== 'success') return adminFailure(submission, { intent: 'bulk', toast: t('bulk.failed') })
  const { id, sale_starts_at, sale_ends_at, ...rest } = submission.value
  let batch: Batch
  try {
    batch = await staffApi(context).send('POST', 'admin/products/bulk/preview/', {
      ...rest,
      ids: id,
      sale_starts_at: moment(sale_starts_at),
      sale_ends_at: moment(sale_ends_at),
    })
  } catch (error) {
    const fields = ['action', 'category_id', 'percent', 'sale_price', 'sale_starts_at', 'sale_ends_at']
    const failed = apiError(error, fields, t('bulk.failed'))
    return adminFailure(submission, {
      intent: 'bulk',
      toast: failed.detail,
      status: failed.status,
      fieldErrors: failed.fieldErrors,
    })
  }
  return redirect(adminPath(requestLang(context), `batches/${batch.id}`))
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function BulkPage({ loaderData, actionData }: Route.ComponentProps) {
  const { lang, ids, categories } = loaderData
  const { t } = useTranslation('admin-batches')
  const answer = actionData
  const busy = useNavigation().state === 'submitting'
  const [form, fields] = useForm<FormFields<typeof bulkForm>>({
    id: 'bulk',
    lastResult: answer?.result,
    shouldValidate: 'onSubmit',
    defaultValue: { action: 'hide' },
  })
  return (
    <div className="batch-page">
      <div className="admin-page__head">
        <h1>{t('bulk.title')}</h1>
        <nav className="admin-actions" aria-label={t('batches.title')}>
          <Link to={adminPath(lang, 'batches')}>{t('nav.batches')}</Link>
        </nav>
      </div>
      {ids.length ? (
        <Form method="post" className="admin-card auth-form batch-form" {...getFormProps(form)}>
          <p>{t('bulk.chosen', { count: ids.length })}</p>
          <FormMessage toast={answer?.toast} />
          {ids.map((id) => (
            <input key={id} type="hidden" name="id" value={id} />
          ))}
          <SelectField
            field={fields.action}
            label={t('bulk.action')}
            options={bulkActions.map((value) => ({ value, label: t(`bulk.${value}`) }))}
          />
          <SelectField
            field={fields.category_id}
            label={t('bulk.category')}
            options={[{ value: '', label: '—' }, ...categories]}
          />
          <TextField field={fields.percent} label={t('bulk.percent')} autoComplete="off" />
          <TextField field={fields.sale_price} label={t('bulk.sale_price_value')} autoComplete="off" amount />
          {(['sale_starts_at', 'sale_ends_at'] as const).map((name) => (
            <div key={name} className={fields[name].errors ? 'field field--invalid' : 'field'}>
              <label className="field__label" htmlFor={fields[name].id}>
                {t(`bulk.${name}`)}
              </label>
              <input {...getInputProps(fields[name], { type: 'datetime-local' })} className="field__input" />
              {fields[name].errors ? (
                <p className="field__error" id={fields[name].errorId}>
                  {fields[name].errors.join(' ')}
                </p>
              ) : null}
            </div>
          ))}
          <p className="admin-muted">{t('bulk.rounding')}</p>
          <button type="submit" className="button" disabled={busy}>
            {t('bulk.preview')}
          </button>
        </Form>
      ) : (
        <p>{t('bulk.none')}</p>
      )}
    </div>
  )
}

export const ErrorBoundary = AdminErrorBoundary
