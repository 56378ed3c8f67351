import { getFormProps, useForm } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { data, Form, Link, useNavigation } from 'react-router'
import { FormMessage, PhoneField, TextField } from '#app/components/account/fields.tsx'
import { requestLang } from '#app/utils/auth.server.ts'
import type { FormFields } from '#app/utils/form-fields.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { staffApi } from '#app/utils/staff-session.server.ts'
import { staffCreateSchema, staffRoles } from '#contract/staff.ts'
import { AdminErrorBoundary } from '../+shared/admin-error.tsx'
import { SelectField } from '../+shared/fields.tsx'
import type { FormAnswer } from '../+shared/forms.tsx'
import { adminPath } from '../+shared/staff.ts'
import { TableHead } from '../+shared/table-head.tsx'
import { adminFailure, apiFailure, parseForm } from '../forms.server.ts'
import { OneTimePasswordNotice } from './+shared/one-time-password.tsx'
import { StaffState } from './+shared/staff-state.tsx'
import type { Route } from './+types/index'
import { loadStaff } from './staff.server.ts'

export async function loader({ context }: Route.LoaderArgs) {
  const staff = await loadStaff(context)
  return { lang: requestLang(context), staff, title: serverT(context, 'admin')('staff.title') }
}

/** Adds a staff member; the API's one-time password is answered once, to this page only. */
export async function action({ request, context }: Route.ActionArgs) {
  const t = serverT(context, 'admin')
  const intent = 'create'
  const submission = parseForm(await request.formData(), staffCreateSchema)
  if (submission.status !== 'success') return adminFailure(submission, { intent, toast: t('errors.fill_form') })
  try {
    const created = await staffApi(context).send('POST', 'admin/staff/', submission.value)
    const { id, name, phone } = created.staff
    return data({ intent, one_time_password: { staff_id: id, name, phone, password: created.password } })
  } catch (error) {
    return apiFailure(submission, intent, error, ['phone', 'name', 'role'], t('errors.generic'))
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function AdminStaffPage({ loaderData: { lang, staff, title }, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('admin')
  const answer = actionData
  return (
    <section className="admin-page">
      <h1>{title}</h1>
      {answer && 'one_time_password' in answer ? <OneTimePasswordNotice value={answer.one_time_password} /> : null}
      <table className="admin-table">
        <TableHead
          caption={t('staff.count', { count: staff.length })}
          captionShown
          columns={[t('fields.name'), t('fields.phone'), t('fields.role'), t('staff.state')]}
        />
        <tbody>
          {staff.map((member) => (
            <tr key={member.id}>
              <td>
                <Link to={adminPath(lang, `staff/${member.id}`)}>{member.name}</Link>
              </td>
              <td data-label={t('fields.phone')}>{member.phone}</td>
              <td data-label={t('fields.role')}>{t(`roles.${member.role}`)}</td>
              <td>
                <StaffState member={member} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <CreateStaffForm answer={answer} />
    </section>
  )
}

function CreateStaffForm({ answer }: { answer?: FormAnswer }) {
  const { t } = useTranslation('admin')
  const busy = useNavigation().state === 'submitting'
  const [form, fields] = useForm<FormFields<typeof staffCreateSchema>>({
    id: 'staff-create',
    lastResult: answer?.intent === 'create' ? answer.result : undefined,
    shouldValidate: 'onSubmit',
    defaultValue: { role: 'manager' },
  })
  return (
    <section className="admin-card" aria-labelledby="staff-create-title">
      <h2 id="staff-create-title">{t('staff.create_title')}</h2>
      <Form method="post" className="auth-form" {...getFormProps(form)}>
        <FormMessage toast={answer?.intent === 'create' ? answer.toast : undefined} />
        <TextField field={fields.name} label={t('fields.name')} autoComplete="off" />
        <PhoneField field={fields.phone} label={t('fields.phone')} />
        <SelectField
          field={fields.role}
          label={t('fields.role')}
          options={staffRoles.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
        />
        <button type="submit" className="button" disabled={busy}>
          {t('staff.create')}
        </button>
      </Form>
    </section>
  )
}

export const ErrorBoundary = AdminErrorBoundary
