import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { type DeskFilters, deskSearch } from './list-params.ts'
import type { DeskCounts } from './types.ts'

/**
 * The status tabs above the list, each with its count (of the orders the
 * other filters leave): links keeping those filters, so they work without
 * JavaScript. "All" first, then the statuses in the API's order.
 */
export function StatusTabs({ base, filters, counts }: { base: string; filters: DeskFilters; counts: DeskCounts }) {
  const { t } = useTranslation('admin-orders')
  const tabs = [
    { value: undefined, label: t('list.all'), count: counts.total },
    ...counts.statuses.map((s) => ({ value: String(s.status), label: s.label, count: s.count })),
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
