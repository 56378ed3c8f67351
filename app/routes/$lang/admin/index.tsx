import { redirect } from 'react-router'
import { requestLang } from '#app/utils/auth.server.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { getStaff } from '#app/utils/staff-session.server.ts'
import { StatsPage } from './+shared/desk/stats-page.tsx'
import { adminHome, staffCan } from './+shared/staff.ts'
import type { Route } from './+types/index'
import { loadStatistics, periodOf } from './stats.server.ts'
import './+shared/desk/pages.css'
import './+shared/desk/desk.css'

/**
 * /{lang}/admin: the statistics page for roles with stats.read (owner, manager);
 * the others go to the first section they may use (My account is everyone's).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = requestLang(context)
  const staff = getStaff(context)
  if (!staffCan(staff, 'stats.read')) throw redirect(adminHome(lang, staff))
  const period = periodOf(new URL(request.url).searchParams)
  const { stats, charts, problem } = await loadStatistics(context, period)
  return {
    lang,
    period,
    stats,
    charts,
    problem,
    canExport: staffCan(staff, 'orders.read'),
    title: serverT(context, 'admin-desk')('stats.meta_title'),
  }
}

// The admin layout keeps every page out of caches and search engines.
export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function AdminIndex({ loaderData }: Route.ComponentProps) {
  return <StatsPage {...loaderData} />
}
