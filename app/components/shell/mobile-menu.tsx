import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useAuthDialog } from '#app/components/account/auth-dialog.tsx'
import { authPath } from '#app/components/account/auth-types.ts'
import { ProfileLinks } from '#app/components/account/profile-menu.tsx'
import type { Lang } from '#app/utils/i18n.ts'
import { PersonalSlot } from '#app/utils/personal.tsx'
import type { Shell } from '#app/utils/shell.server.ts'
import { useNavigationEffect } from '#app/utils/use-navigation-effect.ts'
import { Icon } from '../icon.tsx'
import { lockScroll } from '../scroll-lock.ts'
import { AddressLink, PhoneLinks, SocialLinks } from './contact-links.tsx'
import { useFramePersonal } from './frame-personal.tsx'
import { LanguageSwitcher } from './language-switcher.tsx'
import { useHere } from './use-here.ts'

const panelId = 'site-menu'

/**
 * The narrow-screen menu: a drawer on the popover API, so its open and close
 * buttons work without JavaScript (Escape and a tap beside it close it too);
 * with it, the page behind stops scrolling and navigation closes the drawer.
 */
export function MobileMenu({ shell, lang }: { shell: Shell; lang: Lang }) {
  const { t } = useTranslation()
  const ref = useRef<HTMLDivElement>(null)
  const frame = useFramePersonal()
  const close = () => ref.current?.hidePopover()
  useNavigationEffect(() => {
    if (ref.current?.matches(':popover-open')) ref.current.hidePopover()
  })
  useScrollLockWhileOpen(ref)
  return (
    <div className="mobile-menu">
      <button type="button" className="mobile-menu__open" popoverTarget={panelId} aria-label={t('shell.menu')}>
        <Icon name="menu" size={24} />
      </button>
      <div
        id={panelId}
        ref={ref}
        popover="auto"
        className="mobile-menu__panel"
        role="dialog"
        aria-labelledby={`${panelId}-title`}
      >
        <div className="mobile-menu__head">
          <h2 id={`${panelId}-title`}>{t('shell.menu')}</h2>
          <button
            type="button"
            className="mobile-menu__close"
            popoverTarget={panelId}
            popoverTargetAction="hide"
            aria-label={t('shell.close_menu')}
          >
            <Icon name="close" size={24} />
          </button>
        </div>
        <LanguageSwitcher lang={lang} segmented />
        <nav aria-label={t('shell.categories')} className="mobile-menu__nav">
          {shell.categoryGroups.map((group) => (
            <details key={group.id ?? 'other'} className="mobile-menu__group">
              {/* biome-ignore lint/a11y/useSemanticElements: <summary> is what opens <details> without JavaScript; role=button names it for screen readers. */}
              <summary role="button">
                {group.title}
                <Icon name="chevron-down" size={20} />
              </summary>
              <ul>
                {group.children.map((category) => (
                  <li key={category.id}>
                    <Link to={`/${lang}/products/category/${category.slug}`}>{category.title}</Link>
                  </li>
                ))}
              </ul>
            </details>
          ))}
          {/* The header's sections only stand in when there are no groups: they repeat the groups' categories. */}
          {shell.categoryGroups.length === 0 ? (
            <ul className="mobile-menu__sections">
              {shell.headerMenu.map((item) => (
                <li key={item.id}>
                  <Link to={`/${lang}/products?sections=${encodeURIComponent(item.slug)}`}>{item.title}</Link>
                </li>
              ))}
            </ul>
          ) : null}
        </nav>
        <MenuLinks lang={lang} close={close} />
        {frame ? (
          <PersonalSlot id="menu-account" state={(value) => value(frame.text).user}>
            <MenuAccount lang={lang} onPick={close} />
          </PersonalSlot>
        ) : (
          <MenuAccount lang={lang} onPick={close} />
        )}
        <div className="mobile-menu__contacts">
          <PhoneLinks contacts={shell.contacts} />
          <AddressLink contacts={shell.contacts} />
          <SocialLinks contacts={shell.contacts} />
        </div>
      </div>
    </div>
  )
}

/** What the header's icons and the footer offer, in words: a phone shows the icons alone. */
function MenuLinks({ lang, close }: { lang: Lang; close: () => void }) {
  const { t } = useTranslation()
  const dialog = useAuthDialog()
  // The same link for everyone (the page is shared by all shoppers): my-orders sends a visitor to sign in.
  const signedIn = Boolean(useFramePersonal()?.value.user)
  const orders = `/${lang}/my-orders`
  return (
    <ul className="mobile-menu__links">
      <li>
        <Link
          to={orders}
          onClick={(event) => {
            // A visitor signs in first, in the dialog (with JavaScript), then sees the orders.
            if (signedIn || !dialog || event.metaKey || event.ctrlKey || event.shiftKey) return
            event.preventDefault()
            close()
            dialog.openLoginRequired(orders)
          }}
        >
          {t('shell.orders')}
        </Link>
      </li>
      <li>
        <Link to={`/${lang}/saved`}>{t('shell.saved')}</Link>
      </li>
      <li>
        <Link to={`/${lang}/brands`}>{t('shell.footer.brands')}</Link>
      </li>
      <li>
        <Link to={`/${lang}/pages/help`}>{t('shell.help')}</Link>
      </li>
    </ul>
  )
}

/** The shopper's part of the menu: their profile's links, or sign-in. */
function MenuAccount({ lang, onPick }: { lang: Lang; onPick: () => void }) {
  const { t } = useTranslation()
  const dialog = useAuthDialog()
  const user = useFramePersonal()?.value.user
  const here = useHere(lang)
  return (
    <div className="mobile-menu__account">
      {user ? (
        <ProfileLinks lang={lang} onPick={onPick} />
      ) : (
        <Link
          to={authPath(lang, 'login', here)}
          className="button mobile-menu__login"
          onClick={(event) => {
            if (!dialog || event.metaKey || event.ctrlKey || event.shiftKey) return
            event.preventDefault()
            onPick()
            dialog.openAuth('login')
          }}
        >
          {t('shell.login')}
        </Link>
      )}
    </div>
  )
}

/** The page behind stops scrolling while the drawer is open (shared with the modals). */
function useScrollLockWhileOpen(ref: React.RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const panel = ref.current
    if (!panel) return
    // A drawer opened before the scripts came (the tap that loaded them) locks the page now.
    let unlock: (() => void) | null = panel.matches(':popover-open') ? lockScroll() : null
    const onToggle = (event: Event) => {
      if ((event as ToggleEvent).newState === 'open') unlock ??= lockScroll()
      else {
        unlock?.()
        unlock = null
      }
    }
    panel.addEventListener('toggle', onToggle)
    return () => {
      panel.removeEventListener('toggle', onToggle)
      unlock?.()
    }
  }, [ref])
}
