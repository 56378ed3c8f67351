import { useTranslation } from 'react-i18next'
import { Form, Link, redirect } from 'react-router'
import { FormMessage } from '#app/components/account/fields.tsx'
import { Pagination } from '#app/components/catalogue/pagination.tsx'
import { requestLang } from '#app/utils/auth.server.ts'
import { flash } from '#app/utils/flash.server.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { getStaff, staffApi } from '#app/utils/staff-session.server.ts'
import { listingSizes } from '#contract/product-lines.ts'
import { AdminErrorBoundary } from '../+shared/admin-error.tsx'
import { adminPath, staffCan } from '../+shared/staff.ts'
import { TableHead } from '../+shared/table-head.tsx'
import { byIntent, refusedAnswer, staffLoad } from '../forms.server.ts'
import type { Route } from './+types/index'
import './+shared/lines.css'

/** The product lines, searched by name, and how the shop's lists show them. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams
  const q = params.get('q')?.trim().slice(0, 100) ?? ''
  const page = Math.max(1, Math.min(10_000, Number(params.get('page')) || 1))
  const [list, listing] = await Promise.all([
    staffLoad(context, 'admin/lines/', { q: q || undefined, page, size: 30 }),
    staffLoad(context, 'admin/lines/listing/'),
  ])
  return {
    lang: requestLang(context),
    q,
    list,
    listing,
    canWrite: staffCan(getStaff(context), 'catalogue.write'),
    title: serverT(context, 'admin-lines')('list.meta_title'),
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const t = serverT(context, 'admin-lines')
  return byIntent(await request.formData(), {
    listing: async (form) => {
      const sizes = listingSizes.find((s) => s === form.get('sizes')) ?? 'together'
      try {
        await staffApi(context).send('PUT', 'admin/lines/listing/', { sizes })
      } catch (error) {
        return refusedAnswer('listing', error)
      }
      flash(context, { type: 'success', message: t('listing.saved') })
      return redirect(adminPath(requestLang(context), 'lines'))
    },
  })
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function LinesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { lang, q, list, listing, canWrite } = loaderData
  const { t } = useTranslation('admin-lines')
  const href = (page: number) => `?${new URLSearchParams({ q, page: String(page) })}`
  return (
    <section className="admin-page lines-page">
      <p>
        <Link to={adminPath(lang, 'products')}>{t('list.products')}</Link>
      </p>
      <h1>{t('list.title')}</h1>
      <p className="admin-muted">{t('list.intro')}</p>
      <FormMessage toast={actionData?.toast} />
      <Form method="post" className="admin-card lines-listing">
        <fieldset disabled={!canWrite}>
          <legend>{t('listing.title')}</legend>
          <input type="hidden" name="intent" value="listing" />
          {listingSizes.map((sizes) => (
            <label key={sizes} className="admin-check">
              <input type="radio" name="sizes" value={sizes} defaultChecked={listing.sizes === sizes} />
              {t(`listing.${sizes}`)}
            </label>
          ))}
          <p className="admin-muted">{t('listing.hint')}</p>
          <button type="submit" className="admin-button">
            {t('listing.save')}
          </button>
        </fieldset>
      </Form>
      <Form method="get" className="admin-filters" role="search">
        <label className="field">
          <span className="field__label">{t('list.search')}</span>
          <input type="search" name="q" defaultValue={q} maxLength={100} className="field__input" />
        </label>
        <button type="submit" className="admin-button">
          {t('list.apply')}
        </button>
      </Form>
      {list.results.length ? (
        <table className="admin-table">
          <TableHead columns={[t('list.name'), t('list.slug'), t('list.sizes')]} />
          <tbody>
            {list.results.map((line) => (
              <tr key={line.id}>
                <td>
                  <Link to={adminPath(lang, `lines/${line.id}`)}>{line.name}</Link>
                </td>
                <td data-label={t('list.slug')}>
                  <code>{line.slug}</code>
                </td>
                <td data-label={t('list.sizes')}>{line.size_count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p>{t('list.empty')}</p>
      )}
      <Pagination page={list.current_page} totalPages={list.total_pages} href={href} />
    </section>
  )
}

export const ErrorBoundary = AdminErrorBoundary
