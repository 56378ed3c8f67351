import { type ReactNode, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Form, Link, useActionData, useFetcher, useNavigation } from 'react-router'
import type { action as loginAction } from '#app/routes/$lang/login.tsx'
import type { action as registerAction } from '#app/routes/$lang/register.tsx'
import type { action as resetAction } from '#app/routes/$lang/reset-password.tsx'
import type { Lang } from '#app/utils/i18n.ts'
import { useHydrated } from '../toaster.tsx'
import { type AuthView, authPath, DIALOG_FIELD, Intent, isCheckoutPath } from './auth-types.ts'

/** What every form of the auth flows gets from the page or the dialog around it. */
export type FlowProps = {
  lang: Lang
  /** Where to go back to after signing in (a same-origin path). */
  redirectTo: string
  /** Inside the auth dialog (JavaScript): fetchers, no navigation. */
  dialog?: boolean
  /** Dialog only: switch to another view instead of following the link. */
  onView?: (view: AuthView) => void
  /** Dialog only: the flow is finished (signed in); the dialog may close. */
  onDone?: () => void
}

/** The actions the flows post to: their answers are what the forms show. */
type FlowAction = typeof loginAction | typeof registerAction | typeof resetAction

/**
 * The form component, the last answer and the busy flag for one flow: in the
 * dialog a fetcher posts to the page's action; on the page a normal form
 * does (post/redirect/get, also without JavaScript).
 */
export function useFlowSubmit(dialog?: boolean) {
  const fetcher = useFetcher<FlowAction>()
  const actionData = useActionData<FlowAction>()
  const navigation = useNavigation()
  return {
    data: dialog ? fetcher.data : actionData,
    busy: dialog ? fetcher.state !== 'idle' : navigation.state === 'submitting',
    Form: (dialog ? fetcher.Form : Form) as typeof Form,
  }
}

/** The hidden fields every flow form carries. */
export function FlowHiddenFields({ redirectTo, dialog }: { redirectTo: string; dialog?: boolean }) {
  return (
    <>
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {dialog ? <input type="hidden" name={DIALOG_FIELD} value="1" /> : null}
    </>
  )
}

/** A link to another auth view: a page without JavaScript, a view switch in the dialog. */
export function ViewLink({
  lang,
  redirectTo,
  view,
  onView,
  className,
  children,
}: {
  lang: Lang
  redirectTo: string
  view: AuthView
  onView?: (view: AuthView) => void
  className?: string
  children: ReactNode
}) {
  return (
    <Link
      className={className ?? 'auth-link'}
      to={authPath(lang, view, redirectTo)}
      onClick={
        onView
          ? (event) => {
              event.preventDefault()
              onView(view)
            }
          : undefined
      }
    >
      {children}
    </Link>
  )
}

/** Seconds left of a countdown that (re)starts whenever `seconds` or `restart` change. */
function useCountdown(seconds: number, restart: unknown) {
  const [left, setLeft] = useState(seconds)
  // biome-ignore lint/correctness/useExhaustiveDependencies: `restart` is the signal to count again.
  useEffect(() => {
    setLeft(seconds)
    if (seconds <= 0) return
    const started = Date.now()
    const timer = setInterval(() => {
      const now = Math.max(0, seconds - Math.floor((Date.now() - started) / 1000))
      setLeft(now)
      if (now === 0) clearInterval(timer)
    }, 1000)
    return () => clearInterval(timer)
  }, [seconds, restart])
  return left
}

type FormComponent = ReturnType<typeof useFlowSubmit>['Form']

/** A one-button form for a step intent (resend, edit): its own form, so Enter in a field never triggers it. */
export function IntentButton({
  Form: FormComponent,
  action,
  intent,
  redirectTo,
  dialog,
  busy,
  children,
}: {
  Form: FormComponent
  action: string
  intent: Intent
  redirectTo: string
  dialog?: boolean
  busy: boolean
  children: ReactNode
}) {
  return (
    <FormComponent method="post" action={action} className="intent-form">
      <FlowHiddenFields redirectTo={redirectTo} dialog={dialog} />
      <input type="hidden" name="intent" value={intent} />
      <button type="submit" className="button-link" disabled={busy}>
        {children}
      </button>
    </FormComponent>
  )
}

/**
 * "Send the code again": with JavaScript it appears when the 60 s countdown
 * ends; without, the button is always there and the API refuses an early
 * request with the seconds still to wait.
 */
export function ResendControl({
  resendIn,
  restart,
  ...form
}: { resendIn: number; restart: unknown } & Omit<Parameters<typeof IntentButton>[0], 'intent' | 'children'>) {
  const { t } = useTranslation('account')
  const hydrated = useHydrated()
  const left = useCountdown(resendIn, restart)
  const waiting = hydrated ? left : resendIn
  return (
    <div className="resend">
      {waiting > 0 ? (
        <p className="field__hint" aria-live="off">
          {t('code.resend_in', { seconds: waiting })}
        </p>
      ) : null}
      {!hydrated || left <= 0 ? (
        <IntentButton {...form} intent={Intent.resend}>
          {t('code.resend')}
        </IntentButton>
      ) : null}
    </div>
  )
}

/**
 * The last button of a flow that ends signed in: on to the checkout the shopper came from, or back to the
 * shop (the dialog closes, the page links back).
 */
export function OnwardAction({ redirectTo, dialog, onDone }: Pick<FlowProps, 'redirectTo' | 'dialog' | 'onDone'>) {
  const { t } = useTranslation('account')
  const onward = t(isCheckoutPath(redirectTo) ? 'register.to_checkout' : 'register.continue')
  return dialog ? (
    <button type="button" className="button button--block" onClick={() => onDone?.()} data-autofocus="">
      {onward}
    </button>
  ) : (
    <Link className="button button--block" to={redirectTo}>
      {onward}
    </Link>
  )
}
