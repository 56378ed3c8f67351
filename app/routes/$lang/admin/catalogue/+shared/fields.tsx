import { getInputProps } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { TextField } from '#app/components/account/fields.tsx'
import type { FieldOf } from '#app/utils/form-fields.ts'
import { type Kind, kinds } from './kinds.ts'

type Field = FieldOf

/** A yes/no switch of a form: a labelled checkbox (`on` when ticked), its error beside it. */
export function CheckboxField({ field, label }: { field: FieldOf; label: string }) {
  const errors = field.errors ?? []
  return (
    <div className="field catalogue-check">
      <label>
        <input {...getInputProps(field, { type: 'checkbox' })} /> {label}
      </label>
      {errors.length ? (
        <p className="field__error" id={field.errorId}>
          {errors.join(' ')}
        </p>
      ) : null}
    </div>
  )
}

/**
 * What a row is called, on its new-row and its edit form: a brand's or
 * manufacturer's name and country, a category's or group's titles in three languages.
 */
export function NameFields({
  kind,
  fields,
}: {
  kind: Kind
  fields: Record<'name' | 'country' | 'title_uz' | 'title_sr' | 'title_ru', Field>
}) {
  const { t } = useTranslation('admin-catalogue')
  if (kinds[kind].named)
    return (
      <>
        <TextField field={fields.name} label={t('fields.name')} autoComplete="off" />
        <TextField field={fields.country} label={t('fields.country')} autoComplete="off" />
      </>
    )
  return (
    <>
      <TextField field={fields.title_uz} label={t('fields.title_uz')} autoComplete="off" />
      <TextField field={fields.title_sr} label={t('fields.title_sr')} autoComplete="off" />
      <TextField field={fields.title_ru} label={t('fields.title_ru')} autoComplete="off" />
    </>
  )
}
