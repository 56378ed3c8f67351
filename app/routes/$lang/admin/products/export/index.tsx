import type { InputHTMLAttributes } from 'react'
import { useTranslation } from 'react-i18next'
import { Form, Link } from 'react-router'
import { requestLang } from '#app/utils/auth.server.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { AdminErrorBoundary } from '../../+shared/admin-error.tsx'
import { adminPath } from '../../+shared/staff.ts'

import { type FilterName, parseProductFilters } from '../+shared/list-params.ts'
import { loadChoices } from '../products.server.ts'
import type { Route } from './+types/index'
import '../../+shared/batches/batches.css'

/**
 * The product list's filters come in the URL (its "export" link carries them)
 * and fill the form; brands and categories are chosen by name.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const filters = parseProductFilters(new URL(request.url).searchParams)
  const choices = await loadChoices(context)
  return {
    lang: requestLang(context),
    filters,
    brands: choices.brands.map((b): [string, string] => [String(b.id), b.name]),
    categories: choices.categories.map((c): [string, string] => [
      String(c.id),
      c.group ? `${c.group} · ${c.name}` : c.name,
    ]),
    title: serverT(context, 'admin-batches')('export.meta_title'),
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

/**
 * The export: a GET form to the file route, so the filters and the format
 * are plain fields and the browser downloads the answer (with or without JS).
 */
export default function ExportPage({ loaderData }: Route.ComponentProps) {
  const { lang, filters, brands, categories } = loaderData
  const { t } = useTranslation('admin-batches')
  const { t: tp } = useTranslation('admin-products')
  const chosen = (name: string) => (filters[name as FilterName] as string | undefined) ?? ''
  const select = (name: string, label: string, options: [string, string][]) => (
    <div className="field">
      <label className="field__label" htmlFor={`export-${name}`}>
        {label}
      </label>
      <select id={`export-${name}`} name={name} defaultValue={chosen(name)} className="field__input">
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </div>
  )
  const input = (name: string, label: string, props: InputHTMLAttributes<HTMLInputElement>) => (
    <div className="field">
      <label className="field__label" htmlFor={`export-${name}`}>
        {label}
      </label>
      <input id={`export-${name}`} name={name} defaultValue={chosen(name)} className="field__input" {...props} />
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
            ['low', tp('stock.low')],
            ['out', t('export.out')],
          ])}
          {select('no_picture', tp('list.without_picture'), [
            ['', t('export.any')],
            ['true', tp('list.yes')],
          ])}
          {select('missing_translation', tp('list.missing_translation'), [
            ['', t('export.any')],
            ['true', tp('list.yes')],
          ])}
          {input('q', tp('list.search'), { type: 'search', maxLength: 100 })}
          {select('brand', t('export.brand'), [['', t('export.any')], ...brands])}
          {select('category', t('export.category'), [['', t('export.any')], ...categories])}
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
