import { useTranslation } from 'react-i18next'
import { data, redirect } from 'react-router'
import { EmptyList } from '#app/components/basket/empty-list.tsx'
import { SavedIntent } from '#app/components/basket/intents.ts'
import { Pagination } from '#app/components/catalogue/pagination.tsx'
import { ProductGrid } from '#app/components/catalogue/product-card.tsx'
import { toCardView } from '#app/components/catalogue/views.ts'
import { RouteErrorBoundary } from '#app/components/error-boundary.tsx'
import { apiClientContext } from '#app/utils/api-client.server.ts'
import { isApiError } from '#app/utils/api-errors.server.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { langOf } from '#app/utils/i18n.ts'
import type { Route } from './+types/saved'
import { productFormAction } from './basket-actions.server.ts'

/** SPEC §9: favourites 12 a page. */
const PAGE_SIZE = 12
const personal = { 'Cache-Control': 'private, no-store' }

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const lang = langOf(params)
  const raw = new URL(request.url).searchParams.get('page') ?? '1'
  const page = /^\d{1,4}$/.test(raw) ? Math.max(1, Number(raw)) : 1
  const api = context.get(apiClientContext)
  const found = await api.get('products/likes/', { page, size: PAGE_SIZE }).catch((error: unknown) => {
    // The last favourite of the last page was just removed: back to the first page.
    if (isApiError(error, 404) && page > 1) throw redirect(`/${lang}/saved`)
    throw error
  })
  return data(
    {
      lang,
      page: found.current_page,
      totalPages: found.total_pages,
      total: found.total,
      products: found.results.map(toCardView),
      title: serverT(context, 'basket')('saved.meta_title'),
    },
    { headers: personal },
  )
}

export const headers = () => personal

/** Favourite and un-favourite, from every product card and the product page. */
export const action = ({ request, params, context }: Route.ActionArgs) =>
  productFormAction({ request, context }, `/${params.lang}/saved`, {
    [SavedIntent.like]: async ({ productId, api, t }) => {
      if (!productId) return null
      await api.send('POST', 'products/likes/', { product_id: productId })
      return t('toast.liked')
    },
    [SavedIntent.unlike]: async ({ productId, api, t }) => {
      if (!productId) return null
      await api.send('DELETE', `products/likes/${productId}/`)
      return t('toast.unliked')
    },
  })

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: 'robots', content: 'noindex' },
]

export default function SavedPage({ loaderData: { lang, page, totalPages, products } }: Route.ComponentProps) {
  const { t } = useTranslation('basket')
  return (
    <main id="main" className="container saved-page">
      <h1 className="basket-page__title">{t('saved.title')}</h1>
      {products.length === 0 ? (
        <EmptyList lang={lang} title={t('saved.empty')} text={t('saved.empty_text')} />
      ) : (
        <>
          <ProductGrid products={products} lang={lang} level={2} label={t('saved.title')} />
          <Pagination
            page={page}
            totalPages={totalPages}
            href={(p) => (p > 1 ? `/${lang}/saved?page=${p}` : `/${lang}/saved`)}
          />
        </>
      )}
    </main>
  )
}

export const ErrorBoundary = RouteErrorBoundary
