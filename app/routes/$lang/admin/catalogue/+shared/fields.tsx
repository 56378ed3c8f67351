import { type FieldMetadata, getInputProps } from '@conform-to/react'

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
