import { useEffect } from 'react'
import { useLocation, useNavigate } from 'react-router'
import type { Lang } from '#app/utils/i18n.ts'
import { mainButtonAttribute, type TelegramWebApp, telegramWebApp } from './web-app.ts'

/** Telegram's colours as CSS variables (`bg_color` → `--tg-theme-bg-color`), which telegram.css maps onto the shop's. */
function applyTheme(app: TelegramWebApp) {
  for (const [name, value] of Object.entries(app.themeParams ?? {}))
    if (value) document.documentElement.style.setProperty(`--tg-theme-${name.replaceAll('_', '-')}`, value)
}

/**
 * The shop inside Telegram: Telegram's colours, its Back button going back
 * through the shop's history (home when there is none), and its Main button
 * standing for the page's one marked control (the basket's "checkout", the
 * payment step's "pay"), pressing it. Rendered only in the Mini App.
 */
export function TelegramMiniApp({ lang }: { lang: Lang }) {
  const { pathname } = useLocation()
  const navigate = useNavigate()

  useEffect(() => {
    const app = telegramWebApp()
    if (!app) return
    const theme = () => applyTheme(app)
    theme()
    app.onEvent('themeChanged', theme)
    app.ready()
    app.expand()
    return () => app.offEvent('themeChanged', theme)
  }, [])

  useEffect(() => {
    const back = telegramWebApp()?.BackButton
    if (!back) return
    const home = pathname === `/${lang}` || pathname === `/${lang}/`
    if (home) back.hide()
    else back.show()
    // React Router numbers its history entries: 0 is where the Mini App started.
    const goBack = () => ((window.history.state?.idx ?? 0) > 0 ? navigate(-1) : navigate(`/${lang}/`))
    back.onClick(goBack)
    return () => back.offClick(goBack)
  }, [pathname, lang, navigate])

  // biome-ignore lint/correctness/useExhaustiveDependencies: each page has its own marked control.
  useEffect(() => {
    const main = telegramWebApp()?.MainButton
    if (!main) return
    let target: HTMLElement | null = null
    const press = () => target?.click()
    // The marked control may come, go or change (text, disabled) without a navigation: follow the page.
    const follow = () => {
      target = document.querySelector<HTMLElement>(`[${mainButtonAttribute}]`)
      if (!target) return main.hide()
      main.setText(target.getAttribute(mainButtonAttribute) || target.textContent?.trim() || '')
      if ((target as HTMLButtonElement).disabled) main.disable()
      else main.enable()
      main.show()
    }
    follow()
    main.onClick(press)
    const observer = new MutationObserver(follow)
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: [mainButtonAttribute, 'disabled'],
    })
    return () => {
      observer.disconnect()
      main.offClick(press)
      main.hide()
    }
  }, [pathname])

  return null
}
