import { getSelectProps } from '@conform-to/react'
import type { ReactNode } from 'react'
import { FieldNotes, useErrorText } from '#app/components/account/fields.tsx'
import type { FieldOf } from '#app/utils/form-fields.ts'

/** Label, control, hint and error text wired together: every field of the back office's forms. */
export function AdminField({
  field,
  label,
  hint,
  children,
}: {
  field: FieldOf<unknown>
  label: ReactNode
  hint?: string
  children: ReactNode
}) {
  const errorText = useErrorText()
  const errors = field.errors ?? []
  return (
    <div className={errors.length ? 'field field--invalid' : 'field'}>
      <label className="field__label" htmlFor={field.id}>
        {label}
      </label>
      {children}
      <FieldNotes
        hint={hint}
        hintId={`${field.id}-hint`}
        errorId={field.errorId}
        errors={errors.map((message) => errorText(message))}
      />
    </div>
  )
}

/** A choice from a short list, wired like the account fields (label, aria-invalid, error text). */
export function SelectField({
  field,
  label,
  options,
}: {
  field: FieldOf
  label: string
  options: ReadonlyArray<{ value: string; label: string }>
}) {
  return (
    <AdminField field={field} label={label}>
      <select {...getSelectProps(field)} className="field__input">
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </AdminField>
  )
}
