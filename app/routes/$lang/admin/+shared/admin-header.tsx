import { useTranslation } from 'react-i18next'
import { Form, Link, NavLink } from 'react-router'
import { LanguageSwitcher } from '#app/components/shell/language-switcher.tsx'
import type { Lang } from '#app/utils/i18n.ts'
import { adminPath, type StaffMe, sectionsFor } from './staff.ts'
import './admin.css'

/** The back office's header: its sections the role may use, who is signed in, language, sign-out. */
export function AdminHeader({ lang, staff }: { lang: Lang; staff: StaffMe }) {
  const { t } = useTranslation('admin')
  return (
    <header className="admin-header">
      <a className="skip-link" href="#main">
        {t('shell.skip_to_content')}
      </a>
      <div className="admin-header__bar">
        <Link to={adminPath(lang)} className="admin-header__brand">
          atir<span aria-hidden="true">.</span> <span className="admin-header__title">{t('shell.title')}</span>
        </Link>
        <p className="admin-header__who">
          <span className="admin-header__name">{staff.name}</span>{' '}
          <span className="admin-badge">{t(`roles.${staff.role}`)}</span>
        </p>
        <Form method="post" action={`/${lang}/admin/logout`} className="admin-header__logout">
          <button type="submit" className="admin-button admin-button--quiet">
            {t('shell.sign_out')}
          </button>
        </Form>
      </div>
      <nav className="admin-nav" aria-label={t('shell.navigation')}>
        <ul>
          {sectionsFor(staff).map((section) => (
            <li key={section.id}>
              <NavLink to={adminPath(lang, section.path)} end={section.path === ''}>
                {t(`sections.${section.id}`)}
              </NavLink>
            </li>
          ))}
        </ul>
        <LanguageSwitcher lang={lang} />
      </nav>
    </header>
  )
}
