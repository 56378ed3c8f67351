import { getFormProps, useForm } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { FormMessage, TextField } from '#app/components/account/fields.tsx'
import { requestLang } from '#app/utils/auth.server.ts'
import { flash } from '#app/utils/flash.server.ts'
import type { FormFields } from '#app/utils/form-fields.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { staffApi } from '#app/utils/staff-session.server.ts'
import { requiredText } from '#contract/account.ts'
import { staffRoles } from '#contract/staff.ts'
import { z } from '#contract/zod.ts'
import { AdminErrorBoundary } from '../+shared/admin-error.tsx'
import { SelectField } from '../+shared/fields.tsx'
import { adminPath } from '../+shared/staff.ts'
import { adminFailure, apiFailure, byIntent, parseForm, refusedAnswer } from '../forms.server.ts'
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
  const path = `admin/staff/${member.id}/` as const
  const api = staffApi(context)
  const done = (message: string) => {
    flash(context, { type: 'success', message })
    return redirect(adminPath(lang, `staff/${member.id}`))
  }
  /** A change without fields: done, or the API's refusal (the last owner stays an active owner) above the forms. */
  const change = async <const I extends string>(intent: I, run: () => Promise<string>) => {
    try {
      return done(await run())
    } catch (error) {
      return refusedAnswer(intent, error)
    }
  }
  return byIntent(await request.formData(), {
    profile: async (form) => {
      const submission = parseForm(form, profileForm)
      if (submission.status !== 'success')
        return adminFailure(submission, { intent: 'profile', toast: t('errors.fill_form') })
      try {
        await api.send('PATCH', path, submission.value)
      } catch (error) {
        return apiFailure(submission, 'profile', error, ['name', 'role'], t('errors.generic'))
      }
      return done(t('staff.saved'))
    },
    disable: () =>
      change('disable', async () => {
        await api.send('PATCH', path, { disabled: true })
        return t('staff.disabled_done')
      }),
    enable: () =>
      change('enable', async () => {
        await api.send('PATCH', path, { disabled: false })
        return t('staff.enabled_done')
      }),
    reset_second_factor: () =>
      change('reset_second_factor', async () => {
        await api.send('POST', `${path}reset-second-factor/`)
        return t('staff.second_factor_reset_done')
      }),
    // The new one-time password is answered once, to this page only.
    reset_password: async () => {
      try {
        const reset = await api.send('POST', `${path}reset-password/`)
        const { id, name, phone } = reset.staff
        return data({
          intent: 'reset_password' as const,
          one_time_password: { staff_id: id, name, phone, password: reset.password },
        })
      } catch (error) {
        return refusedAnswer('reset_password', error)
      }
    },
  })
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.member.name }]

export default function AdminStaffMemberPage({ loaderData: { lang, member }, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('admin')
  const answer = actionData
  const busy = useNavigation().state === 'submitting'
  const [form, fields] = useForm<FormFields<typeof profileForm>>({
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
      {answer && answer.intent !== 'profile' && 'toast' in answer ? <FormMessage toast={answer.toast} /> : null}
      {answer && 'one_time_password' in answer ? <OneTimePasswordNotice value={answer.one_time_password} /> : null}
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
