import { data } from 'react-router'
import { ErrorPage } from '#app/components/error-boundary.tsx'
import { getInstance } from '#app/middleware/i18next.ts'
import type { Route } from './+types/category-by-id'

export async function loader({ params, request, context }: Route.LoaderArgs) {
  if (!/^\d+$/.test(params.id)) {
    // SPEC §5: a category id is digits only; anything else is a 404 naming the full path.
    const url = new URL(request.url)
    const detail = getInstance(context).t('errors.route_invalid', { path: url.pathname + url.search })
    return data({ detail }, { status: 404 })
  }
  throw data(null, { status: 404 })
}

export default function CategoryById({ loaderData }: Route.ComponentProps) {
  return <ErrorPage status={404} detail={loaderData.detail} />
}
