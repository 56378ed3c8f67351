import { getFormProps, useForm } from '@conform-to/react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import type { FormFields } from '#app/utils/form-fields.ts'
import type { loginSchema } from '#contract/account.ts'
import { authPath, isCheckoutPath } from './auth-types.ts'
import { FormMessage, PasswordField, PhoneField } from './fields.tsx'
import { FlowHiddenFields, type FlowProps, useFlowSubmit, ViewLink } from './flow.tsx'

/** Sign in with phone and password (SPEC §4 "Login"). */
export function LoginForm({ lang, redirectTo, dialog, onView, onDone }: FlowProps) {
  const { t } = useTranslation('account')
  const { data, busy, Form } = useFlowSubmit(dialog)
  const [form, fields] = useForm<FormFields<typeof loginSchema>>({
    id: dialog ? 'login-dialog' : 'login',
    lastResult: data?.result,
    shouldValidate: 'onSubmit',
  })
  // Only once the page has revalidated: a navigation started while that revalidation is still in flight can
  // end with the new address over the old page's data (React Router, a route not yet discovered).
  useEffect(() => {
    if (data?.done && !busy) onDone?.()
  }, [data, busy, onDone])
  return (
    <Form method="post" action={authPath(lang, 'login', redirectTo)} className="auth-form" {...getFormProps(form)}>
      {isCheckoutPath(redirectTo) ? <p className="auth-form__lead">{t('login.for_checkout')}</p> : null}
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
