import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react'
import { useLocation, useNavigate } from 'react-router'
import type { StoreLinks } from '#api/types.ts'
import type { Lang } from '#app/utils/i18n.ts'
import type { AuthView } from './auth-types.ts'

// The dialogs and their forms are downloaded when one first opens: they only
// ever open with JavaScript, after a click, and most visitors never open one.
const dialogs = () => import('./auth-dialogs.tsx')
const AuthDialog = lazy(() => dialogs().then((module) => ({ default: module.AuthDialog })))
const LogoutDialog = lazy(() => dialogs().then((module) => ({ default: module.LogoutDialog })))
const LoginRequiredDialog = lazy(() => dialogs().then((module) => ({ default: module.LoginRequiredDialog })))

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
      {/* Only the open one is mounted; until its code arrives nothing shows (the click waits). */}
      <Suspense fallback={null}>
        {auth ? (
          <AuthDialog
            open
            view={auth.view}
            lang={lang}
            apps={apps}
            redirectTo={auth.redirectTo ?? here}
            onView={(view) => setDialog((current) => (current?.kind === 'auth' ? { ...current, view } : current))}
            onClose={close}
            onDone={onDone}
          />
        ) : dialog?.kind === 'logout' ? (
          <LogoutDialog open lang={lang} redirectTo={here} onClose={close} />
        ) : dialog?.kind === 'login-required' ? (
          <LoginRequiredDialog
            open
            onClose={close}
            onLogin={() =>
              setDialog((current) =>
                current?.kind === 'login-required'
                  ? { kind: 'auth', view: 'login', redirectTo: current.redirectTo }
                  : current,
              )
            }
          />
        ) : null}
      </Suspense>
    </AuthDialogContext.Provider>
  )
}
