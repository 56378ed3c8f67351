import { useEffect } from 'react'
import { useLocation, useNavigate } from 'react-router'

const minWidth = 320

/** SPEC §2: screens narrower than 320 px get the mobile-app page, on load and on each navigation. */
export function NarrowScreenRedirect() {
  const { pathname } = useLocation()
  const navigate = useNavigate()
  useEffect(() => {
    // The screen's width too: on a phone the page's min-width of 320 px widens the window to 320.
    if (Math.min(window.innerWidth, window.screen.width) >= minWidth) return
    const lang = pathname.split('/')[1] || 'ru'
    const target = `/${lang}/mobile`
    if (pathname !== target) navigate(target, { replace: true })
  }, [pathname, navigate])
  return null
}
