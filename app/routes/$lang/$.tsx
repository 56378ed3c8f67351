import { data } from 'react-router'
import { ErrorPage, MissingPath } from '#app/components/error-boundary.tsx'
import type { Route } from './+types/$'

/** Unmatched paths: a 404 page that says which path (SPEC §2), inside the shop's shell when under a language. */
export function loader({ request }: Route.LoaderArgs) {
  return data({ path: new URL(request.url).pathname }, { status: 404 })
}

export const meta: Route.MetaFunction = () => [{ name: 'robots', content: 'noindex' }]

export default function NotFound({ loaderData }: Route.ComponentProps) {
  return <ErrorPage status={404} detail={<MissingPath path={loaderData.path} />} />
}
