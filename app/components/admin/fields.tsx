import { type FieldMetadata, getSelectProps } from '@conform-to/react'
import { useErrorText } from '#app/components/account/fields.tsx'

/** A choice from a short list, wired like the account fields (label, aria-invalid, error text). */
export function SelectField({
  field,
  label,
  options,
}: {
  field: FieldMetadata<string, any, string[]>
  label: string
  options: ReadonlyArray<{ value: string; label: string }>
}) {
  const errorText = useErrorText()
  const errors = field.errors ?? []
  return (
    <div className={errors.length ? 'field field--invalid' : 'field'}>
      <label className="field__label" htmlFor={field.id}>
        {label}
      </label>
      <select {...getSelectProps(field)} className="field__input">
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {errors.length ? (
        <p className="field__error" id={field.errorId}>
          {errors.map((message) => errorText(message)).join(' ')}
        </p>
      ) : null}
    </div>
  )
}
