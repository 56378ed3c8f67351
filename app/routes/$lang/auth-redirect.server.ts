import type { RouterContextProvider } from 'react-router'
import { isAuthPath } from '#app/components/account/auth-types.ts'
import { requestLang } from '#app/utils/auth.server.ts'
import { safeRedirect } from '#app/utils/safe-redirect.ts'

/** The language and the validated `redirectTo` of a sign-in page (home when absent, foreign or itself a sign-in page). */
export function redirectTarget(request: Request, context: Readonly<RouterContextProvider>) {
  const lang = requestLang(context)
  const home = `/${lang}`
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get('redirectTo'), home)
  return { lang, redirectTo: isAuthPath(redirectTo) ? home : redirectTo }
}
