import type { ReactNode } from 'react'
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

/** A profile page: the section links beside its content (a row of tabs on phones). */
export function ProfileShell({ lang, title, children }: { lang: Lang; title: string; children: ReactNode }) {
  const { t } = useTranslation('profile')
  return (
    <main id="main" className="container profile-layout">
      <nav className="profile-nav" aria-label={t('nav.label')}>
        <ul>
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
