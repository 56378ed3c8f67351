import { getFormProps, useForm } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { PASSWORD_MIN_REGISTRATION } from '#app/lib/validation/limits.ts'
import { maskPhone } from '#app/lib/validation/phone-format.ts'
import { authPath, type FlowState, Intent } from './auth-types.ts'
import { CodeStep } from './code-step.tsx'
import { FormMessage, PasswordField, PhoneField, StepIndicator, TextField } from './fields.tsx'
import { FlowHiddenFields, type FlowProps, IntentButton, useFlowSubmit, ViewLink } from './flow.tsx'

/**
 * Registration in 4 steps (SPEC §4): name and phone; the SMS code; password
 * and confirmation; done. The state lives on the server (session cookie), so
 * the page and the dialog show the same step.
 */
export function RegisterFlow(props: FlowProps & { initial: FlowState }) {
  const { lang, redirectTo, dialog, initial } = props
  const submit = useFlowSubmit(dialog)
  const state = submit.data?.state ?? initial
  const action = authPath(lang, 'register', redirectTo)
  switch (state.step) {
    case 'code':
      return (
        <CodeStep
          id={dialog ? 'register-code-dialog' : 'register-code'}
          action={action}
          phone={state.phone ?? ''}
          resendIn={state.resendIn ?? 0}
          redirectTo={redirectTo}
          dialog={dialog}
          submit={submit}
        />
      )
    case 'password':
      return <PasswordStep {...props} action={action} submit={submit} />
    case 'done':
      return <DoneStep {...props} action={action} submit={submit} />
    default:
      return <StartStep {...props} state={state} action={action} submit={submit} />
  }
}

type StepProps = FlowProps & { action: string; submit: ReturnType<typeof useFlowSubmit> }

function StartStep({ lang, redirectTo, dialog, onView, state, action, submit }: StepProps & { state: FlowState }) {
  const { t } = useTranslation('account')
  const { data, busy, Form } = submit
  const [form, fields] = useForm<{ full_name: string; phone: string }>({
    id: dialog ? 'register-start-dialog' : 'register-start',
    lastResult: data?.intent === Intent.start ? data.result : undefined,
    defaultValue: { full_name: state.full_name ?? '', phone: state.phone ? maskPhone(state.phone) : '' },
    shouldValidate: 'onSubmit',
  })
  return (
    <div className="auth-step-body">
      <Form method="post" action={action} className="auth-form" {...getFormProps(form)}>
        <FormMessage toast={data?.toast} />
        <StepIndicator step={1} of={4} />
        <FlowHiddenFields redirectTo={redirectTo} dialog={dialog} />
        <input type="hidden" name="intent" value={Intent.start} />
        <TextField field={fields.full_name} label={t('fields.full_name')} autoComplete="name" autoFocus />
        <PhoneField field={fields.phone} label={t('fields.phone')} />
        <button type="submit" className="button button--block" disabled={busy}>
          {t('register.get_code')}
        </button>
      </Form>
      <p className="auth-form__switch">
        {t('register.have_account')}{' '}
        <ViewLink lang={lang} redirectTo={redirectTo} view="login" onView={onView}>
          {t('register.to_login')}
        </ViewLink>
      </p>
    </div>
  )
}

function PasswordStep({ redirectTo, dialog, action, submit }: StepProps) {
  const { t } = useTranslation('account')
  const { data, busy, Form } = submit
  const [form, fields] = useForm<{ password: string; password_confirm: string }>({
    id: dialog ? 'register-password-dialog' : 'register-password',
    lastResult: data?.intent === Intent.password ? data.result : undefined,
    shouldValidate: 'onSubmit',
  })
  const min = PASSWORD_MIN_REGISTRATION
  return (
    <div className="auth-step-body">
      <FormMessage toast={data?.toast} />
      <StepIndicator step={3} of={4} />
      <Form method="post" action={action} className="auth-form" {...getFormProps(form)}>
        <FlowHiddenFields redirectTo={redirectTo} dialog={dialog} />
        <input type="hidden" name="intent" value={Intent.password} />
        <PasswordField
          field={fields.password}
          label={t('fields.password')}
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
          {t('register.submit')}
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

function DoneStep({ redirectTo, dialog, onDone, submit }: StepProps) {
  const { t } = useTranslation('account')
  return (
    <div className="auth-step-body auth-done">
      <FormMessage toast={submit.data?.toast} />
      <StepIndicator step={4} of={4} />
      <p className="auth-done__title">{t('register.done_title')}</p>
      <p>{t('register.done_text')}</p>
      {dialog ? (
        <button type="button" className="button button--block" onClick={() => onDone?.()} data-autofocus="">
          {t('register.continue')}
        </button>
      ) : (
        <Link className="button button--block" to={redirectTo}>
          {t('register.continue')}
        </Link>
      )}
    </div>
  )
}
