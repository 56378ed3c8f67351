import { useTranslation } from 'react-i18next'
import { Form, Link } from 'react-router'
import type { Delivery, PaymentMethod, PaymentStatus } from '#contract/orders.ts'
import { type DeskFilters, hasFilters } from './list-params.ts'
import type { DeskCounts } from './types.ts'

export type RegionOption = { code: string; name: string }

/**
 * Search and filters: one GET form, so the result is a URL (shareable,
 * bookmarkable) and works without JavaScript. The search box comes first:
 * on a phone the rest folds into a <details>.
 */
export function OrderFilters({
  base,
  filters,
  regions,
  statuses,
  choices,
}: {
  base: string
  filters: DeskFilters
  regions: RegionOption[]
  /** The statuses as the API names them (the counts' tabs). */
  statuses: DeskCounts['statuses']
  /** The payment states, methods and deliveries to filter by (the loader's, from contract/orders.ts). */
  choices: {
    payment_status: readonly PaymentStatus[]
    payment_method: readonly PaymentMethod[]
    delivery: readonly Delivery[]
  }
}) {
  const { t } = useTranslation('admin-orders')
  const select = (name: keyof DeskFilters, label: string, options: { value: string; label: string }[]) => (
    <label className="desk-field">
      <span>{label}</span>
      <select name={name} defaultValue={(filters[name] as string | undefined) ?? ''}>
        <option value="">{t('list.any')}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  )
  const folded = ['payment_status', 'payment_method', 'delivery', 'region', 'created_from', 'created_to'] as const
  return (
    <Form method="get" action={base} className="desk-filters" role="search">
      <div className="desk-filters__search">
        <label className="desk-field desk-field--grow">
          <span>{t('list.search')}</span>
          <input type="search" name="q" defaultValue={filters.q ?? ''} maxLength={100} autoComplete="off" />
        </label>
        <button type="submit" className="button">
          {t('list.search_button')}
        </button>
        {hasFilters(filters) ? (
          <Link to={base} className="admin-button">
            {t('list.reset')}
          </Link>
        ) : null}
      </div>
      <details className="desk-filters__more" open={folded.some((n) => filters[n]) || undefined}>
        <summary>{t('list.filters')}</summary>
        <div className="desk-filters__grid">
          {select(
            'status',
            t('list.status'),
            statuses.map((s) => ({ value: String(s.status), label: s.label })),
          )}
          {select(
            'payment_status',
            t('list.payment_status'),
            choices.payment_status.map((s) => ({ value: s, label: t(`payment_statuses.${s}`) })),
          )}
          {select(
            'payment_method',
            t('list.payment_method'),
            choices.payment_method.map((m) => ({ value: m, label: t(`methods.${m}`) })),
          )}
          {select(
            'delivery',
            t('list.delivery'),
            choices.delivery.map((d) => ({ value: d, label: t(`deliveries.${d}`) })),
          )}
          {select(
            'region',
            t('list.region'),
            regions.map((r) => ({ value: r.code, label: r.name })),
          )}
          <label className="desk-field">
            <span>{t('list.date_from')}</span>
            <input type="date" name="created_from" defaultValue={filters.created_from ?? ''} />
          </label>
          <label className="desk-field">
            <span>{t('list.date_to')}</span>
            <input type="date" name="created_to" defaultValue={filters.created_to ?? ''} />
          </label>
        </div>
        <p className="desk-filters__actions">
          <button type="submit" className="button">
            {t('list.apply')}
          </button>
        </p>
      </details>
    </Form>
  )
}
