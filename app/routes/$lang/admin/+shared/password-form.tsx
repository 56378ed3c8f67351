import { getFormProps, useForm } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { Form, useNavigation } from 'react-router'
import { FormMessage, PasswordField } from '#app/components/account/fields.tsx'
import type { FormFields } from '#app/utils/form-fields.ts'
import type { staffPasswordSchema } from '#contract/staff.ts'
import { STAFF_PASSWORD_MIN } from '#contract/staff.ts'
import type { FormAnswer } from './forms.tsx'

/** Change the own password: the current (or one-time) one, the new one twice. */
export function PasswordChangeForm({ answer, oneTime }: { answer?: FormAnswer | null; oneTime?: boolean }) {
  const { t } = useTranslation('admin')
  const busy = useNavigation().state === 'submitting'
  const [form, fields] = useForm<FormFields<typeof staffPasswordSchema>>({
    id: 'staff-password',
    lastResult: answer?.intent === 'password' ? answer.result : undefined,
    shouldValidate: 'onSubmit',
  })
  return (
    <Form method="post" className="auth-form" {...getFormProps(form)}>
      <FormMessage toast={answer?.intent === 'password' ? answer.toast : undefined} />
      <input type="hidden" name="intent" value="password" />
      <PasswordField
        field={fields.old_password}
        label={oneTime ? t('fields.one_time_password') : t('fields.old_password')}
        autoComplete="current-password"
      />
      <PasswordField
        field={fields.new_password}
        label={t('fields.new_password')}
        hint={t('password.hint', { min: STAFF_PASSWORD_MIN })}
        min={STAFF_PASSWORD_MIN}
        autoComplete="new-password"
      />
      <PasswordField field={fields.password_confirm} label={t('fields.password_confirm')} autoComplete="new-password" />
      <button type="submit" className="button" disabled={busy}>
        {t('password.submit')}
      </button>
    </Form>
  )
}
