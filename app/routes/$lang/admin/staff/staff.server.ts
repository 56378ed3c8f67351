import type { RouterContextProvider } from 'react-router'
import { data } from 'react-router'
import { staffLoad } from '../forms.server.ts'

/** Every staff account (owner only: the API answers others 403, the page too). */
export async function loadStaff(context: Readonly<RouterContextProvider>) {
  const { results } = await staffLoad(context, 'admin/staff/')
  return results
}

/** One staff account, or the page's 404. */
export async function loadStaffMember(context: Readonly<RouterContextProvider>, id: string | undefined) {
  const member = (await loadStaff(context)).find((row) => String(row.id) === id)
  if (!member) throw data(null, { status: 404 })
  return member
}
