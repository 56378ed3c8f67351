import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Pagination } from '#app/components/catalogue/pagination.tsx'
import { requestLang } from '#app/utils/auth.server.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { AdminErrorBoundary } from '../+shared/admin-error.tsx'
import { adminPath } from '../+shared/staff.ts'
import { TableHead } from '../+shared/table-head.tsx'
import { staffLoad } from '../forms.server.ts'
import type { Route } from './+types/index'
import { batchWhat } from './batches.server.ts'

import '../+shared/batches/batches.css'

const PAGE_SIZE = 25

/** Recent imports and bulk actions, newest first, each opening its page (preview, result, undo). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const page = Math.max(1, Number(new URL(request.url).searchParams.get('page')) || 1)
  const batches = await staffLoad(context, 'admin/batches/', { page, size: PAGE_SIZE })
  const results = batches.results.map((batch) => ({ ...batch, what: batchWhat(context, batch) }))
  return {
    lang: requestLang(context),
    batches: { ...batches, results },
    title: serverT(context, 'admin-batches')('batches.meta_title'),
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function BatchesPage({ loaderData }: Route.ComponentProps) {
  const { lang, batches } = loaderData
  const { t } = useTranslation('admin-batches')
  const { t: ta } = useTranslation('admin')
  const when = (at: string) =>
    new Date(at).toLocaleString(lang === 'ru' ? 'ru-RU' : 'uz', { timeZone: 'Asia/Tashkent' })
  const page = (n: number) => adminPath(lang, `batches${n > 1 ? `?page=${n}` : ''}`)
  return (
    <div className="batch-page">
      <div className="admin-page__head">
        <h1>{t('batches.title')}</h1>
        <nav className="admin-actions" aria-label={t('batches.title')}>
          <Link to={adminPath(lang, 'products/import')}>{t('nav.import')}</Link>
          <Link to={adminPath(lang, 'products/export')}>{t('nav.export')}</Link>
        </nav>
      </div>
      {batches.results.length ? (
        <table className="admin-table">
          <TableHead
            caption={t('batches.caption')}
            columns={[t('batches.batch'), t('batches.what'), t('batches.when'), t('batches.who'), t('batches.state')]}
          />
          <tbody>
            {batches.results.map((batch) => (
              <tr key={batch.id}>
                <td>
                  <Link to={adminPath(lang, `batches/${batch.id}`)}>{t('batches.open', { id: batch.id })}</Link>
                </td>
                <td data-label={t('batches.what')}>
                  {t(`batches.${batch.kind}`)}: {batch.what}
                </td>
                <td data-label={t('batches.when')}>{when(batch.created_at)}</td>
                <td data-label={t('batches.who')}>
                  {batch.actor_name ?? ta(`audit.actors.${batch.actor.split(':')[0]}`, { defaultValue: batch.actor })}
                </td>
                <td data-label={t('batches.state')}>{t(`state.${batch.state}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p>{t('batches.empty')}</p>
      )}
      <Pagination page={batches.current_page} totalPages={batches.total_pages} href={page} />
    </div>
  )
}

export const ErrorBoundary = AdminErrorBoundary
