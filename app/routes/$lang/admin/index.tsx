import { redirect } from 'react-router'
import { adminHome } from '#app/components/admin/staff.ts'
import { requestLang } from '#app/utils/auth.server.ts'
import { getStaff } from '#app/utils/staff-session.server.ts'
import type { Route } from './+types/index'

/** /{lang}/admin opens the first section the role may use (My account is everyone's). */
export function loader({ context }: Route.LoaderArgs) {
  throw redirect(adminHome(requestLang(context), getStaff(context)))
}
