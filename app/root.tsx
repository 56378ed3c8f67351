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
import { TelegramMiniApp } from '#app/components/telegram/mini-app.tsx'
import { telegramScript } from '#app/components/telegram/web-app.ts'
import { Toaster } from '#app/components/toaster.tsx'
import { TranslationNamespaces } from '#app/components/translation-namespaces.tsx'
import { formBodyMiddleware } from '#app/middleware/form-body.server.ts'
import { i18nextMiddleware } from '#app/middleware/i18next.ts'
import { storefrontMiddleware } from '#app/middleware/storefront.server.ts'
import { requestLang } from '#app/utils/auth.server.ts'
import { allTranslations } from '#app/utils/browser-i18n.client.ts'
import { replayEarlyInput } from '#app/utils/early-input.ts'
import { htmlLang, isLang } from '#app/utils/i18n.ts'
import { useNonce } from '#app/utils/nonce.tsx'
import { oneVisitorId } from '#app/utils/one-visitor.ts'
import { personalText } from '#app/utils/personal.server.ts'
import { wantsLessData } from '#app/utils/save-data.ts'
import { isDemoShop } from '#app/utils/shell.server.ts'
import { isMiniApp, MINI_APP_PATH } from '#app/utils/telegram-mini-app.server.ts'
import type { Route } from './+types/root'
import stylesheet from './styles/shop.css?url'

export const middleware: Route.MiddlewareFunction[] = [i18nextMiddleware, storefrontMiddleware, formBodyMiddleware]
// A page reached in the browser renders only once its texts are here (app/utils/browser-i18n.client.ts).
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [
  async (_, next) => {
    await allTranslations()
    return next()
  },
  oneVisitorId,
]

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  // The ICO for browsers without SVG icons (sizes keeps the others on the SVG); made by `npm run icons`.
  { rel: 'icon', href: '/favicon.ico', sizes: '48x48' },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
  { rel: 'manifest', href: '/site.webmanifest' },
]

export async function loader({ context, request }: Route.LoaderArgs) {
  // Flash messages (toasts) queued by the previous request, the shopper's own; reading them clears the cookie.
  const toasts = await personalText({ request, context }, 'toasts', {})
  // The Mini App's own address too: Telegram's script reads the launch parameters from its hash and keeps them.
  const telegram = (await isMiniApp(request)) || new URL(request.url).pathname === MINI_APP_PATH
  return { lang: requestLang(context), toasts, demo: isDemoShop(), saveData: wantsLessData(request), telegram }
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
  const telegram = data?.telegram === true
  const handles = useMatches().map((match) => match.handle)
  // Inside Telegram its buttons need the page alive at once, not at the shopper's first touch.
  const scriptsOnLoad = telegram || wantsScriptsOnLoad(handles)
  return (
    <html lang={htmlLang[lang]} data-lang={lang} data-telegram={telegram ? '' : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#F62559" />
        {/* Only inside the Mini App; where Telegram asks for it, before the page's own scripts. */}
        {telegram && <script src={telegramScript} nonce={nonce} />}
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

export default function App({ loaderData: { lang, toasts, telegram } }: Route.ComponentProps) {
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
      {telegram && <TelegramMiniApp lang={lang} />}
    </>
  )
}

export const ErrorBoundary = RouteErrorBoundary
