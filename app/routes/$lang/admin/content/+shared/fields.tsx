import { getInputProps } from '@conform-to/react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Form } from 'react-router'
import type { FieldOf } from '#app/utils/form-fields.ts'
import type { Lang } from '#app/utils/i18n.ts'
import { type Localized, languages } from '#contract/languages.ts'
import { AdminField } from '../../+shared/fields.tsx'
import { ContentIntent } from './intents.ts'

type Meta = FieldOf<unknown>

export function ContentInput({
  field,
  label,
  type = 'text',
  hint,
  maxLength,
}: {
  field: Meta
  label: ReactNode
  type?: 'text' | 'datetime-local' | 'number' | 'url'
  hint?: string
  maxLength?: number
}) {
  return (
    <AdminField field={field} label={label} hint={hint}>
      <input
        {...getInputProps(field, { type, ariaDescribedBy: hint ? `${field.id}-hint` : undefined })}
        className="field__input"
        maxLength={maxLength}
        autoComplete="off"
      />
    </AdminField>
  )
}

/** The language's name and, when its text is empty, a "no translation" mark. */
export function LanguageLabel({ lang, label, missing }: { lang: Lang; label: string; missing: boolean }) {
  const { t } = useTranslation('admin-content')
  return (
    <>
      {label} · {t(`languages.${lang}`)}
      {missing ? <span className="content-missing"> — {t('missing_translation')}</span> : null}
    </>
  )
}

/** A text's three languages, one input each, all visible; empty ones marked as missing. */
export function LocalizedInputs({
  field,
  label,
  maxLength = 200,
}: {
  field: FieldOf<Localized>
  label: string
  maxLength?: number
}) {
  const fieldset = field.getFieldset()
  return (
    <div className="content-localized">
      {languages.map((lang) => {
        const one = fieldset[lang]!
        return (
          <ContentInput
            key={lang}
            field={one}
            maxLength={maxLength}
            label={<LanguageLabel lang={lang} label={label} missing={!one.initialValue} />}
          />
        )
      })}
    </div>
  )
}

/** A JPEG/PNG file input, with the current picture shown; no file chosen keeps it. */
export function PictureInput({ field, label, current }: { field: Meta; label: string; current?: string }) {
  const { t } = useTranslation('admin-content')
  return (
    <AdminField field={field} label={label} hint={t('hints.picture')}>
      {current ? <img src={current} alt="" width={120} height={45} className="content-thumb" /> : null}
      <input
        id={field.id}
        name={field.name}
        type="file"
        accept="image/jpeg,image/png"
        className="field__input"
        aria-describedby={`${field.id}-hint`}
        aria-invalid={field.errors?.length ? true : undefined}
      />
    </AdminField>
  )
}

/** When a banner or story shows (Tashkent time), its place in the row and whether it is on. */
export function ScheduleFields({
  fields,
}: {
  fields: { starts_at: Meta; ends_at: Meta; position: Meta; is_active: Meta }
}) {
  const { t } = useTranslation('admin-content')
  return (
    <>
      <div className="content-row">
        <ContentInput
          field={fields.starts_at}
          type="datetime-local"
          label={t('fields.starts_at')}
          hint={t('hints.tashkent')}
        />
        <ContentInput
          field={fields.ends_at}
          type="datetime-local"
          label={t('fields.ends_at')}
          hint={t('hints.tashkent')}
        />
      </div>
      <ContentInput field={fields.position} type="number" label={t('fields.position')} />
      <div className="field">
        <label className="content-check">
          <input {...getInputProps(fields.is_active, { type: 'checkbox' })} /> {t('fields.is_active')}
        </label>
      </div>
    </>
  )
}

/** The record's delete button, in a form of its own beside the edit form (`intent=delete`). */
export function DeleteForm({ label, busy }: { label: string; busy: boolean }) {
  return (
    <Form method="post" className="admin-actions">
      <button
        type="submit"
        name="intent"
        value={ContentIntent.delete}
        className="admin-button admin-button--danger"
        disabled={busy}
      >
        {label}
      </button>
    </Form>
  )
}
