import { type FieldMetadata, getInputProps } from '@conform-to/react'
import { useErrorText } from '#app/components/account/fields.tsx'

type InputProps = {
  field: FieldMetadata<string, any, string[]>
  label: string
  hint?: string
  type?: 'text' | 'number' | 'datetime-local' | 'search'
  inputMode?: 'numeric' | 'text'
}

/** A labelled input wired like the account fields (aria-invalid, hint, error text), of any input type. */
export function InputField({ field, label, hint, type = 'text', inputMode }: InputProps) {
  const errorText = useErrorText()
  const errors = field.errors ?? []
  const hintId = hint ? `${field.id}-hint` : undefined
  return (
    <div className={errors.length ? 'field field--invalid' : 'field'}>
      <label className="field__label" htmlFor={field.id}>
        {label}
      </label>
      <input
        {...getInputProps(field, { type: type === 'number' ? 'text' : type, ariaDescribedBy: hintId })}
        className="field__input"
        inputMode={type === 'number' ? 'numeric' : inputMode}
        autoComplete="off"
      />
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {errors.length ? (
        <p className="field__error" id={field.errorId}>
          {errors.map((message) => errorText(message)).join(' ')}
        </p>
      ) : null}
    </div>
  )
}

/** A labelled checkbox; conform's `on` value. */
export function CheckboxField({ field, label }: { field: FieldMetadata<string, any, string[]>; label: string }) {
  return (
    <div className="field field--checkbox">
      <label htmlFor={field.id}>
        <input {...getInputProps(field, { type: 'checkbox' })} /> {label}
      </label>
    </div>
  )
}
