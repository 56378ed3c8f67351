import { type FieldMetadata, getInputProps } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { TextField } from '#app/components/account/fields.tsx'

/** A yes/no switch of a form: a labelled checkbox (`on` when ticked), its error beside it. */
export function CheckboxField({ field, label }: { field: FieldMetadata<string, any, string[]>; label: string }) {
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

type Field = FieldMetadata<string, any, string[]>

/** What names an entry: a brand's or manufacturer's name and country, or a category's or group's title in each script. */
export function NameFields({
  named,
  fields,
}: {
  named: boolean
  fields: { name: Field; country: Field; title_uz: Field; title_sr: Field; title_ru: Field }
}) {
  const { t } = useTranslation('admin-catalogue')
  return named ? (
    <>
      <TextField field={fields.name} label={t('fields.name')} autoComplete="off" />
      <TextField field={fields.country} label={t('fields.country')} autoComplete="off" />
    </>
  ) : (
    <>
      <TextField field={fields.title_uz} label={t('fields.title_uz')} autoComplete="off" />
      <TextField field={fields.title_sr} label={t('fields.title_sr')} autoComplete="off" />
      <TextField field={fields.title_ru} label={t('fields.title_ru')} autoComplete="off" />
    </>
  )
}
