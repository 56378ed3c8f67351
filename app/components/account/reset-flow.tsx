import { useTranslation } from 'react-i18next'
import type { FormFields } from '#app/utils/form-fields.ts'
import type { phoneOnlySchema } from '#contract/account.ts'
import { PASSWORD_MIN_RESET } from '#contract/limits.ts'
import { maskPhone } from '#contract/phone-format.ts'
import type { FlowState } from './auth-types.ts'
import { PhoneField } from './fields.tsx'
import { type FlowProps, OnwardAction, ViewLink } from './flow.tsx'
import { StepFlow } from './step-flow.tsx'

/**
 * Password reset (SPEC §4): phone; the SMS code (sent on at the sixth
 * digit); new password and confirmation; done, signed in (the code proved the
 * phone, the shopper chose the password: signing in again would ask nothing new).
 */
export function ResetFlow(props: FlowProps & { initial: FlowState }) {
  const { t } = useTranslation('account')
  const { lang, redirectTo, onView } = props
  const toLogin = { lang, redirectTo, view: 'login' as const, onView }
  return (
    <StepFlow<FormFields<typeof phoneOnlySchema>>
      {...props}
      view="reset"
      start={{
        defaultValue: (state) => ({ phone: state.phone ? maskPhone(state.phone) : '' }),
        intro: t('reset.intro'),
        fields: (fields) => <PhoneField field={fields.phone} label={t('fields.phone')} autoFocus />,
        button: t('reset.get_code'),
        footer: <ViewLink {...toLogin}>{t('reset.back_to_login')}</ViewLink>,
      }}
      password={{
        field: 'new_password',
        label: t('fields.new_password'),
        min: PASSWORD_MIN_RESET,
        button: t('reset.submit'),
      }}
      done={{
        title: t('reset.done_title'),
        text: t('reset.done_text'),
        action: <OnwardAction {...props} />,
      }}
    />
  )
}
