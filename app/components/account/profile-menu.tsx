import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import type { Lang } from '#app/utils/i18n.ts'
import { Icon } from '../icon.tsx'
import { useAuthDialog } from './auth-dialog.tsx'
import { authPath } from './auth-types.ts'

export function closeDetails(details: HTMLDetailsElement | null) {
  if (details) details.open = false
}

export type HeaderUser = { full_name: string }

/** The signed-in customer's links (SPEC §2): profile, my cards, settings, log out. */
export function ProfileLinks({ lang, onPick }: { lang: Lang; onPick?: () => void }) {
  const { t } = useTranslation('account')
  const dialog = useAuthDialog()
  const { pathname, search } = useLocation()
  return (
    <ul className="profile-menu__list">
      <li>
        <Link to={`/${lang}/profile`} onClick={onPick}>
          {t('menu.profile')}
        </Link>
      </li>
      <li>
        <Link to={`/${lang}/profile/cards`} onClick={onPick}>
          {t('menu.cards')}
        </Link>
      </li>
      <li>
        <Link to={`/${lang}/profile/settings`} onClick={onPick}>
          {t('menu.settings')}
        </Link>
      </li>
      <li>
        <Link
          to={authPath(lang, 'logout', `${pathname}${search}`)}
          onClick={(event) => {
            onPick?.()
            if (!dialog || event.metaKey || event.ctrlKey || event.shiftKey) return
            event.preventDefault()
            dialog.openLogout()
          }}
        >
          {t('menu.logout')}
        </Link>
      </li>
    </ul>
  )
}

/**
 * The profile dropdown of the header. A <details> opens it without
 * JavaScript; with it, Escape, a click elsewhere and navigation close it.
 */
export function ProfileMenu({ lang, user }: { lang: Lang; user: HeaderUser }) {
  const { t } = useTranslation('account')
  const ref = useRef<HTMLDetailsElement>(null)
  const { key } = useLocation()
  const close = () => closeDetails(ref.current)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location key is the signal.
  useEffect(() => closeDetails(ref.current), [key])
  useEffect(() => {
    const onPointer = (event: PointerEvent) => {
      if (ref.current?.open && !ref.current.contains(event.target as Node)) closeDetails(ref.current)
    }
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !ref.current?.open) return
      closeDetails(ref.current)
      ref.current.querySelector('summary')?.focus()
    }
    document.addEventListener('pointerdown', onPointer)
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('pointerdown', onPointer)
      document.removeEventListener('keydown', onKey)
    }
  }, [])
  const firstName = user.full_name.trim().split(/\s+/)[0] || t('menu.profile')
  return (
    <details className="profile-menu" ref={ref}>
      {/* biome-ignore lint/a11y/useSemanticElements: <summary> is what opens <details> without JavaScript; role=button names it for screen readers. */}
      <summary
        role="button"
        className="button button--small profile-menu__toggle"
        aria-label={`${t('menu.label')}: ${firstName}`}
      >
        <Icon name="user" />
        {/* The visible name is part of the accessible one (WCAG 2.5.3, label in name). */}
        <span className="profile-menu__name">{firstName}</span>
      </summary>
      <div className="profile-menu__panel">
        <ProfileLinks lang={lang} onPick={close} />
      </div>
    </details>
  )
}
