import { data } from 'react-router'
import { CategoryPage } from '#app/components/catalogue/category-page.tsx'
import { ErrorPage, MissingPath, RouteErrorBoundary } from '#app/components/error-boundary.tsx'
import { catalogueHeaders, sharedPage } from '#app/utils/http-cache.ts'
import { langOf } from '#app/utils/i18n.ts'
import { seoMeta } from '#app/utils/seo.ts'
import { loadCategoryPage } from '../category.server.ts'
import type { Route } from './+types/$id'

export async function loader({ params, request, context }: Route.LoaderArgs) {
  if (!/^\d+$/.test(params.id)) {
    // SPEC §5: a category id is digits only; anything else is a 404 naming the full path.
    const url = new URL(request.url)
    return data({ invalid: true as const, path: url.pathname + url.search }, { status: 404 })
  }
  return loadCategoryPage(`products/categories/${params.id}/`, { request, context, lang: langOf(params) })
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData && 'seo' in loaderData ? seoMeta(loaderData.seo) : [{ name: 'robots', content: 'noindex' }]
export const headers = catalogueHeaders
export const handle = sharedPage

export default function CategoryById({ loaderData }: Route.ComponentProps) {
  if ('invalid' in loaderData)
    return <ErrorPage status={404} detail={<MissingPath path={loaderData.path} text="errors.route_invalid" />} />
  return <CategoryPage data={loaderData} />
}

export const ErrorBoundary = RouteErrorBoundary
