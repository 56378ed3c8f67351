import { data } from 'react-router'
import { ErrorPage } from '#app/components/error-boundary.tsx'
import { getInstance } from '#app/middleware/i18next.ts'
import type { Route } from './+types/$'

/** Unmatched paths: a 404 page that says which path (SPEC §2), inside the shop's shell when under a language. */
export function loader({ request, context }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url)
  const t = getInstance(context).t
  return data({ detail: t('errors.no_route', { path: pathname }) }, { status: 404 })
}

export const meta: Route.MetaFunction = () => [{ name: 'robots', content: 'noindex' }]

export default function NotFound({ loaderData }: Route.ComponentProps) {
  return <ErrorPage status={404} detail={loaderData.detail} />
}
