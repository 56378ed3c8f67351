import { getFormProps, useForm } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { PASSWORD_MIN_RESET } from '#app/lib/validation/limits.ts'
import { maskPhone } from '#app/lib/validation/phone-format.ts'
import { authPath, type FlowState, Intent } from './auth-types.ts'
import { CodeStep } from './code-step.tsx'
import { FormMessage, PasswordField, PhoneField, StepIndicator } from './fields.tsx'
import { FlowHiddenFields, type FlowProps, IntentButton, useFlowSubmit, ViewLink } from './flow.tsx'

/**
 * Password reset in 4 steps (SPEC §4): phone; the SMS code (sent on at the
 * sixth digit); new password and confirmation; done, then login.
 */
export function ResetFlow(props: FlowProps & { initial: FlowState }) {
  const { lang, redirectTo, dialog, initial } = props
  const submit = useFlowSubmit(dialog)
  const state = submit.data?.state ?? initial
  const action = authPath(lang, 'reset', redirectTo)
  switch (state.step) {
    case 'code':
      return (
        <CodeStep
          id={dialog ? 'reset-code-dialog' : 'reset-code'}
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
  const [form, fields] = useForm<{ phone: string }>({
    id: dialog ? 'reset-start-dialog' : 'reset-start',
    lastResult: data?.intent === Intent.start ? data.result : undefined,
    defaultValue: { phone: state.phone ? maskPhone(state.phone) : '' },
    shouldValidate: 'onSubmit',
  })
  return (
    <div className="auth-step-body">
      <FormMessage toast={data?.toast} />
      <StepIndicator step={1} of={4} />
      <p>{t('reset.intro')}</p>
      <Form method="post" action={action} className="auth-form" {...getFormProps(form)}>
        <FlowHiddenFields redirectTo={redirectTo} dialog={dialog} />
        <input type="hidden" name="intent" value={Intent.start} />
        <PhoneField field={fields.phone} label={t('fields.phone')} autoFocus />
        <button type="submit" className="button button--block" disabled={busy}>
          {t('reset.get_code')}
        </button>
      </Form>
      <p className="auth-form__switch">
        <ViewLink lang={lang} redirectTo={redirectTo} view="login" onView={onView}>
          {t('reset.back_to_login')}
        </ViewLink>
      </p>
    </div>
  )
}

function PasswordStep({ redirectTo, dialog, action, submit }: StepProps) {
  const { t } = useTranslation('account')
  const { data, busy, Form } = submit
  const [form, fields] = useForm<{ new_password: string; password_confirm: string }>({
    id: dialog ? 'reset-password-dialog' : 'reset-password',
    lastResult: data?.intent === Intent.password ? data.result : undefined,
    shouldValidate: 'onSubmit',
  })
  const min = PASSWORD_MIN_RESET
  return (
    <div className="auth-step-body">
      <FormMessage toast={data?.toast} />
      <StepIndicator step={3} of={4} />
      <Form method="post" action={action} className="auth-form" {...getFormProps(form)}>
        <FlowHiddenFields redirectTo={redirectTo} dialog={dialog} />
        <input type="hidden" name="intent" value={Intent.password} />
        <PasswordField
          field={fields.new_password}
          label={t('fields.new_password')}
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
          {t('reset.submit')}
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

function DoneStep({ lang, redirectTo, onView, submit }: StepProps) {
  const { t } = useTranslation('account')
  return (
    <div className="auth-step-body auth-done">
      <FormMessage toast={submit.data?.toast} />
      <StepIndicator step={4} of={4} />
      <p className="auth-done__title">{t('reset.done_title')}</p>
      <p>{t('reset.done_text')}</p>
      <ViewLink className="button button--block" lang={lang} redirectTo={redirectTo} view="login" onView={onView}>
        {t('reset.to_login')}
      </ViewLink>
    </div>
  )
}
