import { data, Outlet } from 'react-router'
import { Footer } from '#app/components/shell/footer.tsx'
import { Header } from '#app/components/shell/header.tsx'
import { LanguageAlternates } from '#app/components/shell/language-alternates.tsx'
import { apiClientContext } from '#app/lib/api.server.ts'
import { isLang } from '#app/lib/i18n.ts'
import { langFromCookie } from '#app/lib/locale-detection.server.ts'
import { loadShell } from '#app/lib/shell.server.ts'
import { localeCookie } from '#app/lib/visitor.server.ts'
import type { Route } from './+types/shop-layout'

export async function loader({ params, request, context }: Route.LoaderArgs) {
  if (!isLang(params.lang)) throw data(null, { status: 404 })
  const shell = await loadShell(context.get(apiClientContext))
  // Visiting a language remembers it for the next visit to `/` (SPEC §2).
  const headers = new Headers()
  if (langFromCookie(request.headers.get('cookie')) !== params.lang)
    headers.set('Set-Cookie', localeCookie(params.lang))
  return data({ lang: params.lang, origin: new URL(request.url).origin, ...shell }, { headers })
}

export default function ShopLayout({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <LanguageAlternates origin={loaderData.origin} />
      <Header shell={loaderData} lang={loaderData.lang} />
      <Outlet />
      <Footer shell={loaderData} lang={loaderData.lang} />
    </>
  )
}
