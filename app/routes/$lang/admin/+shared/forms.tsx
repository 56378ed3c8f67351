import type { SubmissionResult } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { Enrolment } from '#api/types.ts'
import { LanguageSwitcher } from '#app/components/shell/language-switcher.tsx'
import type { ToastMessage } from '#app/components/toaster.tsx'
import type { Lang } from '#app/utils/i18n.ts'
import './admin.css'

/** The authenticator set-up the API gave (admin/auth/totp/). */
export type { Enrolment }

/** A password made by the API that is shown once (a new staff member's, a reset). */
export type OneTimePassword = { staff_id: number; name: string; phone: string; password: string }

/** A back-office form's answer when its action does not redirect: which form (`intent`), conform's result, a toast. */
export type FormAnswer = { intent?: string; result?: SubmissionResult<string[]>; toast?: ToastMessage }

/**
 * The frame of the pages before the back office opens (sign-in, set-up): no
 * navigation, the brand, the language switch and one card.
 */
export function AdminAuthFrame({ lang, title, children }: { lang: Lang; title: string; children: React.ReactNode }) {
  const { t } = useTranslation('admin')
  return (
    <div className="admin admin--auth">
      <meta name="robots" content="noindex" />
      <header className="admin-header admin-header--auth">
        <div className="admin-header__bar">
          <Link to={`/${lang}/admin/login`} className="admin-header__brand">
            atir<span aria-hidden="true">.</span> <span className="admin-header__title">{t('shell.title')}</span>
          </Link>
          <LanguageSwitcher lang={lang} />
        </div>
      </header>
      <main id="main" className="admin-main admin-auth">
        <section className="admin-card admin-auth__card" aria-labelledby="admin-auth-title">
          <h1 id="admin-auth-title">{title}</h1>
          {children}
        </section>
      </main>
    </div>
  )
}
