import { data, Outlet, type ShouldRevalidateFunction } from 'react-router'
import { AuthDialogProvider } from '#app/components/account/auth-dialog.tsx'
import type { StoreLinks } from '#app/components/account/auth-panel.tsx'
import { Intent } from '#app/components/account/auth-types.ts'
import { BasketUiProvider } from '#app/components/basket/basket-context.tsx'
import { Footer } from '#app/components/shell/footer.tsx'
import { Header } from '#app/components/shell/header.tsx'
import { LanguageAlternates } from '#app/components/shell/language-alternates.tsx'
import { apiClientContext } from '#app/utils/api-client.server.ts'
import { getUser } from '#app/utils/auth.server.ts'
import { siteOrigin } from '#app/utils/catalogue.server.ts'
import { isLang } from '#app/utils/i18n.ts'
import { langFromCookie } from '#app/utils/locale-detection.server.ts'
import { loadShell } from '#app/utils/shell.server.ts'
import { localeCookie } from '#app/utils/visitor.server.ts'
import type { Route } from './+types/_layout'
import { loadLikedIds } from './liked.server.ts'

const noApps: StoreLinks = { ios: null, android: null }

export async function loader({ params, request, context }: Route.LoaderArgs) {
  if (!isLang(params.lang)) throw data(null, { status: 404 })
  const api = context.get(apiClientContext)
  // The badges come with the customer's token (their orders, basket and favourites).
  const [shell, user, apps] = await Promise.all([
    loadShell(api),
    getUser(context),
    // Store links of the auth dialog's promo side; the dialog works without them.
    api.get<StoreLinks>('settings/apps/').catch(() => noApps),
  ])
  // Visiting a language remembers it for the next visit to `/` (SPEC §2).
  const headers = new Headers()
  if (langFromCookie(request.headers.get('cookie')) !== params.lang)
    headers.set('Set-Cookie', localeCookie(params.lang))
  const header = user ? { full_name: user.full_name } : null
  // The pressed state of the favourite buttons (product lists carry no is_liked).
  const liked = await loadLikedIds(api, shell.badges)
  return data({ lang: params.lang, origin: siteOrigin(request), ...shell, user: header, apps, liked }, { headers })
}

// The steps of registration and reset before the last one change nothing the layout shows.
const quietIntents = new Set<unknown>([Intent.start, Intent.verify, Intent.resend, Intent.edit])
export const shouldRevalidate: ShouldRevalidateFunction = ({ formAction, formData, defaultShouldRevalidate }) => {
  const flow = formAction ? /^\/(uz|sr|ru)\/(register|reset-password)(\?|$)/.test(formAction) : false
  if (flow && quietIntents.has(formData?.get('intent'))) return false
  return defaultShouldRevalidate
}

export default function ShopLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AuthDialogProvider lang={loaderData.lang} apps={loaderData.apps}>
      <BasketUiProvider lang={loaderData.lang} liked={loaderData.liked}>
        <LanguageAlternates origin={loaderData.origin} />
        <Header shell={loaderData} lang={loaderData.lang} user={loaderData.user} />
        <Outlet />
        <Footer shell={loaderData} lang={loaderData.lang} />
      </BasketUiProvider>
    </AuthDialogProvider>
  )
}
