import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { Form, Link } from 'react-router'
import type { Lang } from '#app/utils/i18n.ts'
import { formatAmount, formatMoney } from '#app/utils/money.ts'
import { TableHead } from '../table-head.tsx'
import { Chart } from './chart.tsx'
import { TopSold } from './top-sold.tsx'
import type { DailyCharts, ShopStatistics } from './types.ts'

/** The page's words and sums, as each part of it shows them. */
type Words = { t: TFunction<'admin-desk'>; money: (amount: number) => string }

type Period = { preset: 'today' | '7' | '30' | 'custom'; from: string; to: string }

/** A day as the statistics show it: `23.11.2026`. */
const day = (d: string) => `${d.slice(8, 10)}.${d.slice(5, 7)}.${d.slice(0, 4)}`

/** A date of the custom period; when the period is refused both are marked, the last names the reason. */
function PeriodEnd({
  name,
  label,
  value,
  invalid,
  describedBy,
}: {
  name: 'from' | 'to'
  label: string
  value: string
  invalid: boolean
  describedBy?: string
}) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={`stats-${name}`}>
        {label}
      </label>
      <input
        id={`stats-${name}`}
        name={name}
        type="date"
        className="field__input"
        defaultValue={value}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
      />
    </div>
  )
}

/**
 * Which days the page counts: today, the last 7 or 30 (links), or the
 * days typed (a plain GET form); a period the API refused, and why.
 */
