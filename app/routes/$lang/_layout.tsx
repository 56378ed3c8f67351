import { data, isRouteErrorResponse, Outlet, type ShouldRevalidateFunction, useRouteError } from 'react-router'
import type { StoreLinks } from '#api/types.ts'
import { AuthDialogProvider } from '#app/components/account/auth-dialog.tsx'
import { Intent } from '#app/components/account/auth-types.ts'
import { BasketUiProvider } from '#app/components/basket/basket-context.tsx'
import { ErrorPage, MissingPath, RouteErrorBoundary } from '#app/components/error-boundary.tsx'
import { Footer } from '#app/components/shell/footer.tsx'
import { Header } from '#app/components/shell/header.tsx'
import { LanguageAlternates } from '#app/components/shell/language-alternates.tsx'
import { apiClientContext } from '#app/utils/api-client.server.ts'
import { getUser, requestLang } from '#app/utils/auth.server.ts'
import { siteOrigin } from '#app/utils/catalogue.server.ts'
import { isLang, type Lang } from '#app/utils/i18n.ts'
import { langFromCookie } from '#app/utils/locale-detection.server.ts'
import { loadShell } from '#app/utils/shell.server.ts'
import { localeCookie } from '#app/utils/visitor.server.ts'
import type { Route } from './+types/_layout'

const noApps: StoreLinks = { ios: null, android: null }

export async function loader({ params, request, context }: Route.LoaderArgs) {
  if (!isLang(params.lang)) {
    // An unknown language prefix (/en, /xx/yy): the 404 page in the visitor's language, in the shop's shell.
    const frame = await loadFrame(requestLang(context), request, context)
    throw data({ ...frame, missingPath: new URL(request.url).pathname }, { status: 404 })
  }
  const frame = await loadFrame(params.lang, request, context)
  // Visiting a language remembers it for the next visit to `/` (SPEC §2).
  const headers = new Headers()
  if (langFromCookie(request.headers.get('cookie')) !== params.lang)
    headers.set('Set-Cookie', localeCookie(params.lang))
  return data(frame, { headers })
}

/** What the header, footer and auth dialog around every page show. */
async function loadFrame(lang: Lang, request: Request, context: Route.LoaderArgs['context']) {
  const api = context.get(apiClientContext)
  // The badges come with the customer's token (their orders, basket and favourites).
  const [shell, user, apps] = await Promise.all([
    loadShell(api),
    getUser(context),
    // Store links of the auth dialog's promo side; the dialog works without them.
    api.get('settings/apps/').catch(() => noApps),
  ])
  const header = user ? { full_name: user.full_name } : null
  // The pressed state of the favourite buttons and what is in the basket (product lists carry neither).
  const { basket = [], favourite_ids: liked = [], ...badges } = shell.badges
  const inBasket = basket.map((line): [number, number] => [line.product_id, line.quantity])
  return { lang, origin: siteOrigin(request), ...shell, badges, user: header, apps, liked, inBasket }
}

type Frame = Awaited<ReturnType<typeof loadFrame>>

// Error pages under a language (this layout's own 404 too) are not for search engines.
export const meta: Route.MetaFunction = ({ error }) => (error ? [{ name: 'robots', content: 'noindex' }] : [])

// The steps of registration and reset before the last one change nothing the layout shows.
const quietIntents = new Set<unknown>([Intent.start, Intent.verify, Intent.resend, Intent.edit])
export const shouldRevalidate: ShouldRevalidateFunction = ({ formAction, formData, defaultShouldRevalidate }) => {
  const flow = formAction ? /^\/(uz|sr|ru)\/(register|reset-password)(\?|$)/.test(formAction) : false
  if (flow && quietIntents.has(formData?.get('intent'))) return false
  return defaultShouldRevalidate
}

export default function ShopLayout({ loaderData }: Route.ComponentProps) {
  return (
    <ShopFrame frame={loaderData}>
      <Outlet />
    </ShopFrame>
  )
}

function ShopFrame({ frame, children }: { frame: Frame; children: React.ReactNode }) {
  return (
    <AuthDialogProvider lang={frame.lang} apps={frame.apps}>
      <BasketUiProvider lang={frame.lang} liked={frame.liked} inBasket={frame.inBasket}>
        <LanguageAlternates origin={frame.origin} />
        <Header shell={frame} lang={frame.lang} user={frame.user} />
        {children}
        <Footer shell={frame} lang={frame.lang} />
      </BasketUiProvider>
    </AuthDialogProvider>
  )
}

export function ErrorBoundary() {
  const error = useRouteError()
  const missing =
    isRouteErrorResponse(error) && error.data?.missingPath ? (error.data as Frame & { missingPath: string }) : null
  if (!missing) return <RouteErrorBoundary />
  return (
    <ShopFrame frame={missing}>
      <ErrorPage status={404} detail={<MissingPath path={missing.missingPath} />} />
    </ShopFrame>
  )
}
