import { type ReactNode, useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { NavLink } from 'react-router'
import type { Lang } from '#app/utils/i18n.ts'

const sections = ['', '/edit', '/cards', '/balance', '/telegram', '/settings', '/help', '/instruction'] as const
const labels = {
  '': 'nav.overview',
  '/edit': 'nav.edit',
  '/cards': 'nav.cards',
  '/balance': 'nav.balance',
  '/telegram': 'nav.telegram',
  '/settings': 'nav.settings',
  '/help': 'nav.help',
  '/instruction': 'nav.instruction',
} as const satisfies Record<(typeof sections)[number], string>

/**
 * A profile page: the section links beside its content (a row of tabs on phones, the current one scrolled
 * into sight: by the stylesheet's scroll-initial-target where the browser knows it, else here).
 */
export function ProfileShell({ lang, title, children }: { lang: Lang; title: string; children: ReactNode }) {
  const { t } = useTranslation('profile')
  const row = useRef<HTMLUListElement>(null)
  // Each profile page renders its own shell: this runs once per section opened.
  useEffect(() => {
    const list = row.current
    const current = list?.querySelector<HTMLElement>('[aria-current="page"]')
    if (!list || !current || list.scrollWidth <= list.clientWidth) return
    // Only the row scrolls (scrollIntoView would move the page too), the tab in its middle where it can be.
    const left = current.offsetLeft - list.offsetLeft - (list.clientWidth - current.offsetWidth) / 2
    list.scrollTo({ left: Math.max(0, left) })
  }, [])
  return (
    <main id="main" className="container profile-layout">
      <nav className="profile-nav" aria-label={t('nav.label')}>
        <ul ref={row}>
          {sections.map((section) => (
            <li key={section}>
              <NavLink to={`/${lang}/profile${section}`} end={section === ''}>
                {t(labels[section])}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div>
        <h1>{title}</h1>
        {children}
      </div>
    </main>
  )
}
