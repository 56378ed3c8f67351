import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { useFetcher } from 'react-router'
import type { StoreLinks } from '#api/types.ts'
import type { Lang } from '#app/utils/i18n.ts'
import { Modal } from '../modal.tsx'
import { AuthPanel } from './auth-panel.tsx'
import { type AuthView, authPath } from './auth-types.ts'
import { LoginForm } from './login-form.tsx'
import { RegisterFlow } from './register-flow.tsx'
import { ResetFlow } from './reset-flow.tsx'

// The dialogs of auth-dialog.tsx. A module of their own so the forms (conform,
// the phone mask) download on the first open, not with every page.

/** Login, reset and register over the current page (SPEC §2); closing it resets it to login. */
export function AuthDialog({
  open,
  view,
  lang,
  apps,
  redirectTo,
  onView,
  onClose,
  onDone,
}: {
  open: boolean
  view: AuthView
  lang: Lang
  apps: StoreLinks
  redirectTo: string
  onView: (view: AuthView) => void
  onClose: () => void
  onDone: () => void
}) {
  const { t } = useTranslation('account')
  const body = useRef<HTMLDivElement>(null)
  // A new view starts at its first field, as the dialog itself does.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `view` is the signal.
  useEffect(() => {
    if (!open) return
    body.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus()
  }, [open, view])
  const props = { lang, redirectTo, dialog: true, onView, onDone }
  const titles = { login: t('login.title'), register: t('register.title'), reset: t('reset.title') }
  return (
    <Modal open={open} onClose={onClose} title={titles[view]} wide className="auth-dialog">
      <div ref={body}>
        <AuthPanel apps={apps}>
          {view === 'login' ? (
            <LoginForm key="login" {...props} />
          ) : view === 'register' ? (
            <RegisterFlow key="register" {...props} initial={{ step: 'start' }} />
          ) : (
            <ResetFlow key="reset" {...props} initial={{ step: 'start' }} />
          )}
        </AuthPanel>
      </div>
    </Modal>
  )
}

/** "Log out?" with cancel and log out (SPEC §2); the page /{lang}/logout does the same without JavaScript. */
export function LogoutDialog({
  open,
  lang,
  redirectTo,
  onClose,
}: {
  open: boolean
  lang: Lang
  redirectTo: string
  onClose: () => void
}) {
  const { t } = useTranslation('account')
  const fetcher = useFetcher()
  return (
    <Modal open={open} onClose={onClose} title={t('logout.title')}>
      <p>{t('logout.text')}</p>
      {/* The action redirects (home from private pages); the navigation closes this dialog. */}
      <fetcher.Form method="post" action={authPath(lang, 'logout')} className="confirm-actions">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <button type="button" className="button button--ghost" onClick={onClose} data-autofocus="">
          {t('logout.cancel')}
        </button>
        <button type="submit" className="button" disabled={fetcher.state !== 'idle'}>
          {t('logout.submit')}
        </button>
      </fetcher.Form>
    </Modal>
  )
}

/** Shown when a signed-out visitor picks something that needs an account (SPEC §2, my orders). */
export function LoginRequiredDialog({
  open,
  onClose,
  onLogin,
}: {
  open: boolean
  onClose: () => void
  onLogin: () => void
}) {
  const { t } = useTranslation('account')
  return (
    <Modal open={open} onClose={onClose} title={t('login_required.title')} closeOnBackdrop>
      <p>{t('login_required.text')}</p>
      <div className="confirm-actions">
        <button type="button" className="button button--ghost" onClick={onClose}>
          {t('login_required.cancel')}
        </button>
        <button type="button" className="button" onClick={onLogin} data-autofocus="">
          {t('login_required.login')}
        </button>
      </div>
    </Modal>
  )
}