function PeriodChoice({
  t,
  lang,
  period,
  stats,
  problem,
}: Pick<Words, 't'> & {
  lang: Lang
  period: Period
  stats: ShopStatistics
  problem: string | null
}) {
  const base = `/${lang}/admin`
  return (
    <>
      <nav aria-label={t('stats.period')} className="desk-tabs">
        <ul>
          {(['today', '7', '30'] as const).map((p) => (
            <li key={p}>
              <Link
                to={p === 'today' ? base : `${base}?period=${p}`}
                className="desk-tabs__tab"
                aria-current={period.preset === p ? 'page' : undefined}
              >
                {t(`stats.preset_${p}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Form method="get" action={base} className="admin-filters desk-period">
        <PeriodEnd
          name="from"
          label={t('stats.from')}
          value={period.preset === 'custom' ? period.from : stats.from}
          invalid={Boolean(problem)}
        />
        <PeriodEnd
          name="to"
          label={t('stats.to')}
          value={period.preset === 'custom' ? period.to : stats.to}
          invalid={Boolean(problem)}
          describedBy={problem ? 'stats-problem' : undefined}
        />
        <button type="submit" className="admin-button">
          {t('stats.show')}
        </button>
      </Form>
      {problem ? (
        <p className="desk-error" role="alert" id="stats-problem">
          {t('stats.bad_period', { detail: problem })}
        </p>
      ) : null}
    </>
  )
}

/**
 * The orders export for the period as buttons (plain links: the browser
 * downloads the file); without days, the API's default: today.
 */
export function ExportLinks({ lang, from, to }: { lang: Lang; from?: string | null; to?: string | null }) {
  const { t } = useTranslation('admin-desk')
  const href = (format: string) => {
    const query = new URLSearchParams()
    if (from) query.set('from', from)
    if (to) query.set('to', to)
    query.set('format', format)
    return `/${lang}/admin/orders/export?${query}`
  }
  return (
    <p className="admin-actions desk-export">
      <a href={href('xlsx')} className="admin-button admin-button--quiet" download>
        {t('stats.export_xlsx')}
      </a>
      <a href={href('csv')} className="admin-button admin-button--quiet" download>
        {t('stats.export_csv')}
      </a>
    </p>
  )
}

/** A figure with its name and, where it needs one, what exactly it counts. */
function Figure({ name, value, note }: { name: string; value: string; note?: string }) {
  return (
    <div className="desk-figure">
      <dt>{name}</dt>
      <dd>
        <span className="desk-figure__value">{value}</span>
        {note ? <span className="desk-muted desk-figure__note">{note}</span> : null}
      </dd>
    </div>
  )
}

/** Today's orders and money, whatever the period. */
function TodayFigures({ t, money, today }: Words & { today: ShopStatistics['today'] }) {
  return (
    <section aria-labelledby="stats-today" className="admin-card">
      <h2 id="stats-today">{t('stats.today')}</h2>
      <dl className="desk-figures">
        <Figure name={t('stats.orders')} value={formatAmount(today.orders)} />
        <Figure name={t('stats.orders_total')} value={money(today.orders_total)} />
        <Figure name={t('stats.revenue')} value={money(today.revenue)} />
        <Figure name={t('stats.average')} value={money(today.average)} />
      </dl>
    </section>
  )
}

/** The period's figures: orders and money, how they were paid, new customers, and the stock running low. */
function PeriodFigures({ t, money, lang, stats }: Words & { lang: Lang; stats: ShopStatistics }) {
  return (
    <section aria-labelledby="stats-period" className="admin-card">
      <h2 id="stats-period">{t('stats.period_figures')}</h2>
      <dl className="desk-figures">
        <Figure name={t('stats.orders')} value={formatAmount(stats.orders)} note={t('stats.orders_note')} />
        <Figure name={t('stats.orders_total')} value={money(stats.orders_total)} />
        <Figure name={t('stats.revenue')} value={money(stats.revenue)} note={t('stats.revenue_note')} />
        <Figure name={t('stats.average')} value={money(stats.average)} />
        <Figure
          name={t('stats.paid_online')}
          value={money(stats.payment.online.total)}
          note={t('stats.orders_count', { count: stats.payment.online.orders })}
        />
        <Figure
          name={t('stats.paid_cash')}
          value={money(stats.payment.cash.total)}
          note={t('stats.orders_count', { count: stats.payment.cash.orders })}
        />
        <Figure name={t('stats.new_customers')} value={formatAmount(stats.new_customers)} />
        <div className="desk-figure">
          <dt>{t('stats.low_stock')}</dt>
          <dd>
            <span className="desk-figure__value">{formatAmount(stats.low_stock.count)}</span>{' '}
            <Link to={`/${lang}/admin/stock`}>{t('stats.low_stock_link')}</Link>
          </dd>
        </div>
      </dl>
    </section>
  )
}

const chartKinds = ['orders', 'revenue', 'payment'] as const

/** A period of several days, day by day: orders, revenue and how it was paid, each a chart with the table behind it. */
function DayCharts({ t, money, perDay, charts }: Words & { perDay: ShopStatistics['per_day']; charts: DailyCharts }) {
  return (
    <section aria-labelledby="stats-days" className="admin-card desk-charts">
      <h2 id="stats-days">{t('stats.by_day')}</h2>
      {chartKinds.map((kind) => (
        <figure key={kind}>
          <figcaption>
            {t(`stats.chart_${kind}`)}
            {kind === 'payment' ? (
              <>
                {' '}
                <span className="desk-legend desk-legend--online">{t('stats.online')}</span>{' '}
                <span className="desk-legend desk-legend--cash">{t('stats.cash')}</span>
              </>
            ) : null}
          </figcaption>
          <Chart
            id={`chart-${kind}`}
            title={t(`stats.chart_${kind}`)}
            tableId="stats-days-table"
            kind={kind}
            charts={charts}
          />
        </figure>
      ))}
      <details>
        <summary>{t('stats.days_table')}</summary>
        <table className="desk-table desk-stats-table" id="stats-days-table">
          <TableHead
            caption={t('stats.days_table')}
            columns={[t('stats.day'), t('stats.orders'), t('stats.revenue'), t('stats.online'), t('stats.cash')]}
          />
          <tbody>
            {perDay.map((d) => (
              <tr key={d.day}>
                <th scope="row">{day(d.day)}</th>
                <td data-label={t('stats.orders')}>{d.orders}</td>
                <td data-label={t('stats.revenue')}>{money(d.revenue)}</td>
                <td data-label={t('stats.online')}>{d.online}</td>
                <td data-label={t('stats.cash')}>{d.cash}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  )
}

/**
 * The owner's statistics page (/{lang}/admin): the period's figures, charts
 * of the days with their tables, what sold, and the searches that found
 * nothing. Period links and a date form work without JavaScript.
 */
export function StatsPage({
  lang,
  period,
  stats,
  charts,
  problem,
  canExport,
}: {
  lang: Lang
  period: Period
  stats: ShopStatistics
  charts: DailyCharts
  problem: string | null
  canExport: boolean
}) {
  const { t } = useTranslation('admin-desk')
  const money = (n: number) => formatMoney(n, lang)
  return (
    <div className="desk-page desk-stats">
      <div className="desk-heading">
        <h1>{t('stats.title')}</h1>
        <span className="desk-muted">
          {stats.from === stats.to ? day(stats.from) : t('stats.range', { from: day(stats.from), to: day(stats.to) })}
        </span>
      </div>
      <TodayFigures t={t} money={money} today={stats.today} />
      <PeriodChoice t={t} lang={lang} period={period} stats={stats} problem={problem} />
      {canExport ? <ExportLinks lang={lang} from={stats.from} to={stats.to} /> : null}
      <PeriodFigures t={t} money={money} lang={lang} stats={stats} />
      {stats.per_day.length > 1 ? <DayCharts t={t} money={money} perDay={stats.per_day} charts={charts} /> : null}
      <div className="desk-stats__grid">
        <StatusCounts t={t} lang={lang} stats={stats} />
        <TopSold
          id="stats-products"
          title={t('stats.top_products')}
          nameColumn={t('stats.product')}
          rows={stats.top_products.map((p) => ({ key: p.slug, name: p.title, quantity: p.quantity, total: p.total }))}
          money={money}
        />
        <TopSold
          id="stats-brands"
          title={t('stats.top_brands')}
          nameColumn={t('stats.brand')}
          rows={stats.top_brands.map((b) => ({ key: b.brand_id, name: b.name, quantity: b.quantity, total: b.total }))}
          money={money}
        />
        <SearchMisses t={t} misses={stats.search_misses} />
      </div>
    </div>
  )
}

/** The period's orders by status, each a link to them on the desk. */
function StatusCounts({ t, lang, stats }: Pick<Words, 't'> & { lang: Lang; stats: ShopStatistics }) {
  return (
    <section aria-labelledby="stats-status" className="admin-card">
      <h2 id="stats-status">{t('stats.by_status')}</h2>
      <p className="desk-muted">{t('stats.by_status_note')}</p>
      <table className="desk-stats-list">
        <tbody>
          {stats.by_status.map((s) => (
            <tr key={s.status}>
              <th scope="row">
                <Link to={`/${lang}/admin/orders?status=${s.status}&created_from=${stats.from}&created_to=${stats.to}`}>
                  {s.label}
                </Link>
              </th>
              <td>{s.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}

/** What shoppers searched for and did not find. */
function SearchMisses({ t, misses }: Pick<Words, 't'> & { misses: ShopStatistics['search_misses'] }) {
  return (
    <section aria-labelledby="stats-misses" className="admin-card">
      <h2 id="stats-misses">{t('stats.search_misses')}</h2>
      <p className="desk-muted">{t('stats.search_misses_note')}</p>
      {misses.length ? (
        <table className="desk-stats-list">
          <tbody>
            {misses.map((m) => (
              <tr key={m.term}>
                <th scope="row">{m.term}</th>
                <td>{m.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p>{t('stats.no_misses')}</p>
      )}
    </section>
  )
}
