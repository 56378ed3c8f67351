import { getInputProps } from '@conform-to/react'
import type { FieldOf } from '#app/utils/form-fields.ts'
import { AdminField } from '../fields.tsx'

type InputProps = {
  field: FieldOf
  label: string
  hint?: string
  type?: 'text' | 'number' | 'datetime-local' | 'search'
  inputMode?: 'numeric' | 'text'
}

/** A labelled input wired like the account fields (aria-invalid, hint, error text), of any input type. */
export function InputField({ field, label, hint, type = 'text', inputMode }: InputProps) {
  const hintId = hint ? `${field.id}-hint` : undefined
  return (
    <AdminField field={field} label={label} hint={hint}>
      <input
        {...getInputProps(field, { type: type === 'number' ? 'text' : type, ariaDescribedBy: hintId })}
        className="field__input"
        inputMode={type === 'number' ? 'numeric' : inputMode}
        autoComplete="off"
      />
    </AdminField>
  )
}

/** A labelled checkbox; conform's `on` value. */
export function CheckboxField({ field, label }: { field: FieldOf; label: string }) {
  return (
    <div className="field field--checkbox">
      <label htmlFor={field.id}>
        <input {...getInputProps(field, { type: 'checkbox' })} /> {label}
      </label>
    </div>
  )
}
