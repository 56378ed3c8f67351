import { useTranslation } from 'react-i18next'
import { Form, Link } from 'react-router'
import { AdminErrorBoundary } from '#app/components/admin/admin-error.tsx'
import { adminPath } from '#app/components/admin/staff.ts'
import { requestLang } from '#app/utils/auth.server.ts'
import { batchesT } from '../../batches/batches.server.ts'
import type { Route } from './+types/index'
import '#app/styles/admin-batches.css'

export async function loader({ context }: Route.LoaderArgs) {
  return { lang: requestLang(context), title: batchesT(context)('export.meta_title') }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

/**
 * The export: a GET form to the file route, so the filters and the format
 * are plain fields and the browser downloads the answer (with or without JS).
 */
export default function ExportPage({ loaderData }: Route.ComponentProps) {
  const { lang } = loaderData
  const { t } = useTranslation('admin-batches')
  const select = (name: string, label: string, options: [string, string][]) => (
    <div className="field">
      <label className="field__label" htmlFor={`export-${name}`}>
        {label}
      </label>
      <select id={`export-${name}`} name={name} className="field__input">
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </div>
  )
  return (
    <div className="batch-page">
      <div className="admin-page__head">
        <h1>{t('export.title')}</h1>
        <nav className="admin-actions" aria-label={t('batches.title')}>
          <Link to={adminPath(lang, 'products/import')}>{t('nav.import')}</Link>
          <Link to={adminPath(lang, 'batches')}>{t('nav.batches')}</Link>
        </nav>
      </div>
      <p>{t('export.intro')}</p>
      <Form
        method="get"
        action={adminPath(lang, 'products/export/file')}
        reloadDocument
        className="admin-card batch-form"
      >
        {select('sheet', t('export.title'), [
          ['catalogue', t('export.catalogue')],
          ['stock', t('export.stock')],
        ])}
        <fieldset className="admin-filters">
          <legend>{t('export.filters')}</legend>
          {select('hidden', t('export.hidden'), [
            ['', t('export.any')],
            ['true', t('export.yes')],
            ['false', t('export.no')],
          ])}
          {select('stock', t('export.stock_state'), [
            ['', t('export.any')],
            ['in', t('export.in')],
            ['out', t('export.out')],
          ])}
          <div className="field">
            <label className="field__label" htmlFor="export-brand">
              {t('export.brand')}
            </label>
            <input id="export-brand" name="brand" inputMode="numeric" pattern="\d*" className="field__input" />
          </div>
          <div className="field">
            <label className="field__label" htmlFor="export-category">
              {t('export.category')}
            </label>
            <input id="export-category" name="category" inputMode="numeric" pattern="\d*" className="field__input" />
          </div>
        </fieldset>
        <div className="admin-actions">
          <button type="submit" name="format" value="xlsx" className="button">
            {t('export.xlsx')}
          </button>
          <button type="submit" name="format" value="csv" className="admin-button">
            {t('export.csv')}
          </button>
        </div>
      </Form>
    </div>
  )
}

export const ErrorBoundary = AdminErrorBoundary
