import { useTranslation } from 'react-i18next'
import type { FormFields } from '#app/utils/form-fields.ts'
import type { registrationStartForm } from '#contract/account.ts'
import { PASSWORD_MIN_REGISTRATION } from '#contract/limits.ts'
import { maskPhone } from '#contract/phone-format.ts'
import type { FlowState } from './auth-types.ts'
import { PhoneField, TextField } from './fields.tsx'
import { type FlowProps, OnwardAction, ViewLink } from './flow.tsx'
import { StepFlow } from './step-flow.tsx'

/** Registration (SPEC §4): name and phone; the SMS code; password and confirmation; done, signed in. */
export function RegisterFlow(props: FlowProps & { initial: FlowState }) {
  const { t } = useTranslation('account')
  const { lang, redirectTo, onView } = props
  return (
    <StepFlow<FormFields<typeof registrationStartForm>>
      {...props}
      view="register"
      start={{
        defaultValue: (state) => ({
          full_name: state.full_name ?? '',
          phone: state.phone ? maskPhone(state.phone) : '',
        }),
        fields: (fields) => (
          <>
            <TextField field={fields.full_name} label={t('fields.full_name')} autoComplete="name" autoFocus />
            <PhoneField field={fields.phone} label={t('fields.phone')} />
          </>
        ),
        button: t('register.get_code'),
        footer: (
          <>
            {t('register.have_account')}{' '}
            <ViewLink lang={lang} redirectTo={redirectTo} view="login" onView={onView}>
              {t('register.to_login')}
            </ViewLink>
          </>
        ),
      }}
      password={{
        field: 'password',
        label: t('fields.password'),
        min: PASSWORD_MIN_REGISTRATION,
        button: t('register.submit'),
      }}
      done={{
        title: t('register.done_title'),
        text: t('register.done_text'),
        action: <OnwardAction {...props} />,
      }}
    />
  )
}
