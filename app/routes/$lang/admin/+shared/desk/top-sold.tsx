import { useTranslation } from 'react-i18next'
import { TableHead } from '../table-head.tsx'

export type SoldRow = { key: string | number; name: string; quantity: number; total: number }

/** A "sold best" card of the statistics page (products, brands): each with its quantity and sum. */
export function TopSold({
  id,
  title,
  nameColumn,
  rows,
  money,
}: {
  id: string
  title: string
  nameColumn: string
  rows: SoldRow[]
  money: (amount: number) => string
}) {
  const { t } = useTranslation('admin-desk')
  return (
    <section aria-labelledby={id} className="admin-card">
      <h2 id={id}>{title}</h2>
      {rows.length ? (
        <table className="desk-stats-list">
          <TableHead columns={[nameColumn, t('stats.quantity'), t('stats.sum')]} />
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">{row.name}</th>
                <td>{row.quantity}</td>
                <td>{money(row.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="desk-muted">{t('stats.nothing_sold')}</p>
      )}
    </section>
  )
}
