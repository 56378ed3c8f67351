import { getInputProps } from '@conform-to/react'
import { maskAmountField } from '#app/utils/amount-input.ts'
import type { FieldOf } from '#app/utils/form-fields.ts'
import { AdminField } from '../../+shared/fields.tsx'

// The product form's inputs: a text (or number, or date) and a choice, each with its label, hint and errors.

export function TextInput({
  field,
  label,
  hint,
  type = 'text',
  readOnly,
  inputMode,
  amount,
}: {
  field: FieldOf
  label: string
  hint?: string
  type?: 'text' | 'number' | 'datetime-local'
  readOnly?: boolean
  inputMode?: 'numeric'
  /** A sum: digits grouped as typed (428 000), so a missing zero shows. */
  amount?: boolean
}) {
  return (
    <AdminField field={field} label={label} hint={hint}>
      <input
        {...getInputProps(field, { type, ariaDescribedBy: hint ? `${field.id}-hint` : undefined })}
        className="field__input"
        readOnly={readOnly}
        inputMode={inputMode}
        autoComplete="off"
        onInput={amount ? (event) => maskAmountField(event.currentTarget) : undefined}
      />
    </AdminField>
  )
}

export function Select({
  field,
  label,
  options,
  empty,
}: {
  field: FieldOf
  label: string
  options: { value: string; label: string }[]
  empty?: string
}) {
  return (
    <AdminField field={field} label={label}>
      <select
        id={field.id}
        name={field.name}
        defaultValue={field.initialValue ?? ''}
        aria-invalid={field.errors?.length ? true : undefined}
        aria-describedby={field.errors?.length ? field.errorId : undefined}
        className="field__input"
      >
        {empty !== undefined ? <option value="">{empty}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </AdminField>
  )
}
