import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useFetcher, useLocation, useNavigate } from 'react-router'
import type { Lang } from '#app/lib/i18n.ts'
import { Modal } from '../modal.tsx'
import { AuthPanel, type StoreLinks } from './auth-panel.tsx'
import { type AuthView, authPath } from './auth-types.ts'
import { LoginForm } from './login-form.tsx'
import { RegisterFlow } from './register-flow.tsx'
import { ResetFlow } from './reset-flow.tsx'

type OpenDialog =
  | { kind: 'auth'; view: AuthView; redirectTo?: string }
  | { kind: 'logout' }
  | { kind: 'login-required'; redirectTo: string }
  | null

/** Opens the shop's account dialogs (JavaScript only; every one of them is also a page). */
export type AuthDialogApi = {
  /** The auth dialog over the current page; `redirectTo` is where to go once signed in (default: stay). */
  openAuth(view?: AuthView, options?: { redirectTo?: string }): void
  /** The logout confirmation. */
  openLogout(): void
  /** "Please sign in" for something that needs an account; its login goes on to `redirectTo`. */
  openLoginRequired(redirectTo: string): void
  close(): void
}

const AuthDialogContext = createContext<AuthDialogApi | null>(null)

/**
 * The dialogs, for links that want them instead of a page. `null` outside the
 * shop layout; callers then keep their plain link. Typical use:
 * `onClick={(e) => { if (!dialog) return; e.preventDefault(); dialog.openAuth('login') }}`.
 */
export function useAuthDialog() {
  return useContext(AuthDialogContext)
}

/** Holds the auth dialog, the logout confirmation and the login-required prompt for the shop layout. */
export function AuthDialogProvider({ lang, apps, children }: { lang: Lang; apps: StoreLinks; children: ReactNode }) {
  const [dialog, setDialog] = useState<OpenDialog>(null)
  const location = useLocation()
  const navigate = useNavigate()
  const here = `${location.pathname}${location.search}`

  // Any navigation closes them (a link inside, the back button, the redirect after logout).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location key is the signal.
  useEffect(() => setDialog(null), [location.key])

  const api = useMemo<AuthDialogApi>(
    () => ({
      openAuth: (view = 'login', options = {}) => setDialog({ kind: 'auth', view, redirectTo: options.redirectTo }),
      openLogout: () => setDialog({ kind: 'logout' }),
      openLoginRequired: (redirectTo) => setDialog({ kind: 'login-required', redirectTo }),
      close: () => setDialog(null),
    }),
    [],
  )
  const close = api.close
  const auth = dialog?.kind === 'auth' ? dialog : null
  const onDone = useCallback(() => {
    setDialog(null)
    if (auth?.redirectTo && auth.redirectTo !== here) navigate(auth.redirectTo)
  }, [auth, here, navigate])

  return (
    <AuthDialogContext.Provider value={api}>
      {children}
      <AuthDialog
        open={Boolean(auth)}
        view={auth?.view ?? 'login'}
        lang={lang}
        apps={apps}
        redirectTo={auth?.redirectTo ?? here}
        onView={(view) => setDialog((current) => (current?.kind === 'auth' ? { ...current, view } : current))}
        onClose={close}
        onDone={onDone}
      />
      <LogoutDialog open={dialog?.kind === 'logout'} lang={lang} redirectTo={here} onClose={close} />
      <LoginRequiredDialog
        open={dialog?.kind === 'login-required'}
        onClose={close}
        onLogin={() =>
          setDialog((current) =>
            current?.kind === 'login-required'
              ? { kind: 'auth', view: 'login', redirectTo: current.redirectTo }
              : current,
          )
        }
      />
    </AuthDialogContext.Provider>
  )
}

/** Login, reset and register over the current page (SPEC §2); closing it resets it to login. */
function AuthDialog({
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
function LogoutDialog({
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
function LoginRequiredDialog({ open, onClose, onLogin }: { open: boolean; onClose: () => void; onLogin: () => void }) {
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
