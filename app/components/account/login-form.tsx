import { getFormProps, useForm } from '@conform-to/react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { authPath } from './auth-types.ts'
import { FormMessage, PasswordField, PhoneField } from './fields.tsx'
import { FlowHiddenFields, type FlowProps, useFlowSubmit, ViewLink } from './flow.tsx'

/** Sign in with phone and password (SPEC §4 "Login"). */
export function LoginForm({ lang, redirectTo, dialog, onView, onDone }: FlowProps) {
  const { t } = useTranslation('account')
  const { data, busy, Form } = useFlowSubmit(dialog)
  const [form, fields] = useForm<{ phone: string; password: string }>({
    id: dialog ? 'login-dialog' : 'login',
    lastResult: data?.result,
    shouldValidate: 'onSubmit',
  })
  useEffect(() => {
    if (data?.done) onDone?.()
  }, [data, onDone])
  return (
    <Form method="post" action={authPath(lang, 'login', redirectTo)} className="auth-form" {...getFormProps(form)}>
      <FormMessage toast={data?.toast} />
      <FlowHiddenFields redirectTo={redirectTo} dialog={dialog} />
      <PhoneField field={fields.phone} label={t('fields.phone')} autoFocus />
      <PasswordField field={fields.password} label={t('fields.password')} autoComplete="current-password" />
      <p className="auth-form__aside">
        <ViewLink lang={lang} redirectTo={redirectTo} view="reset" onView={onView}>
          {t('login.forgot')}
        </ViewLink>
      </p>
      <button type="submit" className="button button--block" disabled={busy}>
        {t('login.submit')}
      </button>
      <p className="auth-form__switch">
        {t('login.no_account')}{' '}
        <ViewLink lang={lang} redirectTo={redirectTo} view="register" onView={onView}>
          {t('login.to_register')}
        </ViewLink>
      </p>
    </Form>
  )
}
