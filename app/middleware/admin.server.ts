import { data, type MiddlewareFunction, type RouterContextProvider, redirect } from 'react-router'
import type { StaffMe } from '#app/routes/$lang/admin/+shared/staff.ts'
import { ApiResponseError } from '#app/utils/api-client.server.ts'
import { currentPath, requestLang } from '#app/utils/auth.server.ts'
import { isLang, type Lang } from '#app/utils/i18n.ts'
import {
  readStaffSession,
  staffApi,
  staffContext,
  staffSessionContext,
  staffSessionCookieHeader,
} from '#app/utils/staff-session.server.ts'

/** The sign-in page that comes back to `redirectTo` afterwards. */
export function adminLoginPath(lang: Lang, redirectTo?: string | null) {
  const login = `/${lang}/admin/login`
  return redirectTo ? `${login}?redirectTo=${encodeURIComponent(redirectTo)}` : login
}

/**
 * Every back-office page (sign-in included): a known language, the staff
 * session in the context, and afterwards the staff cookie written when it
 * changed and the page kept out of every cache and search engine.
 */
export const staffSessionMiddleware: MiddlewareFunction<Response> = async ({ request, params, context }, next) => {
  if (!isLang(params.lang)) throw data(null, { status: 404 })
  const session = await readStaffSession(request)
  context.set(staffSessionContext, session)
  let response: Response
  try {
    response = await next()
  } catch (thrown) {
    // A redirect thrown by a later middleware still carries the cookie.
    if (!(thrown instanceof Response)) throw thrown
    response = thrown
  }
  if (session.changed) response.headers.append('Set-Cookie', await staffSessionCookieHeader(session, request))
  response.headers.set('Cache-Control', 'private, no-store')
  response.headers.set('X-Robots-Tag', 'noindex')
  return response
}

/**
 * Pages inside the admin layout: a signed-in staff member whose set-up is
 * done, put in the context (`getStaff(context)`), or a redirect to the
 * sign-in page (coming back here afterwards) or to the set-up step.
 */
export const requireStaffMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const lang = requestLang(context)
  const session = context.get(staffSessionContext)
  const toLogin = () => redirect(adminLoginPath(lang, currentPath(request)))
  if (!session.get('token')) throw toLogin()
  let staff: StaffMe
  try {
    staff = await staffApi(context).get('admin/me/')
  } catch (error) {
    // Expired, revoked (signed out elsewhere, disabled): sign in again.
    if (error instanceof ApiResponseError && error.status === 401) {
      session.clear()
      throw toLogin()
    }
    throw error
  }
  if (staff.setup_required) throw redirect(`/${lang}/admin/setup`)
  ;(context as RouterContextProvider).set(staffContext, staff)
  return next()
}
