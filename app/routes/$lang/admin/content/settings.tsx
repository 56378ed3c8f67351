import { getFormProps, useForm } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { Form, Link, redirect, useNavigation } from 'react-router'
import { FormMessage } from '#app/components/account/fields.tsx'
import { isApiError } from '#app/utils/api-errors.server.ts'
import { requestLang } from '#app/utils/auth.server.ts'
import { flash } from '#app/utils/flash.server.ts'
import type { FormFields } from '#app/utils/form-fields.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { staffApi } from '#app/utils/staff-session.server.ts'
import { PICKUP_POINTS_MAX } from '#contract/limits.ts'
import { z } from '#contract/zod.ts'
import { AdminErrorBoundary } from '../+shared/admin-error.tsx'
import { adminPath } from '../+shared/staff.ts'
import { adminFailure, apiError, apiFailure, byIntent, parseForm, staffLoad } from '../forms.server.ts'
import { ContentInput, LocalizedInputs } from './+shared/fields.tsx'
import { PickupPointsForm } from './+shared/pickup-points-form.tsx'
import type { Route } from './+types/settings'
import { localizedForm } from './content.server.ts'
import './+shared/content.css'

export async function loader({ context }: Route.LoaderArgs) {
  const apps = await staffLoad(context, 'admin/content/apps/')
  const contacts = await staffApi(context)
    .get('admin/content/contacts/')
    .catch(() => null)
  return { lang: requestLang(context), apps, contacts, title: serverT(context, 'admin-content')('settings.title') }
}

const optional = z.string().trim().max(500).default('')
const contactsForm = z.object({
  phone: z.string().trim().max(40),
  phone2: optional,
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  address: localizedForm,
  facebook: optional,
  instagram: optional,
  telegram: optional,
  email: optional,
})
const appsForm = z.object({ ios: optional, android: optional })
const pointForm = z.object({
  id: z.string().trim().max(40).optional(),
  remove: z.string().optional(),
  name: localizedForm,
  address: localizedForm,
  hours: optional,
  latitude: z.number().min(-90).max(90).optional(),
  longitude: z.number().min(-180).max(180).optional(),
})
const pointsForm = z.object({ points: z.array(pointForm).default([]) })
type PointRow = z.infer<typeof pointForm>

/** A row that says nothing: the empty "new point" row left as it was. */
const isBlank = (p: PointRow) =>
  !p.id &&
  !p.hours &&
  p.latitude === undefined &&
  p.longitude === undefined &&
  ![...Object.values(p.name), ...Object.values(p.address)].some(Boolean)

/** The API's `pickup_points.{k}.field` is the form's `points[{row}].field` (removed and blank rows skipped). */
function pointFieldErrors(error: unknown, rows: number[], generic: string) {
  const failed = apiError(error, [], generic)
  for (const e of isApiError(error) ? (error.body.errors ?? []) : []) {
    const found = /^pickup_points\.(\d+)\.(.+)$/.exec(e.field)
    const row = found ? rows[Number(found[1])] : undefined
    if (found && row !== undefined) failed.fieldErrors[`points[${row}].${found[2]}`] = [e.message]
  }
  return failed
}
const contactFields = ['phone', 'phone2', 'latitude', 'longitude', 'address.uz', 'address.sr', 'address.ru']
const linkFields = ['facebook', 'instagram', 'telegram', 'email', 'ios', 'android']

/** Three forms: the contacts, the pickup points, and the store links (an empty one shows "soon" in the shop). */
export async function action({ request, context }: Route.ActionArgs) {
  const t = serverT(context, 'admin-content')
  const saved = () => {
    flash(context, { type: 'success', message: t('saved') })
    return redirect(adminPath(requestLang(context), 'content/settings'))
  }
  return byIntent(await request.formData(), {
    points: (form) => savePoints(context, form),
    contacts: async (form) => {
      const submission = parseForm(form, contactsForm)
      if (submission.status !== 'success')
        return adminFailure(submission, { intent: 'contacts', toast: t('fill_form') })
      const value = submission.value
      try {
        // The points are edited in their own form: saving the contacts keeps them.
        const current = await currentContacts(context)
        await staffApi(context).send('PUT', 'admin/content/contacts/', {
          ...value,
          email: value.email || null,
          pickup_points: current?.pickup_points ?? [],
        })
      } catch (error) {
        return apiFailure(submission, 'contacts', error, [...contactFields, ...linkFields], t('failed'))
      }
      return saved()
    },
    apps: async (form) => {
      const submission = parseForm(form, appsForm)
      if (submission.status !== 'success') return adminFailure(submission, { intent: 'apps', toast: t('fill_form') })
      const { ios, android } = submission.value
      try {
        await staffApi(context).send('PUT', 'admin/content/apps/', { ios: ios || null, android: android || null })
      } catch (error) {
        return apiFailure(submission, 'apps', error, [...contactFields, ...linkFields], t('failed'))
      }
      return saved()
    },
  })
}

const currentContacts = (context: Route.ActionArgs['context']) =>
  staffApi(context)
    .get('admin/content/contacts/')
    .catch(() => null)

