import { useTranslation } from 'react-i18next'
import { Form, Link } from 'react-router'
import { Pagination } from '#app/components/catalogue/pagination.tsx'
import { requestLang } from '#app/utils/auth.server.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { productSorts, stockStates } from '#contract/admin-products.ts'
import { AdminErrorBoundary } from '../+shared/admin-error.tsx'
import { staffCan, useStaff } from '../+shared/staff.ts'
import { staffLoad } from '../forms.server.ts'
import { stockAction } from '../stock/stock.server.ts'
import { type ProductFilters, parseProductFilters, productSearch } from './+shared/list-params.ts'
import { ProductsTable } from './+shared/products-table.tsx'
import type { Route } from './+types/index'
import { loadChoices } from './products.server.ts'
import './+shared/products.css'
import '../+shared/stock/stock.css'

/** The products: searched and filtered by the URL's query, paged. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = requestLang(context)
  const filters = parseProductFilters(new URL(request.url).searchParams)
  const [list, choices] = await Promise.all([staffLoad(context, 'admin/products/', filters), loadChoices(context)])
  return { lang, filters, list, choices, title: serverT(context, 'admin-products')('list.meta_title') }
}

/** A quick stock count from a row (stock.write): back to the list as it was shown. */
export async function action({ request, context, params }: Route.ActionArgs) {
  // React Router marks a post to an index route with `?index`.
  const shown = new URL(request.url).searchParams
  shown.delete('index')
  const search = shown.toString()
  return stockAction(request, context, `/${params.lang}/admin/products${search ? `?${search}` : ''}`)
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function ProductsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { lang, filters, list, choices } = loaderData
  const { t } = useTranslation('admin-products')
  const { t: tb } = useTranslation('admin-batches')
  const { t: tl } = useTranslation('admin-lines')
  const staff = useStaff()
  const spreadsheets = staffCan(staff, 'catalogue.write')
  const base = `/${lang}/admin/products`
  const href = (page: number) => `${base}${productSearch(filters as ProductFilters, { page })}`
  const select = (name: keyof ProductFilters, label: string, options: { value: string; label: string }[]) => (
    <label className="field">
      <span className="field__label">{label}</span>
      <select name={name} defaultValue={(filters[name] as string | undefined) ?? ''} className="field__input">
        <option value="">{t('list.any')}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  )
  const yes = [{ value: 'true', label: t('list.yes') }]
  return (
    <section className="admin-page products-page">
      <div className="admin-page__head">
        <h1>{t('list.title')}</h1>
        {spreadsheets ? (
          <nav className="admin-actions" aria-label={t('list.title')}>
            <Link to={`${base}/import`}>{tb('nav.import')}</Link>
            <Link to={`${base}/export${productSearch(filters as ProductFilters, { sort: undefined })}`}>
              {tb('nav.export')}
            </Link>
            <Link to={`/${lang}/admin/batches`}>{tb('nav.batches')}</Link>
          </nav>
        ) : null}
        <Link to={`/${lang}/admin/lines`}>{tl('list.title')}</Link>
        {spreadsheets ? (
          <Link to={`${base}/new`} className="button">
            {t('list.new')}
          </Link>
        ) : null}
      </div>
      <Form method="get" action={base} className="admin-filters" role="search">
        <label className="field">
          <span className="field__label">{t('list.search')}</span>
          <input type="search" name="q" defaultValue={filters.q ?? ''} maxLength={100} className="field__input" />
        </label>
        {select(
          'brand',
          t('list.brand'),
          choices.brands.map((b) => ({ value: String(b.id), label: b.name })),
        )}
        {select(
          'category',
          t('list.category'),
          choices.categories.map((c) => ({ value: String(c.id), label: c.group ? `${c.group} · ${c.name}` : c.name })),
        )}
        {select(
          'stock',
          t('list.stock'),
          stockStates.map((s) => ({ value: s, label: t(`stock.${s}`) })),
        )}
        {select('hidden', t('list.visibility'), [
          { value: 'true', label: t('list.hidden_only') },
          { value: 'false', label: t('list.shown_only') },
        ])}
        {select('no_picture', t('list.without_picture'), yes)}
        {select('missing_translation', t('list.missing_translation'), yes)}
        {select(
          'sort',
          t('list.sort'),
          productSorts.map((s) => ({ value: s, label: t(`sort.${s}`) })),
        )}
        <button type="submit" className="button">
          {t('list.apply')}
        </button>
      </Form>
      <p className="admin-muted" aria-live="polite">
        {t('list.found', { count: list.total })}
      </p>
      {list.results.length ? (
        <ProductsTable
          lang={lang}
          products={list.results}
          stockEdit={staffCan(staff, 'stock.write')}
          actionData={actionData}
        />
      ) : (
        <p>{t('list.empty')}</p>
      )}
      <Pagination page={list.current_page} totalPages={list.total_pages} href={href} />
    </section>
  )
}

export const ErrorBoundary = AdminErrorBoundary
