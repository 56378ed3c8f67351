import { getFormProps, getTextareaProps, type SubmissionResult, useForm } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { Form } from 'react-router'
import { useErrorText } from '#app/components/account/fields.tsx'
import type { FormFields } from '#app/utils/form-fields.ts'
import { OrderIntent } from '../../+shared/orders/intents.ts'
import type { noteForm } from '../$id/actions.server.ts'

/** A note for staff on the order's timeline ("call after 18:00"); the customer never sees it. */
export function NoteForm({ max, lastResult }: { max: number; lastResult?: SubmissionResult<string[]> | null }) {
  const { t } = useTranslation('admin-orders')
  const errorText = useErrorText()
  const [form, fields] = useForm<FormFields<typeof noteForm>>({
    id: 'desk-note',
    lastResult,
    shouldValidate: 'onSubmit',
  })
  const errors = fields.text.errors ?? []
  return (
    <Form method="post" className="desk-card desk-note" {...getFormProps(form)}>
      <input type="hidden" name="intent" value={OrderIntent.note} />
      <label htmlFor={fields.text.id} className="desk-field">
        <span>{t('notes.label')}</span>
      </label>
      <textarea
        {...getTextareaProps(fields.text, { ariaDescribedBy: `${fields.text.id}-hint` })}
        rows={2}
        maxLength={max}
        className="desk-textarea"
      />
      <p className="desk-muted" id={`${fields.text.id}-hint`}>
        {t('notes.hint')}
      </p>
      {errors.length ? (
        <p className="desk-error" id={fields.text.errorId}>
          {errors.map((m) => errorText(m, { max })).join(' ')}
        </p>
      ) : null}
      <button type="submit" className="admin-button">
        {t('notes.add')}
      </button>
    </Form>
  )
}
