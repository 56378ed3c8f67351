import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { type DeskFilters, deskSearch } from './list-params.ts'
import { deskStatuses, statusName } from './statuses.ts'

/**
 * The status tabs above the list, each with its count: links keeping the other
 * filters, so they work without JavaScript. "All" first, then the order's way
 * through the shop (docs/orders-and-payments.md "Order states").
 */
export function StatusTabs({
  base,
  filters,
  counts,
}: {
  base: string
  filters: DeskFilters
  counts: { all: number; statuses: Record<string, number> }
}) {
  const { t } = useTranslation('admin-orders')
  const tabs = [
    { value: undefined, label: t('list.all'), count: counts.all },
    ...deskStatuses.map((status) => ({
      value: String(status),
      label: t(`statuses.${statusName(status)}`),
      count: counts.statuses[String(status)] ?? 0,
    })),
  ]
  return (
    <nav aria-label={t('list.tabs')} className="desk-tabs">
      <ul>
        {tabs.map((tab) => {
          const current = (filters.status ?? undefined) === tab.value
          return (
            <li key={tab.value ?? 'all'}>
              <Link
                to={`${base}${deskSearch(filters, { status: tab.value })}`}
                className="desk-tabs__tab"
                aria-current={current ? 'page' : undefined}
              >
                {tab.label} <span className="desk-tabs__count">{tab.count}</span>
              </Link>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
