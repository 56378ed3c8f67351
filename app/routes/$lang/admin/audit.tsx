import { useTranslation } from 'react-i18next'
import { data, Form, Link, useLocation } from 'react-router'
import type { AuditEntry, Paged } from '#api/types.ts'
import { ApiResponseError } from '#app/utils/api-client.server.ts'
import { requestLang } from '#app/utils/auth.server.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { htmlLang } from '#app/utils/i18n.ts'
import { getStaff, staffApi } from '#app/utils/staff-session.server.ts'
import { AdminErrorBoundary } from './+shared/admin-error.tsx'
import { AuditChanges } from './+shared/audit-changes.tsx'
import { adminPath, staffCan } from './+shared/staff.ts'
import type { Route } from './+types/audit'
import { staffLoad } from './forms.server.ts'

const filterNames = ['staff_id', 'action', 'entity', 'entity_id', 'date_from', 'date_to'] as const
type Filters = Partial<Record<(typeof filterNames)[number], string>>

const PAGE_SIZE = 25

/**
 * The audit log, newest first, filtered by the query string (a plain GET
 * form). A filter the API refuses (a date range backwards, a malformed id)
 * shows its reason above an empty list instead of an error page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = requestLang(context)
  const url = new URL(request.url)
  const filters: Filters = {}
  for (const name of filterNames) {
    const value = url.searchParams.get(name)?.trim()
    if (value) filters[name] = value.slice(0, 100)
  }
  const page = Math.max(1, Math.min(100_000, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1))
  const staff = getStaff(context)
  // Names for the staff filter; only the owner may list staff, the others filter by a name in the list.
  const members = staffCan(staff, 'staff.manage')
    ? (await staffLoad(context, 'admin/staff/')).results.map(({ id, name }) => ({
        id,
        name,
      }))
    : null
  let entries: Paged<AuditEntry> = {
    results: [],
    total: 0,
    total_pages: 1,
    current_page: 1,
    links: { next: null, previous: null },
  }
  let problem: string | null = null
  try {
    entries = await staffApi(context).get('admin/audit/', { ...filters, page, size: PAGE_SIZE })
  } catch (error) {
    if (!(error instanceof ApiResponseError)) throw error
    if (error.status !== 400) throw data(error.body.detail ?? '', { status: error.status })
    problem = error.body.errors?.[0]?.message || error.body.detail || serverT(context, 'admin')('errors.fill_form')
  }
  const time = new Intl.DateTimeFormat(htmlLang[lang], {
    dateStyle: 'short',
    timeStyle: 'medium',
    timeZone: 'Asia/Tashkent',
  })
  const results = entries.results.map((entry) => ({ ...entry, at_text: time.format(new Date(entry.at)) }))
  return { lang, filters, members, problem, ...entries, results, title: serverT(context, 'admin')('audit.title') }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function AdminAuditPage({ loaderData }: Route.ComponentProps) {
  const { lang, filters, members, problem, results, total, total_pages, current_page, title } = loaderData
  const { t } = useTranslation('admin')
  const { search } = useLocation()
  const pageHref = (page: number) => {
    const params = new URLSearchParams(search)
    params.set('page', String(page))
    return `?${params}`
  }
  const filterHref = (name: string, value: string) => `?${new URLSearchParams({ [name]: value })}`
  return (
    <section className="admin-page">
      <h1>{title}</h1>
      <Form method="get" className="admin-card admin-filters" aria-label={t('audit.filters')}>
        {members ? (
          <label className="field">
            <span className="field__label">{t('audit.staff')}</span>
            <select name="staff_id" defaultValue={filters.staff_id ?? ''} className="field__input">
              <option value="">{t('audit.anyone')}</option>
              {members.map((member) => (
                <option key={member.id} value={member.id}>
                  {member.name}
                </option>
              ))}
            </select>
          </label>
        ) : filters.staff_id ? (
          <input type="hidden" name="staff_id" value={filters.staff_id} />
        ) : null}
        <FilterInput name="action" label={t('audit.action')} value={filters.action} placeholder="staff.update" />
        <FilterInput name="entity" label={t('audit.entity')} value={filters.entity} placeholder="order" />
        <FilterInput name="entity_id" label={t('audit.entity_id')} value={filters.entity_id} />
        <FilterInput name="date_from" label={t('audit.date_from')} value={filters.date_from} type="date" />
        <FilterInput name="date_to" label={t('audit.date_to')} value={filters.date_to} type="date" />
        <span className="admin-actions">
          <button type="submit" className="button">
            {t('audit.apply')}
          </button>
          <Link to={adminPath(lang, 'audit')} className="admin-button">
            {t('audit.reset')}
          </Link>
        </span>
      </Form>
      {problem ? (
        <p className="form-message form-message--error" role="alert">
          {problem}
        </p>
      ) : null}
      <p className="admin-muted" role="status">
        {t('audit.count', { count: total })}
      </p>
      <ol className="admin-audit" aria-label={t('audit.entries')}>
        {results.map((entry) => (
          <li key={entry.id} className="admin-card admin-audit__entry">
            <p className="admin-audit__head">
              <time dateTime={entry.at}>{entry.at_text}</time>{' '}
              {entry.staff_id ? (
                <Link to={filterHref('staff_id', String(entry.staff_id))}>{entry.staff_name ?? entry.actor}</Link>
              ) : (
                <span>{t(`audit.actors.${entry.actor.split(':')[0]}`, { defaultValue: entry.actor })}</span>
              )}{' '}
              <span className="admin-badge">{t(`audit.via.${entry.via}`)}</span>
            </p>
            <p className="admin-audit__what">
              <strong>{t(`audit.actions.${entry.action}`, { defaultValue: entry.action })}</strong>{' '}
              <Link to={filterHref('action', entry.action)} className="admin-muted">
                <code>{entry.action}</code>
              </Link>{' '}
              {entry.entity_id ? (
                <Link to={`?${new URLSearchParams({ entity: entry.entity, entity_id: entry.entity_id })}`}>
                  {entry.entity} #{entry.entity_id}
                </Link>
              ) : (
                <span>{entry.entity}</span>
              )}
            </p>
            <AuditChanges before={entry.before} after={entry.after} words={entry.words} />
          </li>
        ))}
      </ol>
      {total_pages > 1 ? (
        <nav className="admin-pager" aria-label={t('audit.pages')}>
          {current_page > 1 ? (
            <Link to={pageHref(current_page - 1)} rel="prev" className="admin-button">
              {t('audit.newer')}
            </Link>
          ) : null}
          <span>{t('audit.page_of', { page: current_page, total: total_pages })}</span>
          {current_page < total_pages ? (
            <Link to={pageHref(current_page + 1)} rel="next" className="admin-button">
              {t('audit.older')}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  )
}

function FilterInput({
  name,
  label,
  value,
  type = 'text',
  placeholder,
}: {
  name: string
  label: string
  value?: string
  type?: 'text' | 'date'
  placeholder?: string
}) {
  return (
    <label className="field">
      <span className="field__label">{label}</span>
      <input
        name={name}
        type={type}
        defaultValue={value ?? ''}
        placeholder={placeholder}
        maxLength={100}
        className="field__input"
      />
    </label>
  )
}

export const ErrorBoundary = AdminErrorBoundary
