import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import { useAuthDialog } from '#app/components/account/auth-dialog.tsx'
import { authPath, isAuthPath } from '#app/components/account/auth-types.ts'
import { closeDetails, type HeaderUser, ProfileLinks } from '#app/components/account/profile-menu.tsx'
import type { Lang } from '#app/utils/i18n.ts'
import { safeRedirect } from '#app/utils/safe-redirect.ts'
import type { Shell } from '#app/utils/shell.server.ts'
import { Icon } from '../icon.tsx'
import { lockScroll } from '../scroll-lock.ts'
import { AddressLink, PhoneLinks, SocialLinks } from './contact-links.tsx'
import { LanguageSwitcher } from './language-switcher.tsx'

/**
 * The narrow-screen menu. A <details> element opens it without JavaScript;
 * with it, the page behind stops scrolling and navigation closes the menu.
 */
export function MobileMenu({ shell, lang, user }: { shell: Shell; lang: Lang; user: HeaderUser | null }) {
  const { t } = useTranslation()
  const ref = useRef<HTMLDetailsElement>(null)
  const { key, pathname, search } = useLocation()
  const dialog = useAuthDialog()
  const shownFor = useRef(key)
  const unlock = useRef<(() => void) | null>(null)
  const close = () => closeDetails(ref.current)
  // Close after a navigation, but not on hydration: the menu may already be open then.
  useEffect(() => {
    if (shownFor.current === key) return
    shownFor.current = key
    closeDetails(ref.current)
  }, [key])
  useEffect(() => () => unlock.current?.(), [])
  // The page behind stops scrolling while the menu is open (shared with the modals).
  const onToggle = () => {
    if (ref.current?.open) unlock.current ??= lockScroll()
    else {
      unlock.current?.()
      unlock.current = null
    }
  }
  const here = isAuthPath(pathname)
    ? safeRedirect(new URLSearchParams(search).get('redirectTo'), `/${lang}`)
    : `${pathname}${search}`
  return (
    <details className="mobile-menu" ref={ref} onToggle={onToggle}>
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
          {user ? (
            <ProfileLinks lang={lang} onPick={close} />
          ) : (
            <p>
              <Link
                to={authPath(lang, 'login', here)}
                onClick={(event) => {
                  if (!dialog || event.metaKey || event.ctrlKey || event.shiftKey) return
                  event.preventDefault()
                  close()
                  dialog.openAuth('login')
                }}
              >
                {t('shell.login')}
              </Link>
            </p>
          )}
        </div>
      </div>
    </details>
  )
}
