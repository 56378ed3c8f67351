import { data } from 'react-router'
import { CategoryPage } from '#app/components/catalogue/category-page.tsx'
import { RouteErrorBoundary } from '#app/components/error-boundary.tsx'
import { catalogueHeaders, sharedPage } from '#app/utils/http-cache.ts'
import { langOf } from '#app/utils/i18n.ts'
import { seoMeta } from '#app/utils/seo.ts'
import { loadCategoryPage } from '../category.server.ts'
import type { Route } from './+types/$slug'

export async function loader({ params, request, context }: Route.LoaderArgs) {
  if (!/^[a-z0-9][a-z0-9-]{0,99}$/.test(params.slug)) throw data(null, { status: 404 })
  return loadCategoryPage(`products/category/${params.slug}/`, {
    request,
    context,
    lang: langOf(params),
    slug: params.slug,
  })
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo)
export const headers = catalogueHeaders
export const handle = sharedPage

export default function CategoryBySlug({ loaderData }: Route.ComponentProps) {
  return <CategoryPage data={loaderData} />
}

export const ErrorBoundary = RouteErrorBoundary
