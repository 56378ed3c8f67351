import { data, isRouteErrorResponse, Outlet, type ShouldRevalidateFunction, useRouteError } from 'react-router'
import type { StoreLinks } from '#api/types.ts'
import { AuthDialogProvider } from '#app/components/account/auth-dialog.tsx'
import { Intent } from '#app/components/account/auth-types.ts'
import { ErrorPage, MissingPath, RouteErrorBoundary } from '#app/components/error-boundary.tsx'
import { Footer } from '#app/components/shell/footer.tsx'
import { FramePersonalProvider } from '#app/components/shell/frame-personal.tsx'
import { Header } from '#app/components/shell/header.tsx'
import { LanguageAlternates } from '#app/components/shell/language-alternates.tsx'
import { apiClientContext } from '#app/utils/api-client.server.ts'
import { requestLang } from '#app/utils/auth.server.ts'
import { siteOrigin } from '#app/utils/catalogue.server.ts'
import { isLang, type Lang } from '#app/utils/i18n.ts'
import { languageCookieFor } from '#app/utils/locale-detection.server.ts'
import { personalText } from '#app/utils/personal.server.ts'
import { loadShell } from '#app/utils/shell.server.ts'
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
  const cookie = languageCookieFor(request.headers.get('cookie'), params.lang)
  return data(frame, { headers: cookie ? { 'Set-Cookie': cookie } : {} })
}

/** What the header, footer and auth dialog around every page show. */
async function loadFrame(lang: Lang, request: Request, context: Route.LoaderArgs['context']) {
  const api = context.get(apiClientContext)
  const [shell, apps, personal] = await Promise.all([
    loadShell(api),
    // Store links of the auth dialog's promo side; the dialog works without them.
    api.get('settings/apps/').catch(() => noApps),
    // The shopper's name, counts, basket and favourites: the shopper's own, filled in by the page cache.
    personalText({ request, context }, 'frame', {}),
  ])
  return { lang, origin: siteOrigin(request), ...shell, apps, personal }
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
      <FramePersonalProvider lang={frame.lang} text={frame.personal}>
        <LanguageAlternates origin={frame.origin} />
        <Header shell={frame} lang={frame.lang} />
        {children}
        <Footer shell={frame} lang={frame.lang} />
      </FramePersonalProvider>
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
