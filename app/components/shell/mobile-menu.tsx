import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import type { Lang } from '#app/lib/i18n.ts'
import type { Shell } from '#app/lib/shell.server.ts'
import { Icon } from '../icon.tsx'
import { AddressLink, PhoneLinks, SocialLinks } from './contact-links.tsx'
import { LanguageSwitcher } from './language-switcher.tsx'

/**
 * The narrow-screen menu. A <details> element opens it without JavaScript;
 * with it, the page behind stops scrolling and navigation closes the menu.
 */
export function MobileMenu({ shell, lang }: { shell: Shell; lang: Lang }) {
  const { t } = useTranslation()
  const ref = useRef<HTMLDetailsElement>(null)
  const { key } = useLocation()
  const shownFor = useRef(key)
  // Close after a navigation, but not on hydration: the menu may already be open then.
  useEffect(() => {
    if (shownFor.current === key) return
    shownFor.current = key
    if (ref.current) ref.current.open = false
    document.documentElement.classList.remove('scroll-locked')
  }, [key])
  const lockScroll = () => document.documentElement.classList.toggle('scroll-locked', Boolean(ref.current?.open))
  return (
    <details className="mobile-menu" ref={ref} onToggle={lockScroll}>
      {/* biome-ignore lint/a11y/useSemanticElements: <summary> is what opens <details> without JavaScript; role=button names it for screen readers. */}
      <summary role="button" aria-label={t('shell.menu')}>
        <Icon name="menu" size={24} />
      </summary>
      <div className="mobile-menu__panel">
        <nav aria-label={t('shell.categories')}>
          {shell.categoryGroups.map((group) => (
            <details key={group.id} className="mobile-menu__group">
              {/* biome-ignore lint/a11y/useSemanticElements: as above, a <details> toggle. */}
              <summary role="button">{group.title}</summary>
              <ul>
                {group.children.map((category) => (
                  <li key={category.id}>
                    <Link to={`/${lang}/products/category/${category.slug}`}>{category.title}</Link>
                  </li>
                ))}
              </ul>
            </details>
          ))}
          {shell.categoryGroups.length === 0 ? (
            <ul>
              {shell.headerMenu.map((item) => (
                <li key={item.id}>
                  <Link to={`/${lang}/products?sections=${encodeURIComponent(item.slug)}`}>{item.title}</Link>
                </li>
              ))}
            </ul>
          ) : null}
        </nav>
        <div className="mobile-menu__contacts">
          <PhoneLinks contacts={shell.contacts} />
          <AddressLink contacts={shell.contacts} />
          <SocialLinks contacts={shell.contacts} />
          <LanguageSwitcher lang={lang} />
          <p>
            <Link to={`/${lang}/login`}>{t('shell.login')}</Link>
          </p>
        </div>
      </div>
    </details>
  )
}
