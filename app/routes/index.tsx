import { redirect } from 'react-router'
import { getLocale } from '#app/middleware/i18next.ts'
import type { Route } from './+types/index'

/** `/` → the visitor's language: cookie, then browser language, then ru. */
export function loader({ context, request }: Route.LoaderArgs) {
  const { search } = new URL(request.url)
  return redirect(`/${getLocale(context)}${search}`, { headers: { Vary: 'Cookie, Accept-Language' } })
}
