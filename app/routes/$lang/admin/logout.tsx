import { redirect } from 'react-router'
import { adminLoginPath, staffSessionMiddleware } from '#app/middleware/admin.server.ts'
import { ApiResponseError } from '#app/utils/api-client.server.ts'
import { requestLang } from '#app/utils/auth.server.ts'
import { flash } from '#app/utils/flash.server.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { getStaffSession, staffApi } from '#app/utils/staff-session.server.ts'
import type { Route } from './+types/logout'

export const middleware: Route.MiddlewareFunction[] = [staffSessionMiddleware]

/** GET: nothing to show; sign-out is a POST from the header's button. */
export function loader({ context }: Route.LoaderArgs) {
  throw redirect(`/${requestLang(context)}/admin`)
}

/**
 * POST: ends this session at the API (or, with `scope=all`, every session of
 * the staff member) and forgets the cookie. An already ended session is no
 * error: the cookie is forgotten all the same.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData()
  const session = getStaffSession(context)
  const all = formData.get('scope') === 'all'
  if (session.get('token')) {
    try {
      await staffApi(context).send('POST', all ? 'admin/auth/logout-all/' : 'admin/auth/logout/')
    } catch (error) {
      if (!(error instanceof ApiResponseError && error.status === 401)) throw error
    }
  }
  session.clear()
  flash(context, {
    type: 'info',
    message: serverT(context, 'admin')(all ? 'sign_in.signed_out_all' : 'sign_in.signed_out'),
  })
  return redirect(adminLoginPath(requestLang(context)))
}
