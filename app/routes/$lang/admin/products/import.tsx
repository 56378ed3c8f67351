import { useTranslation } from 'react-i18next'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { requestLang } from '#app/utils/auth.server.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { staffApi } from '#app/utils/staff-session.server.ts'
import { IMPORT_MAX_MB, importModes } from '#contract/catalogue-batches.ts'
import { AdminErrorBoundary } from '../+shared/admin-error.tsx'
import { adminPath } from '../+shared/staff.ts'
import { apiRefusal } from '../forms.server.ts'

import type { Route } from './+types/import'
import '../+shared/batches/batches.css'

type Answer = { errors: Partial<Record<'file' | 'mode', string>>; detail: string }

export async function loader({ context }: Route.LoaderArgs) {
  // The modes and the size limit come with the page's data: the contract's lists stay out of its script.
  return {
    lang: requestLang(context),
    modes: importModes,
    maxMb: IMPORT_MAX_MB,
    title: serverT(context, 'admin-batches')('import.meta_title'),
  }
}

/**
 * Streams the browser's upload through to the API as it comes (the file is
 * neither parsed nor held here), which checks it in the background; the batch
 * page then shows the progress and the preview. Refusals come back beside
 * their field (a file input cannot be refilled; the mode stays chosen in the
 * page with JavaScript).
 */
export async function action({ request, context }: Route.ActionArgs) {
  let batch: { id: number }
  try {
    batch = await staffApi(context).upload('admin/products/import/', request)
  } catch (error) {
    const refusal = apiRefusal(error)
    const errors = Object.fromEntries(refusal.errors.map((e) => [e.field, e.message]))
    return data<Answer>({ errors, detail: refusal.detail }, { status: refusal.status })
  }
  return redirect(adminPath(requestLang(context), `batches/${batch.id}`))
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function ImportPage({ loaderData, actionData }: Route.ComponentProps) {
  const { lang, modes, maxMb } = loaderData
  const { t } = useTranslation('admin-batches')
  const busy = useNavigation().state === 'submitting'
  const answer = actionData
  const template = (format: string) => adminPath(lang, `products/export/file?template=1&format=${format}`)
  return (
    <div className="batch-page">
      <div className="admin-page__head">
        <h1>{t('import.title')}</h1>
        <nav className="admin-actions" aria-label={t('batches.title')}>
          <Link to={adminPath(lang, 'products/export')}>{t('nav.export')}</Link>
          <Link to={adminPath(lang, 'batches')}>{t('nav.batches')}</Link>
        </nav>
      </div>
      <p>{t('import.intro')}</p>
      <p>
        {t('import.template')}:{' '}
        <a href={template('xlsx')} download>
          {t('import.template_xlsx')}
        </a>
        {' · '}
        <a href={template('csv')} download>
          {t('import.template_csv')}
        </a>
      </p>
      {answer?.detail ? (
        <p className="batch-refused" role="alert">
          {answer.detail}
        </p>
      ) : null}
      <Form method="post" encType="multipart/form-data" className="admin-card batch-form">
        <div className={answer?.errors.file ? 'field field--invalid' : 'field'}>
          <label className="field__label" htmlFor="import-file">
            {t('import.file', { max: maxMb })}
          </label>
          <input
            id="import-file"
            name="file"
            type="file"
            className="field__input"
            accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            required
            aria-invalid={answer?.errors.file ? true : undefined}
            aria-describedby={answer?.errors.file ? 'import-file-error' : undefined}
          />
          {answer?.errors.file ? (
            <p className="field__error" id="import-file-error">
              {answer.errors.file}
            </p>
          ) : null}
        </div>
        <fieldset className="batch-modes">
          <legend>{t('import.mode')}</legend>
          {modes.map((mode) => (
            <label key={mode}>
              <input type="radio" name="mode" value={mode} defaultChecked={mode === 'prices'} /> {t(`import.${mode}`)}
            </label>
          ))}
          {answer?.errors.mode ? <p className="field__error">{answer.errors.mode}</p> : null}
        </fieldset>
        <p className="admin-muted">{t('import.stock_note')}</p>
        <button type="submit" className="button" disabled={busy}>
          {t('import.upload')}
        </button>
      </Form>
    </div>
  )
}

export const ErrorBoundary = AdminErrorBoundary
