import { getFormProps, getInputProps, type SubmissionResult, useForm } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { Form } from 'react-router'
import type { ContentContacts } from '#api/types.ts'
import { FormMessage } from '#app/components/account/fields.tsx'
import type { ToastMessage } from '#app/components/toaster.tsx'
import { AdminField } from '../../+shared/fields.tsx'
import { ContentInput, LocalizedInputs } from './fields.tsx'

/** A pickup point as admin/content/contacts/ answers it. */
export type PickupPointValue = ContentContacts['pickup_points'][number]

type Texts = { uz: string; sr: string; ru: string }
/** One row as the form holds it (text only). */
type PointFields = {
  id: string
  remove: string
  name: Texts
  address: Texts
  hours: string
  latitude: string
  longitude: string
}

/**
 * The shop's pickup points: each one's name and address in three
 * languages, hours and map point, a "remove" box, and one empty row for a new
 * point (left empty, it is ignored) — the same form with and without JavaScript.
 */
export function PickupPointsForm({
  points,
  max,
  result,
  toast,
  busy,
}: {
  points: PickupPointValue[]
  max: number
  result: SubmissionResult<string[]> | undefined
  toast: ToastMessage | undefined
  busy: boolean
}) {
  const { t, i18n } = useTranslation('admin-content')
  const lang = (i18n.language === 'uz' || i18n.language === 'sr' ? i18n.language : 'ru') as keyof Texts
  const rows = points.map((p) => ({ ...p, latitude: String(p.latitude), longitude: String(p.longitude) }))
  const [form, fields] = useForm<{ points: PointFields[] }>({
    id: 'pickup-points',
    lastResult: result,
    shouldValidate: 'onSubmit',
    defaultValue: { points: points.length < max ? [...rows, {}] : rows },
  })
  const list = fields.points.getFieldList()
  return (
    <Form method="post" className="content-form" {...getFormProps(form)}>
      <FormMessage toast={toast} />
      <input type="hidden" name="intent" value="points" />
      {list.map((row, i) => {
        const f = row.getFieldset()
        const isNew = !f.id.initialValue
        return (
          <fieldset key={row.key} className="content-point">
            <legend>
              {isNew
                ? t('points.new')
                : t('points.n', { n: i + 1, name: points[i]?.name[lang] || points[i]?.name.ru || '' })}
            </legend>
            {isNew ? null : <input type="hidden" name={f.id.name} value={String(f.id.initialValue)} />}
            <LocalizedInputs field={f.name} label={t('points.name')} maxLength={100} />
            <LocalizedInputs field={f.address} label={t('points.address')} maxLength={300} />
            <ContentInput field={f.hours} label={t('points.hours')} hint={t('points.hours_hint')} maxLength={100} />
            <div className="content-row">
              <ContentInput field={f.latitude} label={t('settings.latitude')} maxLength={20} />
              <ContentInput field={f.longitude} label={t('settings.longitude')} maxLength={20} />
            </div>
            {isNew ? (
              <p className="field__hint">{t('points.new_hint')}</p>
            ) : (
              <AdminField field={f.remove} label={t('points.remove')}>
                <input {...getInputProps(f.remove, { type: 'checkbox', value: 'on' })} />
              </AdminField>
            )}
          </fieldset>
        )
      })}
      <button type="submit" className="button" disabled={busy}>
        {t('points.save')}
      </button>
    </Form>
  )
}
