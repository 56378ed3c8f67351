import { getFormProps, useForm } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { Form, redirect, useNavigation } from 'react-router'
import { FormMessage, PasswordField } from '#app/components/account/fields.tsx'
import { RouteErrorBoundary } from '#app/components/error-boundary.tsx'
import { ProfileShell } from '#app/components/profile/profile-shell.tsx'
import { apiClientContext } from '#app/utils/api-client.server.ts'
import { requestLang } from '#app/utils/auth.server.ts'
import { flash } from '#app/utils/flash.server.ts'
import type { FormFields } from '#app/utils/form-fields.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { passwordChangeSchema } from '#contract/account.ts'
import { PASSWORD_MIN_RESET } from '#contract/limits.ts'
import { apiError, formFailure, parseForm } from '../forms.server.ts'
import type { Route } from './+types/change-password'

export async function loader({ context }: Route.LoaderArgs) {
  return { lang: requestLang(context), title: serverT(context, 'profile')('change_password.title') }
}

/** Current password (missing or wrong: the API's message), a new one of at least 6, the same twice (SPEC §5). */
export async function action({ request, context }: Route.ActionArgs) {
  const t = serverT(context, 'profile')
  const submission = parseForm(await request.formData(), passwordChangeSchema)
  if (submission.status !== 'success') {
    const mismatch = submission.error?.password_confirm?.includes('passwords_mismatch')
    return formFailure(submission, { toast: t(mismatch ? 'toast.passwords_mismatch' : 'toast.fill_form') })
  }
  try {
    await context.get(apiClientContext).send('PUT', 'account/password-change/', submission.value)
  } catch (error) {
    const failed = apiError(error, ['old_password', 'new_password', 'password_confirm'], t('toast.generic'))
    return formFailure(submission, { toast: failed.firstError, status: failed.status, fieldErrors: failed.fieldErrors })
  }
  flash(context, { type: 'success', message: t('change_password.done') })
  return redirect(`/${requestLang(context)}/profile/settings`)
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: 'robots', content: 'noindex' },
]

export default function ChangePasswordPage({ loaderData: { lang, title }, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('profile')
  const answer = actionData
  const busy = useNavigation().state === 'submitting'
  const [form, fields] = useForm<FormFields<typeof passwordChangeSchema>>({
    id: 'change-password',
    lastResult: answer?.result,
    shouldValidate: 'onSubmit',
  })
  return (
    <ProfileShell lang={lang} title={title}>
      <Form method="post" className="profile-form" {...getFormProps(form)}>
        <FormMessage toast={answer?.toast} />
        <PasswordField field={fields.old_password} label={t('fields.old_password')} autoComplete="current-password" />
        <PasswordField
          field={fields.new_password}
          label={t('fields.new_password')}
          hint={t('change_password.hint', { min: PASSWORD_MIN_RESET })}
          min={PASSWORD_MIN_RESET}
          autoComplete="new-password"
        />
        <PasswordField
          field={fields.password_confirm}
          label={t('fields.password_confirm')}
          autoComplete="new-password"
        />
        <button type="submit" className="button" disabled={busy}>
          {t('change_password.submit')}
        </button>
      </Form>
    </ProfileShell>
  )
}

export const ErrorBoundary = RouteErrorBoundary