/** The pickup points form: every kept row (removed and blank ones left out) replaces the list. */
async function savePoints(context: Route.ActionArgs['context'], formData: FormData) {
  const t = serverT(context, 'admin-content')
  const submission = parseForm(formData, pointsForm)
  if (submission.status !== 'success') return adminFailure(submission, { intent: 'points', toast: t('fill_form') })
  const current = await currentContacts(context)
  if (!current) return adminFailure(submission, { intent: 'points', toast: t('points.contacts_first') })
  const rows: number[] = []
  const kept = submission.value.points.filter((p, i) => {
    const keep = p.remove !== 'on' && !isBlank(p)
    if (keep) rows.push(i)
    return keep
  })
  const pickup_points = kept.map(({ remove: _, id, ...p }) => ({ ...p, ...(id ? { id } : {}) }))
  try {
    await staffApi(context).send('PUT', 'admin/content/contacts/', { ...current, pickup_points })
  } catch (error) {
    const failed = pointFieldErrors(error, rows, t('failed'))
    return adminFailure(submission, {
      intent: 'points',
      toast: failed.firstError,
      status: failed.status,
      fieldErrors: failed.fieldErrors,
    })
  }
  flash(context, { type: 'success', message: t('saved') })
  return redirect(adminPath(requestLang(context), 'content/settings'))
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function AdminContentSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { lang, apps, contacts, title } = loaderData
  const { t } = useTranslation('admin-content')
  const answer = actionData
  const busy = useNavigation().state === 'submitting'
  const [contactsFormMeta, c] = useForm<FormFields<typeof contactsForm>>({
    id: 'contacts',
    lastResult: answer?.intent === 'contacts' ? answer.result : undefined,
    shouldValidate: 'onSubmit',
    defaultValue: contacts
      ? { ...contacts, latitude: String(contacts.latitude), longitude: String(contacts.longitude) }
      : undefined,
  })
  const [appsFormMeta, a] = useForm<FormFields<typeof appsForm>>({
    id: 'apps',
    lastResult: answer?.intent === 'apps' ? answer.result : undefined,
    shouldValidate: 'onSubmit',
    defaultValue: { ios: apps.ios ?? '', android: apps.android ?? '' },
  })
  return (
    <section className="admin-page">
      <p>
        <Link to={adminPath(lang, 'content')}>← {t('title')}</Link>
      </p>
      <h1>{title}</h1>
      <section className="admin-card" aria-labelledby="contacts-title">
        <h2 id="contacts-title">{t('settings.contacts')}</h2>
        <Form method="post" className="content-form" {...getFormProps(contactsFormMeta)}>
          <FormMessage toast={answer?.intent === 'contacts' ? answer.toast : undefined} />
          <input type="hidden" name="intent" value="contacts" />
          <div className="content-row">
            <ContentInput field={c.phone} label={t('settings.phone')} maxLength={40} />
            <ContentInput field={c.phone2} label={t('settings.phone2')} maxLength={40} />
          </div>
          <LocalizedInputs field={c.address} label={t('settings.address')} maxLength={300} />
          <div className="content-row">
            <ContentInput field={c.latitude} type="text" label={t('settings.latitude')} maxLength={20} />
            <ContentInput field={c.longitude} type="text" label={t('settings.longitude')} maxLength={20} />
          </div>
          <ContentInput field={c.instagram} label="Instagram" hint={t('settings.https')} maxLength={300} />
          <ContentInput field={c.telegram} label="Telegram" hint={t('settings.https')} maxLength={300} />
          <ContentInput field={c.facebook} label="Facebook" hint={t('settings.https')} maxLength={300} />
          <ContentInput field={c.email} label={t('settings.email')} maxLength={200} />
          <button type="submit" className="button" disabled={busy}>
            {t('save')}
          </button>
        </Form>
      </section>
      {contacts ? (
        <section className="admin-card" aria-labelledby="points-title">
          <h2 id="points-title">{t('points.title')}</h2>
          <p className="field__hint">{t('points.about')}</p>
          <PickupPointsForm
            // A saved list starts the form afresh (conform keeps its rows otherwise).
            key={contacts.pickup_points.map((p) => `${p.id}:${p.name.ru}`).join('|')}
            points={contacts.pickup_points}
            max={PICKUP_POINTS_MAX}
            result={answer?.intent === 'points' ? answer.result : undefined}
            toast={answer?.intent === 'points' ? answer.toast : undefined}
            busy={busy}
          />
        </section>
      ) : null}
      <section className="admin-card" aria-labelledby="apps-title">
        <h2 id="apps-title">{t('settings.apps')}</h2>
        <Form method="post" className="content-form" {...getFormProps(appsFormMeta)}>
          <FormMessage toast={answer?.intent === 'apps' ? answer.toast : undefined} />
          <input type="hidden" name="intent" value="apps" />
          <ContentInput field={a.ios} label="App Store" hint={t('settings.soon')} maxLength={500} />
          <ContentInput field={a.android} label="Google Play" hint={t('settings.soon')} maxLength={500} />
          <button type="submit" className="button" disabled={busy}>
            {t('save')}
          </button>
        </Form>
      </section>
    </section>
  )
}

export const ErrorBoundary = AdminErrorBoundary
