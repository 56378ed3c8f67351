import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import type { Lang } from '#app/utils/i18n.ts'
import type { Shell } from '#app/utils/shell.server.ts'
import { AddressLink, PhoneLinks, SocialLinks } from './contact-links.tsx'

export function Footer({ shell, lang }: { shell: Shell; lang: Lang }) {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section aria-labelledby="footer-shop">
          <h2 id="footer-shop">{t('shell.footer.shop')}</h2>
          <ul>
            {shell.footer.map((item) => (
              <li key={item.id}>
                <Link to={`/${lang}/pages/${item.slug}`}>{item.title}</Link>
              </li>
            ))}
            <li>
              <Link to={`/${lang}/brands`}>{t('shell.footer.brands')}</Link>
            </li>
            <li>
              <Link to={`/${lang}/mobile`}>{t('shell.footer.apps')}</Link>
            </li>
            <li>
              <Link to={`/${lang}/feedback`}>{t('shell.footer.feedback')}</Link>
            </li>
            <li>
              <Link to={`/${lang}/bug-report?from=${encodeURIComponent(pathname)}`} rel="nofollow">
                {t('shell.footer.bug_report')}
              </Link>
            </li>
          </ul>
        </section>
        <section aria-labelledby="footer-contacts">
          <h2 id="footer-contacts">{t('shell.footer.contacts')}</h2>
          <PhoneLinks contacts={shell.contacts} />
          <AddressLink contacts={shell.contacts} />
          <SocialLinks contacts={shell.contacts} />
        </section>
      </div>
      <p className="container site-footer__legal">{t('shell.footer.copyright', { year: new Date().getFullYear() })}</p>
    </footer>
  )
}
