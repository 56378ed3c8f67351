import { getFormProps, useForm } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { Form, Link, redirect, useNavigation } from 'react-router'
import { FormMessage, TextField } from '#app/components/account/fields.tsx'
import { requestLang } from '#app/utils/auth.server.ts'
import { flash } from '#app/utils/flash.server.ts'
import { toastMessage } from '#app/utils/forms.server.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { staffApi } from '#app/utils/staff-session.server.ts'
import { requiredText } from '#contract/account.ts'
import { staffRoles } from '#contract/staff.ts'
import { z } from '#contract/zod.ts'
import { AdminErrorBoundary } from '../+shared/admin-error.tsx'
import { SelectField } from '../+shared/fields.tsx'
import type { AdminActionData } from '../+shared/forms.tsx'
import { adminPath } from '../+shared/staff.ts'
import { adminFailure, apiError, apiFailure, parseForm } from '../forms.server.ts'
import { OneTimePasswordNotice } from './+shared/one-time-password.tsx'
import { StaffState } from './+shared/staff-state.tsx'
import type { Route } from './+types/$id'
import { loadStaffMember } from './staff.server.ts'

export async function loader({ params, context }: Route.LoaderArgs) {
  const member = await loadStaffMember(context, params.id)
  return { lang: requestLang(context), member }
}

/** The form of `PATCH admin/staff/{id}/` for name and role (contract/staff.ts's rules, both given). */
const profileForm = z.object({ name: requiredText(), role: z.enum(staffRoles) })

/**
 * One form per change: name and role, disable or enable, a new one-time
 * password (answered once, to this page), the authenticator removed. The
 * API's refusal (the last owner stays an active owner) is shown as it says.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const lang = requestLang(context)
  const t = serverT(context, 'admin')
  const member = await loadStaffMember(context, params.id)
  const formData = await request.formData()
  const intent = String(formData.get('intent') ?? '')
  const path = `admin/staff/${member.id}/` as const
  const api = staffApi(context)
  const refused = (error: unknown) => {
    const failed = apiError(error, [], t('errors.generic'))
    return Response.json({ intent, toast: toastMessage('error', failed.detail) } satisfies AdminActionData, {
      status: failed.status >= 400 && failed.status < 500 ? failed.status : 400,
    })
  }
  const done = (message: string) => {
    flash(context, { type: 'success', message })
    return redirect(adminPath(lang, `staff/${member.id}`))
  }

  if (intent === 'profile') {
    const submission = parseForm(formData, profileForm)
    if (submission.status !== 'success') return adminFailure(submission, { intent, toast: t('errors.fill_form') })
    try {
      await api.send('PATCH', path, submission.value)
    } catch (error) {
      return apiFailure(submission, intent, error, ['name', 'role'], t('errors.generic'))
    }
    return done(t('staff.saved'))
  }
  try {
    if (intent === 'disable' || intent === 'enable') {
      await api.send('PATCH', path, { disabled: intent === 'disable' })
      return done(t(intent === 'disable' ? 'staff.disabled_done' : 'staff.enabled_done'))
    }
    if (intent === 'reset_password') {
      const reset = await api.send('POST', `${path}reset-password/`)
      const { id, name, phone } = reset.staff
      return {
        intent,
        one_time_password: { staff_id: id, name, phone, password: reset.password },
      } satisfies AdminActionData
    }
    if (intent === 'reset_second_factor') {
      await api.send('POST', `${path}reset-second-factor/`)
      return done(t('staff.second_factor_reset_done'))
    }
  } catch (error) {
    return refused(error)
  }
  return Response.json({ intent, toast: toastMessage('error', t('errors.generic')) } satisfies AdminActionData, {
    status: 400,
  })
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.member.name }]

export default function AdminStaffMemberPage({ loaderData: { lang, member }, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('admin')
  const answer = actionData as AdminActionData | undefined
  const busy = useNavigation().state === 'submitting'
  const [form, fields] = useForm<{ name: string; role: string }>({
    id: `staff-${member.id}`,
    lastResult: answer?.intent === 'profile' ? answer.result : undefined,
    shouldValidate: 'onSubmit',
    defaultValue: { name: member.name, role: member.role },
  })
  return (
    <section className="admin-page">
      <p>
        <Link to={adminPath(lang, 'staff')}>← {t('sections.staff')}</Link>
      </p>
      <div className="admin-page__head">
        <h1>{member.name}</h1>
        <StaffState member={member} />
      </div>
      {answer?.intent !== 'profile' ? <FormMessage toast={answer?.toast} /> : null}
      {answer?.one_time_password ? <OneTimePasswordNotice value={answer.one_time_password} /> : null}
      <div className="admin-card">
        <dl className="admin-facts">
          <dt>{t('fields.phone')}</dt>
          <dd>{member.phone}</dd>
        </dl>
        <Form method="post" className="auth-form" {...getFormProps(form)}>
          <FormMessage toast={answer?.intent === 'profile' ? answer.toast : undefined} />
          <input type="hidden" name="intent" value="profile" />
          <TextField field={fields.name} label={t('fields.name')} autoComplete="off" />
          <SelectField
            field={fields.role}
            label={t('fields.role')}
            options={staffRoles.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
          />
          <button type="submit" className="button" disabled={busy}>
            {t('staff.save')}
          </button>
        </Form>
      </div>
      <section className="admin-card admin-actions" aria-label={t('staff.actions')}>
        <Form method="post">
          <button
            type="submit"
            name="intent"
            value={member.disabled ? 'enable' : 'disable'}
            className={member.disabled ? 'admin-button' : 'admin-button admin-button--danger'}
            disabled={busy}
          >
            {member.disabled ? t('staff.enable') : t('staff.disable')}
          </button>
        </Form>
        <Form method="post">
          <button type="submit" name="intent" value="reset_password" className="admin-button" disabled={busy}>
            {t('staff.reset_password')}
          </button>
        </Form>
        {member.second_factor_enabled ? (
          <Form method="post">
            <button type="submit" name="intent" value="reset_second_factor" className="admin-button" disabled={busy}>
              {t('staff.reset_second_factor')}
            </button>
          </Form>
        ) : null}
      </section>
    </section>
  )
}

export const ErrorBoundary = AdminErrorBoundary
