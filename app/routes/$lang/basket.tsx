import { useTranslation } from 'react-i18next'
import { data, useFetcher } from 'react-router'
import { useAnswerToast } from '#app/components/basket/answer-toast.ts'
import { useBasketUi } from '#app/components/basket/basket-context.tsx'
import { BasketLine } from '#app/components/basket/basket-line.tsx'
import { BasketSummary } from '#app/components/basket/basket-summary.tsx'
import { EmptyList } from '#app/components/basket/empty-list.tsx'
import { FormContext } from '#app/components/basket/form-context.tsx'
import { BasketIntent, basketPath, replayedWhenAlive } from '#app/components/basket/intents.ts'
import { wantedQuantity } from '#app/components/basket/optimistic-badges.ts'
import { RouteErrorBoundary } from '#app/components/error-boundary.tsx'
import { apiClientContext } from '#app/utils/api-client.server.ts'
import { getUser } from '#app/utils/auth.server.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { langOf } from '#app/utils/i18n.ts'
import { z } from '#contract/zod.ts'
import type { Route } from './+types/basket'
import { productFormAction } from './basket-actions.server.ts'

const personal = { 'Cache-Control': 'private, no-store' }

export async function loader({ params, context }: Route.LoaderArgs) {
  const api = context.get(apiClientContext)
  const [cart, user] = await Promise.all([api.get('orders/cart/products/'), getUser(context)])
  const t = serverT(context, 'basket')
  return data(
    {
      lang: langOf(params),
      cart,
      signedIn: Boolean(user),
      title: t('page.meta_title'),
      description: t('page.meta_description'),
    },
    { headers: personal },
  )
}

export const headers = () => personal

/** A typed quantity: up to four digits (the form's − / + step is added to it: wantedQuantity). */
const quantityForm = z.object({
  quantity: z
    .string()
    .trim()
    .regex(/^\d{1,4}$/),
})

/** Every basket change, from the basket page and from the product buttons (intent field). */
export const action = ({ request, params, context }: Route.ActionArgs) =>
  productFormAction({ request, context }, `/${params.lang}/basket`, {
    [BasketIntent.add]: async ({ productId, api, t }) => {
      if (!productId) return null
      // The button shows only while the product is not in the basket: pressed twice, it adds once.
      await api.change('POST', 'orders/cart/products/', { product_id: productId, quantity: 1, if_absent: true })
      return { message: t('toast.added'), link: { href: basketPath(langOf(params)), label: t('toast.to_basket') } }
    },
    [BasketIntent.set]: async ({ productId, formData, api, t }) => {
      if (!productId || !quantityForm.safeParse(Object.fromEntries(formData)).success) return null
      await api.change('PUT', `orders/cart/products/${productId}/`, { quantity: wantedQuantity(formData) })
      return t('toast.updated')
    },
    [BasketIntent.remove]: async ({ productId, api, t }) => {
      if (!productId) return null
      await api.change('DELETE', `orders/cart/products/${productId}/`)
      return t('toast.removed')
    },
    [BasketIntent.clear]: async ({ api, t }) => {
      await api.change('DELETE', 'orders/cart/products/')
      return t('toast.cleared')
    },
    [BasketIntent.acceptPrices]: async ({ api, t }) => {
      await api.change('POST', 'orders/cart/accept-prices/')
      return t('toast.prices_accepted')
    },
  })

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: 'description', content: loaderData?.description },
  { name: 'robots', content: 'noindex' },
]

export default function BasketPage({ loaderData: { lang, cart, signedIn } }: Route.ComponentProps) {
  const { t } = useTranslation('basket')
  const ui = useBasketUi()
  const clearFetcher = useFetcher({ key: 'basket-clear' })
  const acceptFetcher = useFetcher({ key: 'basket-accept-prices' })
  useAnswerToast(clearFetcher)
  useAnswerToast(acceptFetcher)
  const cleared = Boolean(clearFetcher.formData)
  const lines = cleared ? [] : cart.products
  const here = ui?.here ?? basketPath(lang)
  const hydrated = ui?.hydrated ?? false
  return (
    <main id="main" className="container basket-page">
      <h1 className="basket-page__title">{t('page.title')}</h1>
      {lines.length === 0 ? (
        <EmptyList lang={lang} title={t('page.empty')} text={t('page.empty_text')} />
      ) : (
        <div className="basket-layout">
          <div className="basket-layout__lines">
            {cart.price_changed && !acceptFetcher.formData ? (
              <div className="basket-notice basket-notice--info basket-notice--block" role="note">
                <p>{t('page.prices_changed')}</p>
                <acceptFetcher.Form method="post" action={basketPath(lang)} {...replayedWhenAlive}>
                  <FormContext here={here} hydrated={hydrated} />
                  <button
                    type="submit"
                    name="intent"
                    value={BasketIntent.acceptPrices}
                    className="button button--small"
                  >
                    {t('page.accept_prices')}
                  </button>
                </acceptFetcher.Form>
              </div>
            ) : null}
            {cart.products.some((line) => line.unavailable || line.exceeds_stock) ? (
              <p className="basket-notice basket-notice--error basket-notice--block" role="note">
                {t('page.fix_lines')}
              </p>
            ) : null}
            <ul className="basket-lines" aria-label={t('page.lines')}>
              {lines.map((line) => (
                <BasketLine key={line.product.id} line={line} />
              ))}
            </ul>
            <clearFetcher.Form method="post" action={basketPath(lang)} className="basket-clear" {...replayedWhenAlive}>
              <FormContext here={here} hydrated={hydrated} />
              <input type="hidden" name="current" value={cart.total_items} />
              <button type="submit" name="intent" value={BasketIntent.clear} className="button-link">
                {t('page.clear')}
              </button>
            </clearFetcher.Form>
          </div>
          <BasketSummary cart={cart} signedIn={signedIn} />
        </div>
      )}
    </main>
  )
}

export const ErrorBoundary = RouteErrorBoundary
