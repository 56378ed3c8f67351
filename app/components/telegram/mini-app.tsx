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
    // What Telegram was last told; it is told again only when that changes, not at every change of the page
    // (each call is a message to Telegram's app). Where its buttons are drawn in the page itself (the specs'
    // stand-in), telling it changes the page: told at every change, the page froze on its first marked control.
    let told: string | undefined
    // The marked control may come, go or change (text, disabled) without a navigation: follow the page.
    const follow = () => {
      target = document.querySelector<HTMLElement>(`[${mainButtonAttribute}]`)
      const state = target && {
        text: target.getAttribute(mainButtonAttribute) || target.textContent?.trim() || '',
        enabled: !(target as HTMLButtonElement).disabled,
      }
      const now = JSON.stringify(state)
      if (now === told) return
      told = now
      if (!state) return main.hide()
      main.setText(state.text)
      if (state.enabled) main.enable()
      else main.disable()
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
