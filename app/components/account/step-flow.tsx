import { type DefaultValue, type FormMetadata, getFormProps, useForm } from '@conform-to/react'
import { type ReactNode, useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import type { FormField } from '#app/utils/form-fields.ts'
import type { passwordAfterResetSchema, registrationPasswordForm } from '#contract/account.ts'
import { authPath, type FlowState, Intent } from './auth-types.ts'
import { CodeStep } from './code-step.tsx'
import { FormMessage, PasswordField, StepIndicator } from './fields.tsx'
import { FlowHiddenFields, type FlowProps, IntentButton, useFlowSubmit } from './flow.tsx'

type Fieldset<F extends Record<string, string>> = ReturnType<FormMetadata<F, string[]>['getFieldset']>

/** Step 1: what the customer types before a code is sent. */
export type StartStepSpec<F extends Record<string, string>> = {
  /** The values typed before, shown again (after "edit" or a refused step). */
  defaultValue: (state: FlowState) => DefaultValue<F>
  /** Text above the form. */
  intro?: string
  fields: (fields: Fieldset<F>) => ReactNode
  /** The submit button's text. */
  button: string
  /** Below the form: the way back to login. */
  footer: ReactNode
}

/** Step 3: the new password and its confirmation. */
export type PasswordStepSpec = {
  /** The password field of the flow's schema; `password_confirm` goes with it. */
  field: Exclude<
    FormField<typeof registrationPasswordForm> | FormField<typeof passwordAfterResetSchema>,
    'password_confirm'
  >
  label: string
  min: number
  /** The submit button's text. */
  button: string
}

/** Step 4: what is done and where to go now. */
export type DoneStepSpec = { title: string; text: string; action: ReactNode }

/**
 * The 4-step flows of SPEC §4 (registration, password reset): step 1, the
 * SMS code, a password, done. The state lives on the server (session
 * cookie), so the page and the dialog show the same step; each flow only
 * says what its steps 1, 3 and 4 show.
 */
export function StepFlow<F extends Record<string, string>>({
  view,
  start,
  password,
  done,
  ...props
}: FlowProps & {
  initial: FlowState
  view: 'register' | 'reset'
  start: StartStepSpec<F>
  password: PasswordStepSpec
  done: DoneStepSpec
}) {
  const { lang, redirectTo, dialog, initial, onDone } = props
  const submit = useFlowSubmit(dialog)
  const state = submit.data?.state ?? initial
  // Signed in (registration): the dialog closes as after login, once the page has revalidated (see LoginForm).
  const signedIn = Boolean(submit.data?.done) && !submit.busy
  useEffect(() => {
    if (signedIn) onDone?.()
  }, [signedIn, onDone])
  // Form ids (conform) per flow, step and place: the page and the dialog may both be in the document.
  const id = (step: string) => `${view}-${step}${dialog ? '-dialog' : ''}`
  const step = { redirectTo, dialog, action: authPath(lang, view, redirectTo), submit }
  switch (state.step) {
    case 'code':
      return <CodeStep {...step} id={id('code')} phone={state.phone ?? ''} resendIn={state.resendIn ?? 0} />
    case 'password':
      return <PasswordStep {...step} {...password} id={id('password')} />
    case 'done':
      return <DoneStep {...done} submit={submit} />
    default:
      return <StartStep {...step} {...start} id={id('start')} state={state} />
  }
}

type StepProps = {
  id: string
  redirectTo: string
  dialog?: boolean
  action: string
  submit: ReturnType<typeof useFlowSubmit>
}

function StartStep<F extends Record<string, string>>({
  id,
  redirectTo,
  dialog,
  action,
  submit: { data, busy, Form },
  state,
  defaultValue,
  intro,
  fields: renderFields,
  button,
  footer,
}: StepProps & StartStepSpec<F> & { state: FlowState }) {
  const [form, fields] = useForm<F>({
    id,
    lastResult: data?.intent === Intent.start ? data.result : undefined,
    defaultValue: defaultValue(state),
    shouldValidate: 'onSubmit',
  })
  return (
    <div className="auth-step-body">
      <FormMessage toast={data?.toast} />
      <StepIndicator step={1} of={4} />
      {intro ? <p>{intro}</p> : null}
      <Form method="post" action={action} className="auth-form" {...getFormProps(form)}>
        <FlowHiddenFields redirectTo={redirectTo} dialog={dialog} />
        <input type="hidden" name="intent" value={Intent.start} />
        {renderFields(fields)}
        <button type="submit" className="button button--block" disabled={busy}>
          {button}
        </button>
      </Form>
      <p className="auth-form__switch">{footer}</p>
    </div>
  )
}

function PasswordStep({
  id,
  redirectTo,
  dialog,
  action,
  submit: { data, busy, Form },
  field,
  label,
  min,
  button,
}: StepProps & PasswordStepSpec) {
  const { t } = useTranslation('account')
  const [form, fields] = useForm<Record<typeof field | FormField<typeof registrationPasswordForm>, string>>({
    id,
    lastResult: data?.intent === Intent.password ? data.result : undefined,
    shouldValidate: 'onSubmit',
  })
  return (
    <div className="auth-step-body">
      <FormMessage toast={data?.toast} />
      <StepIndicator step={3} of={4} />
      <Form method="post" action={action} className="auth-form" {...getFormProps(form)}>
        <FlowHiddenFields redirectTo={redirectTo} dialog={dialog} />
        <input type="hidden" name="intent" value={Intent.password} />
        <PasswordField
          field={fields[field]}
          label={label}
          hint={t('fields.password_hint', { min })}
          min={min}
          autoComplete="new-password"
          autoFocus
        />
        <PasswordField
          field={fields.password_confirm}
          label={t('fields.password_confirm')}
          min={min}
          autoComplete="new-password"
        />
        <button type="submit" className="button button--block" disabled={busy}>
          {button}
        </button>
      </Form>
      <div className="auth-form__row">
        <IntentButton Form={Form} action={action} intent={Intent.edit} {...{ redirectTo, dialog, busy }}>
          {t('code.edit')}
        </IntentButton>
      </div>
    </div>
  )
}

function DoneStep({ title, text, action, submit }: DoneStepSpec & { submit: ReturnType<typeof useFlowSubmit> }) {
  return (
    <div className="auth-step-body auth-done">
      <FormMessage toast={submit.data?.toast} />
      <StepIndicator step={4} of={4} />
      <p className="auth-done__title">{title}</p>
      <p>{text}</p>
      {action}
    </div>
  )
}
