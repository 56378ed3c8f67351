import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Pagination } from '#app/components/catalogue/pagination.tsx'
import type { Lang } from '#app/utils/i18n.ts'
import type { RowKind } from '#contract/catalogue-batches.ts'
import type { BatchDetail } from '../../+shared/batches/types.ts'
import { useFieldNames } from '../../+shared/field-names.ts'
import { adminPath } from '../../+shared/staff.ts'
import { TableHead } from '../../+shared/table-head.tsx'

/** The tabs (all, created, changed, rejected), the rows as a table (cards on a phone) and the pager. */
/** The batch's rows by kind (`kinds`: created, changed, rejected, from the loader), a page at a time. */
export function BatchRows({
  lang,
  batch,
  kind,
  kinds,
}: {
  lang: Lang
  batch: BatchDetail
  kind: string | null
  kinds: readonly RowKind[]
}) {
  const { t } = useTranslation('admin-batches')
  const fields = useFieldNames()
  const shown = (field: string, value: string) => (value ? fields.value(field, value) : '—')
  const base = adminPath(lang, `batches/${batch.id}`)
  const href = (k: string | null, page = 1) => {
    const query = new URLSearchParams()
    if (k) query.set('kind', k)
    if (page > 1) query.set('page', String(page))
    const search = query.toString()
    return search ? `${base}?${search}` : base
  }
  const { rows } = batch
  return (
    <section aria-labelledby="batch-rows-title">
      <h2 id="batch-rows-title" className="visually-hidden">
        {t('batch.changes')}
      </h2>
      <nav className="batch-tabs" aria-label={t('batch.changes')}>
        {[null, ...kinds].map((k) => (
          <Link key={k ?? 'all'} to={href(k)} aria-current={kind === k ? 'page' : undefined}>
            {t(`batch.${k ?? 'all'}`)}
            {k ? ` (${batch.counts[k]})` : ''}
          </Link>
        ))}
      </nav>
      <table className="admin-table batch-table">
        <TableHead columns={[t('batch.line'), t('batch.product'), t('batch.changes')]} />
        <tbody>
          {rows.results.map((row) => (
            <tr key={row.line} className={`batch-row batch-row--${row.kind}`}>
              <td data-label={t('batch.line')}>{row.line}</td>
              <td data-label={t('batch.product')}>
                {row.label} <span className="admin-muted">({t(`batch.${row.kind}`)})</span>
              </td>
              <td>
                {row.errors.length ? (
                  <ul className="batch-errors">
                    {row.errors.map((e) => (
                      <li key={e.field}>
                        <span title={e.field}>{fields.name(e.field)}</span>: {e.message}
                      </li>
                    ))}
                  </ul>
                ) : (
                  <ul className="batch-changes">
                    {row.changes.map((c) => (
                      <li key={c.field}>
                        <span title={c.field}>{fields.name(c.field)}</span>:{' '}
                        {c.before === null ? '' : <del>{shown(c.field, c.before)}</del>}
                        {c.before === null ? '' : ' → '}
                        <ins>{shown(c.field, c.after ?? '')}</ins>
                      </li>
                    ))}
                  </ul>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pagination page={rows.current_page} totalPages={rows.total_pages} href={(n) => href(kind, n)} />
    </section>
  )
}
