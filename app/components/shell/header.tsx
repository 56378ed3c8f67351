import { useTranslation } from 'react-i18next'
import { Link, NavLink } from 'react-router'
import { useAuthDialog } from '#app/components/account/auth-dialog.tsx'
import { authPath } from '#app/components/account/auth-types.ts'
import { ProfileMenu } from '#app/components/account/profile-menu.tsx'
import { useOptimisticBadges } from '#app/components/basket/optimistic-badges.ts'
import type { Lang } from '#app/utils/i18n.ts'
import { PersonalSlot } from '#app/utils/personal.tsx'
import type { Shell } from '#app/utils/shell.server.ts'
import { Icon, type IconName } from '../icon.tsx'
import { CategoryStrip } from './category-strip.tsx'
import { AddressLink, PhoneLinks, SocialLinks } from './contact-links.tsx'
import { useFramePersonal } from './frame-personal.tsx'
import { LanguageSwitcher } from './language-switcher.tsx'
import { MobileMenu } from './mobile-menu.tsx'
import { SearchForm } from './search-form.tsx'
import { useHere } from './use-here.ts'

/** Opens a dialog instead of following the link, when JavaScript runs and the click is a plain one. */
function instead(open: (() => void) | null) {
  if (!open) return undefined
  return (event: React.MouseEvent) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    open()
  }
}

export function Header({ shell, lang }: { shell: Shell; lang: Lang }) {
  const { t } = useTranslation()
  const frame = useFramePersonal()
  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        {t('shell.skip_to_content')}
      </a>
      <div className="top-bar">
        <div className="container top-bar__inner">
          <PhoneLinks contacts={shell.contacts} />
          <AddressLink contacts={shell.contacts} />
          <SocialLinks contacts={shell.contacts} />
          <LanguageSwitcher lang={lang} />
        </div>
      </div>
      <div className="container header-main">
        <MobileMenu shell={shell} lang={lang} />
        <Link to={`/${lang}`} className="logo" aria-label={t('shell.home')}>
          atir<span aria-hidden="true">.</span>
        </Link>
        <SearchForm lang={lang} className="header-search header-search--wide" />
        {frame ? (
          <PersonalSlot
            id="header-account"
            state={(value) => {
              const { user, badges } = value(frame.text)
              return [user, badges]
            }}
          >
            <HeaderAccount lang={lang} />
          </PersonalSlot>
        ) : (
          <HeaderAccount lang={lang} />
        )}
      </div>
      <SearchForm lang={lang} className="header-search header-search--narrow container" />
      <CategoryStrip items={shell.headerMenu} groups={shell.categoryGroups} lang={lang} />
    </header>
  )
}

/** The shopper's part of the header: their orders, basket and favourites with counts, and sign-in or their menu. */
function HeaderAccount({ lang }: { lang: Lang }) {
  const { t } = useTranslation()
  const dialog = useAuthDialog()
  const frame = useFramePersonal()
  const here = useHere(lang)
  // Basket and favourite counts move at once while their forms are on the way.
  const badges = useOptimisticBadges(frame?.value.badges ?? noBadges)
  const user = frame?.value.user ?? null
  const login = authPath(lang, 'login', here)
  const orders = `/${lang}/my-orders`
  return (
    <nav className="header-actions" aria-label={t('shell.account_nav')}>
      {/* My orders needs an account: signed out, the prompt (JavaScript) or the login page. */}
      <BadgeLink
        to={user ? orders : authPath(lang, 'login', orders)}
        icon="orders"
        label={t('shell.orders')}
        count={badges.orders_total}
        onClick={user ? undefined : instead(dialog && (() => dialog.openLoginRequired(orders)))}
      />
      <BadgeLink to={`/${lang}/basket`} icon="basket" label={t('shell.basket')} count={badges.cart_total} />
      <BadgeLink to={`/${lang}/saved`} icon="heart" label={t('shell.saved')} count={badges.favourites_total} />
      {user ? (
        <ProfileMenu lang={lang} user={user} />
      ) : (
        <Link
          to={login}
          className="button button--small header-login"
          onClick={instead(dialog && (() => dialog.openAuth('login')))}
        >
          <Icon name="user" />
          <span className="header-login__text">{t('shell.login')}</span>
        </Link>
      )}
    </nav>
  )
}

const noBadges = { orders_total: 0, cart_total: 0, favourites_total: 0 }

function BadgeLink({
  to,
  icon,
  label,
  count,
  onClick,
}: {
  to: string
  icon: IconName
  label: string
  count: number
  onClick?: (event: React.MouseEvent) => void
}) {
  const { t } = useTranslation()
  // The visible words come first, then the count, so the label (WCAG 2.5.3) reads as shown.
  return (
    <NavLink to={to} className="badge-link" aria-label={t('shell.badge_label', { label, count })} onClick={onClick}>
      <Icon name={icon} size={24} />
      <span className="badge-link__text">{label}</span>{' '}
      {count > 0 ? <span className="badge">{count > 99 ? '99+' : count}</span> : null}
    </NavLink>
  )
}
