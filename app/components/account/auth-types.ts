import type { SubmissionResult } from '@conform-to/react'
import type { Lang } from '#app/utils/i18n.ts'
import type { ToastMessage } from '../toaster.tsx'

/** The views of the auth dialog (SPEC §2), also pages without JavaScript. */
export type AuthView = 'login' | 'register' | 'reset'

/** Steps of registration and of the password reset (SPEC §4): 1 start, 2 code, 3 password, 4 done. */
export type FlowStep = 'start' | 'code' | 'password' | 'done'
export type FlowState = {
  step: FlowStep
  /** Typed values to show again (after "edit") and the number the code went to. */
  full_name?: string
  phone?: string
  /** Seconds until a new code may be asked for. */
  resendIn?: number
}

/** What the account actions answer when they do not redirect. */
export type AuthActionData = {
  intent?: string
  result?: SubmissionResult<string[]>
  toast?: ToastMessage
  state?: FlowState
  /** The dialog's job is done (signed in, registered): it may close. */
  done?: boolean
}

/** Hidden field the dialog's forms carry: the action answers with data instead of a redirect. */
export const DIALOG_FIELD = '_dialog'

/** Values of the `intent` field of the step forms. */
export const Intent = {
  start: 'start',
  verify: 'verify',
  resend: 'resend',
  edit: 'edit',
  password: 'password',
} as const
export type Intent = (typeof Intent)[keyof typeof Intent]

const paths = { login: 'login', register: 'register', reset: 'reset-password', logout: 'logout' } as const

/** `/ru/login?redirectTo=…` and friends. */
export function authPath(lang: Lang, view: AuthView | 'logout', redirectTo?: string | null) {
  const path = `/${lang}/${paths[view]}`
  return redirectTo ? `${path}?redirectTo=${encodeURIComponent(redirectTo)}` : path
}

/** Pages a customer leaves for home when signing out (SPEC §4). */
const privatePrefixes = ['profile', 'my-orders', 'checkout']
export function isPrivatePath(path: string) {
  const rest = path.replace(/^\/(uz|sr|ru)(?=\/|$|\?)/, '').replace(/^\//, '')
  return privatePrefixes.some((prefix) => rest === prefix || new RegExp(`^${prefix}(?=[/?#])`).test(rest))
}

/** A checkout step: signing in on the way there says so (one prompt, the checkout's words). */
export function isCheckoutPath(path: string) {
  return /^\/(uz|sr|ru)\/checkout(?=[/?#]|$)/.test(path)
}

/** Sign-in pages themselves: never a useful place to come back to. */
export function isAuthPath(path: string) {
  return /^\/(uz|sr|ru)\/(login|register|reset-password|logout)(?=[/?#]|$)/.test(path)
}
