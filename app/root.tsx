import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import {
  Links,
  Meta,
  Outlet,
  ScrollRestoration,
  type ShouldRevalidateFunction,
  useMatches,
  useRouteLoaderData,
} from 'react-router'
import { DeferredScripts, wantsScriptsOnLoad } from '#app/components/deferred-scripts.tsx'
import { RouteErrorBoundary } from '#app/components/error-boundary.tsx'
import { NarrowScreenRedirect } from '#app/components/narrow-screen-redirect.tsx'
import { NavigationProgress } from '#app/components/navigation-progress.tsx'
import { NewBuildReload } from '#app/components/new-build-reload.tsx'
import { DemoBanner } from '#app/components/shell/demo-banner.tsx'
import { Toaster } from '#app/components/toaster.tsx'
import { TranslationNamespaces } from '#app/components/translation-namespaces.tsx'
import { formBodyMiddleware } from '#app/middleware/form-body.server.ts'
import { i18nextMiddleware } from '#app/middleware/i18next.ts'
import { storefrontMiddleware } from '#app/middleware/storefront.server.ts'
import { requestLang } from '#app/utils/auth.server.ts'
import { allTranslations } from '#app/utils/browser-i18n.client.ts'
import { replayEarlyInput } from '#app/utils/early-input.ts'
import { takeFlash } from '#app/utils/flash.server.ts'
import { htmlLang, isLang } from '#app/utils/i18n.ts'
import { useNonce } from '#app/utils/nonce.tsx'
import { wantsLessData } from '#app/utils/save-data.ts'
import { isDemoShop } from '#app/utils/shell.server.ts'
import type { Route } from './+types/root'
import stylesheet from './styles/shop.css?url'

export const middleware: Route.MiddlewareFunction[] = [i18nextMiddleware, storefrontMiddleware, formBodyMiddleware]
// A page reached in the browser renders only once its texts are here (app/utils/browser-i18n.client.ts).
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [
  async (_, next) => {
    await allTranslations()
    return next()
  },
]

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  // The ICO for browsers without SVG icons (sizes keeps the others on the SVG); made by `npm run icons`.
  { rel: 'icon', href: '/favicon.ico', sizes: '48x48' },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
  { rel: 'manifest', href: '/site.webmanifest' },
]

export function loader({ context, request }: Route.LoaderArgs) {
  // Flash messages (toasts) queued by the previous request; reading them clears the cookie.
  const toasts = takeFlash(context)
  return { lang: requestLang(context), toasts, demo: isDemoShop(), saveData: wantsLessData(request) }
}

// Every navigation and every form submission may have queued a toast, a refused one too; only a
// submission that says it stores nothing (a draft's live totals) and succeeded reloads nothing.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, actionStatus, defaultShouldRevalidate }) =>
  !formMethod || defaultShouldRevalidate || (actionStatus ?? 200) >= 400

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root')
  const { i18n } = useTranslation()
  const lang = data?.lang ?? (isLang(i18n.language) ? i18n.language : 'ru')
  const nonce = useNonce()
  const scriptsOnLoad = wantsScriptsOnLoad(useMatches().map((match) => match.handle))
  return (
    <html lang={htmlLang[lang]} data-lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#F62559" />
        <Meta />
        <Links />
      </head>
      <body>
        {data?.demo && <DemoBanner />}
        {children}
        <TranslationNamespaces />
        <ScrollRestoration nonce={nonce} />
        <DeferredScripts nonce={nonce} onLoad={scriptsOnLoad} saveData={data?.saveData ?? false} lang={lang} />
      </body>
    </html>
  )
}

export default function App({ loaderData: { lang, toasts } }: Route.ComponentProps) {
  const { i18n } = useTranslation()
  useEffect(() => {
    if (i18n.language !== lang) i18n.changeLanguage(lang)
  }, [lang, i18n])
  // Once the whole page is alive (controls that need JavaScript render a moment after hydration), what was
  // typed before it reaches the components.
  useEffect(() => {
    const timer = setTimeout(replayEarlyInput, 0)
    return () => clearTimeout(timer)
  }, [])
  return (
    <>
      <NavigationProgress />
      <NewBuildReload />
      <NarrowScreenRedirect />
      <Outlet />
      <Toaster toasts={toasts} />
    </>
  )
}

export const ErrorBoundary = RouteErrorBoundary
