import { redirect } from 'react-router'
import { apiClientContext } from '#app/utils/api-client.server.ts'
import { isApiError } from '#app/utils/api-errors.server.ts'
import { requestLang, signIn } from '#app/utils/auth.server.ts'
import { flash } from '#app/utils/flash.server.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import type { Route } from './+types/telegram'

/** The fields Telegram's Login Widget sends back (core.telegram.org/widgets/login#receiving-authorization-data). */
const widgetFields = ['id', 'first_name', 'last_name', 'username', 'photo_url', 'auth_date', 'hash'] as const

/**
 * Where the Login Widget sends the shopper back, its signed answer in the
 * query: the API checks it (api/auth/telegram-routes.ts) and signs in a
 * linked Telegram account; anyone else returns to the sign-in page, told why.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = requestLang(context)
  const t = serverT(context, 'account')
  const query = new URL(request.url).searchParams
  const fields = Object.fromEntries(
    widgetFields.flatMap((name) => (query.has(name) ? [[name, query.get(name) ?? '']] : [])),
  ) as { id: string; auth_date: string; hash: string }
  try {
    const answer = await context.get(apiClientContext).send('POST', 'auth/telegram/widget/', fields)
    if (answer.token) {
      signIn(context, answer.token)
      flash(context, { type: 'success', message: t('telegram.signed_in') })
      return redirect(`/${lang}/`)
    }
    flash(context, { type: 'error', message: t('telegram.widget_not_linked') })
  } catch (error) {
    if (!isApiError(error, 400, 401, 403, 404)) throw error
    flash(context, { type: 'error', message: isApiError(error, 403) ? error.message : t('telegram.widget_failed') })
  }
  return redirect(`/${lang}/login`)
}
