import { useLocation } from 'react-router'
import { isAuthPath } from '#app/components/account/auth-types.ts'
import type { Lang } from '#app/utils/i18n.ts'
import { safeRedirect } from '#app/utils/safe-redirect.ts'

/** Where sign-in comes back to: this page, or on a sign-in page that page's own redirectTo. */
export function useHere(lang: Lang) {
  const { pathname, search } = useLocation()
  return isAuthPath(pathname)
    ? safeRedirect(new URLSearchParams(search).get('redirectTo'), `/${lang}`)
    : `${pathname}${search}`
}
