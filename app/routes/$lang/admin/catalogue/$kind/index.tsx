import { getFormProps, useForm } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { Form, Link, redirect, useNavigation } from 'react-router'
import { FormMessage } from '#app/components/account/fields.tsx'
import { requestLang } from '#app/utils/auth.server.ts'
import { flash } from '#app/utils/flash.server.ts'
import type { FormFields } from '#app/utils/form-fields.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { staffApi } from '#app/utils/staff-session.server.ts'
import { AdminErrorBoundary } from '../../+shared/admin-error.tsx'
import type { FormAnswer } from '../../+shared/forms.tsx'
import { adminPath, staffCan, useStaff } from '../../+shared/staff.ts'
import { TableHead } from '../../+shared/table-head.tsx'
import { adminFailure, apiError, byIntent, pageId, parseForm, staffLoad } from '../../forms.server.ts'
import { NameFields } from '../+shared/fields.tsx'
import { type Kind, kinds } from '../+shared/kinds.ts'
import { CatalogueTabs } from '../+shared/tabs.tsx'
import { rowCount, rowName } from '../+shared/types.ts'

import { apiFields, createForms, formFieldErrors, kindOf, toBody, typedOrder } from '../taxonomy.server.ts'
import type { Route } from './+types/index'
import '../+shared/catalogue.css'

export async function loader({ params, context }: Route.LoaderArgs) {
  const kind = kindOf(params.kind)
  const { results } = await staffLoad(context, kinds[kind].api)
  return {
    lang: requestLang(context),
    kind,
    rows: results,
    title: serverT(context, 'admin-catalogue')(`lists.${kind}`),
  }
}

/** Values of the list's `intent` field: each names the function the action runs. */
const ListIntent = { create: 'create', order: 'order', hide: 'hide', show: 'show' } as const

