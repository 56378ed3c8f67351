import { getFormProps, getTextareaProps, type SubmissionResult, useForm } from '@conform-to/react'
import { Form } from 'react-router'
import { useErrorText } from '#app/components/account/fields.tsx'

/**
 * One text and a button (a hide reason, the shop's reply, an SMS): a plain
 * POST with its `intent`; a refused text comes back typed, with its error.
 */
export function TextForm({
  id,
  intent,
  label,
  hint,
  submit,
  max,
  defaultValue,
  lastResult,
  required = true,
  danger = false,
}: {
  id: string
  intent: string
  label: string
  hint?: string
  submit: string
  max: number
  defaultValue?: string | null
  lastResult?: SubmissionResult<string[]> | null
  required?: boolean
  danger?: boolean
}) {
  const errorText = useErrorText()
  const [form, fields] = useForm<{ text: string }>({
    id,
    lastResult,
    shouldValidate: 'onSubmit',
    defaultValue: { text: defaultValue ?? '' },
  })
  const errors = fields.text.errors ?? []
  const hintId = `${fields.text.id}-hint`
  return (
    <Form method="post" className="desk-text-form" {...getFormProps(form)}>
      <input type="hidden" name="intent" value={intent} />
      <label htmlFor={fields.text.id} className="field__label">
        {label}
      </label>
      <textarea
        {...getTextareaProps(fields.text, { ariaDescribedBy: hint ? hintId : undefined })}
        required={required || undefined}
        rows={3}
        maxLength={max}
        className="field__input desk-textarea"
      />
      {hint ? (
        <p className="desk-muted" id={hintId}>
          {hint}
        </p>
      ) : null}
      {errors.length ? (
        <p className="desk-error" id={fields.text.errorId}>
          {errors.map((m) => errorText(m, { max })).join(' ')}
        </p>
      ) : null}
      <button type="submit" className={danger ? 'admin-button admin-button--danger' : 'admin-button'}>
        {submit}
      </button>
    </Form>
  )
}
