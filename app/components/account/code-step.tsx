import { getFormProps, useForm } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import type { FormFields } from '#app/utils/form-fields.ts'
import type { codeForm } from '#contract/account.ts'
import { formatPhone } from '#contract/phone-format.ts'
import { type AuthActionData, Intent } from './auth-types.ts'
import { CodeField, FormMessage, StepIndicator } from './fields.tsx'
import { FlowHiddenFields, IntentButton, ResendControl, type useFlowSubmit } from './flow.tsx'

/** Step 2 of registration and reset: the SMS code, resend after the countdown, and "edit" back to step 1. */
export function CodeStep({
  id,
  action,
  phone,
  resendIn,
  redirectTo,
  dialog,
  submit: { data, busy, Form },
}: {
  id: string
  action: string
  phone: string
  resendIn: number
  redirectTo: string
  dialog?: boolean
  submit: ReturnType<typeof useFlowSubmit>
}) {
  const { t } = useTranslation('account')
  const mine = (answer: AuthActionData | undefined) =>
    answer?.intent === Intent.verify || answer?.intent === Intent.resend ? answer.result : undefined
  const [form, fields] = useForm<FormFields<typeof codeForm>>({
    id,
    lastResult: mine(data),
    shouldValidate: 'onSubmit',
  })
  const common = { Form, action, redirectTo, dialog, busy }
  return (
    <div className="auth-step-body">
      <FormMessage toast={data?.toast} />
      <StepIndicator step={2} of={4} />
      <p>{t('code.sent_to', { phone: formatPhone(phone) })}</p>
      <Form method="post" action={action} className="auth-form" {...getFormProps(form)}>
        <FlowHiddenFields redirectTo={redirectTo} dialog={dialog} />
        <input type="hidden" name="intent" value={Intent.verify} />
        <CodeField field={fields.code} label={t('code.label')} hint={t('code.hint')} autoFocus />
        <button type="submit" className="button button--block" disabled={busy}>
          {t('code.submit')}
        </button>
      </Form>
      <div className="auth-form__row">
        {/* A new answer (a code sent again) restarts the countdown. */}
        <ResendControl {...common} resendIn={resendIn} restart={data} />
        <IntentButton {...common} intent={Intent.edit}>
          {t('code.edit')}
        </IntentButton>
      </div>
    </div>
  )
}