/**
 * Three forms post here: the order (number inputs, one submit), hide/show of
 * one row (a button of the same form, so nothing nests; the row's id goes in
 * the button's `formAction` query), and a new row, which then opens in its own page.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const kind = kindOf(params.kind)
  const lang = requestLang(context)
  const t = serverT(context, 'admin-catalogue')
  const api = staffApi(context)
  const { api: path } = kinds[kind]
  const back = adminPath(lang, `catalogue/${kind}`)
  // A change of the list comes back to it, saying how it went.
  const change = async (run: () => Promise<unknown>, done: 'toasts.hidden' | 'toasts.shown' | 'toasts.order_saved') => {
    try {
      await run()
      flash(context, { type: 'success', message: t(done) })
    } catch (error) {
      flash(context, { type: 'error', message: apiError(error, [], t('toasts.failed')).detail })
    }
    return redirect(back)
  }
  const toggle = (hidden: boolean) => () => {
    const row = pageId(new URL(request.url).searchParams.get('row') ?? undefined)
    return change(
      () => api.send('PATCH', `${path}${row}/`, { is_hidden: hidden }),
      hidden ? 'toasts.hidden' : 'toasts.shown',
    )
  }
  return byIntent(await request.formData(), {
    [ListIntent.hide]: toggle(true),
    [ListIntent.show]: toggle(false),
    [ListIntent.order]: (formData) => {
      const ids = String(formData.get('ids') ?? '')
        .split(',')
        .map(Number)
        .filter((id) => Number.isInteger(id) && id > 0)
      return change(() => api.send('PUT', `${path}order/`, { ids: typedOrder(formData, ids) }), 'toasts.order_saved')
    },
    [ListIntent.create]: async (formData) => {
      const intent = ListIntent.create
      const submission = parseForm(formData, createForms[kind])
      if (submission.status !== 'success') return adminFailure(submission, { intent, toast: t('toasts.fill_form') })
      try {
        const made = await api.send('POST', path, toBody(submission.value))
        flash(context, { type: 'success', message: t('toasts.created') })
        return redirect(adminPath(lang, `catalogue/${kind}/${made.id}`))
      } catch (error) {
        const failed = apiError(error, apiFields, t('toasts.failed'))
        return adminFailure(submission, {
          intent,
          toast: failed.detail,
          status: failed.status,
          fieldErrors: formFieldErrors(failed.fieldErrors),
        })
      }
    },
  })
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function TaxonomyList({ loaderData: { lang, kind, rows, title }, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('admin-catalogue')
  const busy = useNavigation().state === 'submitting'
  // Content editors read the lists; only catalogue.write changes them (the API refuses the rest).
  const canWrite = staffCan(useStaff(), 'catalogue.write')
  return (
    <section className="admin-page catalogue-page">
      <CatalogueTabs lang={lang} current={kind} />
      <h1>{title}</h1>
      <p className="admin-muted">{t('help.no_delete')}</p>
      <Form method="post" className="catalogue-list">
        <input type="hidden" name="ids" value={rows.map((row) => row.id).join(',')} />
        <table className="admin-table catalogue-table">
          <TableHead
            caption={t('help.order')}
            captionShown
            columns={[
              t('columns.position'),
              t('columns.name'),
              t('columns.slug'),
              t(`columns.count_${kind}`),
              t('columns.state'),
            ]}
          />
          <tbody>
            {rows.map((row, index) => {
              const name = rowName(row, lang)
              return (
                <tr key={row.id} className={row.is_hidden ? 'catalogue-row--hidden' : undefined}>
                  <td>
                    <input
                      type="number"
                      name={`position-${row.id}`}
                      defaultValue={index + 1}
                      min={1}
                      max={rows.length}
                      className="field__input catalogue-position"
                      aria-label={t('columns.position_of', { name: name.text })}
                    />
                  </td>
                  <td>
                    <Link to={adminPath(lang, `catalogue/${kind}/${row.id}`)}>{name.text}</Link>
                    {name.missing ? <span className="catalogue-missing"> ({t('fields.missing')})</span> : null}
                  </td>
                  <td data-label={t('columns.slug')}>
                    <code>{row.slug}</code>
                  </td>
                  <td data-label={t(`columns.count_${kind}`)}>{rowCount(row)}</td>
                  <td>
                    <span className="catalogue-state">{t(row.is_hidden ? 'state.hidden' : 'state.shown')}</span>{' '}
                    {canWrite ? (
                      <button
                        type="submit"
                        name="intent"
                        value={row.is_hidden ? ListIntent.show : ListIntent.hide}
                        formAction={`?row=${row.id}`}
                        className="button button--secondary catalogue-toggle"
                        aria-label={t(row.is_hidden ? 'actions.show_named' : 'actions.hide_named', { name: name.text })}
                        disabled={busy}
                      >
                        {t(row.is_hidden ? 'actions.show' : 'actions.hide')}
                      </button>
                    ) : null}
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
        {canWrite ? (
          <button type="submit" name="intent" value={ListIntent.order} className="button" disabled={busy}>
            {t('actions.save_order')}
          </button>
        ) : null}
      </Form>
      {canWrite ? <CreateForm kind={kind} answer={actionData} /> : null}
    </section>
  )
}

type CreateFields = FormFields<(typeof createForms)['brands']> & FormFields<(typeof createForms)['categories']>

function CreateForm({ kind, answer }: { kind: Kind; answer?: FormAnswer }) {
  const { t } = useTranslation('admin-catalogue')
  const busy = useNavigation().state === 'submitting'
  const [form, fields] = useForm<CreateFields>({
    id: `create-${kind}`,
    lastResult: answer?.intent === ListIntent.create ? answer.result : undefined,
    shouldValidate: 'onSubmit',
  })
  return (
    <section className="admin-card" aria-labelledby="catalogue-create-title">
      <h2 id="catalogue-create-title">{t(`create.${kind}`)}</h2>
      <Form method="post" className="auth-form" {...getFormProps(form)}>
        <FormMessage toast={answer?.intent === ListIntent.create ? answer.toast : undefined} />
        <input type="hidden" name="intent" value={ListIntent.create} />
        <NameFields kind={kind} fields={fields} />
        <button type="submit" className="button" disabled={busy}>
          {t('actions.create')}
        </button>
      </Form>
    </section>
  )
}

export const ErrorBoundary = AdminErrorBoundary
