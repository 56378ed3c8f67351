import { getFormProps, getTextareaProps, type SubmissionResult, useForm } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { Form } from 'react-router'
import { useErrorText } from '#app/components/account/fields.tsx'
import type { FormFields } from '#app/utils/form-fields.ts'
import { OrderIntent } from '../../+shared/orders/intents.ts'
import type { cancelForm } from '../$id/actions.server.ts'

/**
 * Cancel with a reason: folded under its button (a <details>, so it opens
 * without JavaScript too); the reason is required and goes to the timeline
 * and the audit log. A refused reason comes back with the typed text.
 */
export function CancelForm({
  expected,
  max,
  lastResult,
}: {
  expected: number
  max: number
  lastResult?: SubmissionResult<string[]> | null
}) {
  const { t } = useTranslation('admin-orders')
  const errorText = useErrorText()
  const [form, fields] = useForm<FormFields<typeof cancelForm>>({
    id: 'desk-cancel',
    lastResult,
    shouldValidate: 'onSubmit',
  })
  const errors = fields.reason.errors ?? []
  return (
    <details className="desk-cancel" open={lastResult?.status === 'error' || undefined}>
      <summary className="admin-button admin-button--danger">{t('actions.cancel')}</summary>
      <Form method="post" className="desk-cancel__form" {...getFormProps(form)}>
        <input type="hidden" name="intent" value={OrderIntent.cancel} />
        <input type="hidden" name="expected_status" value={expected} />
        <label htmlFor={fields.reason.id} className="desk-field">
          <span>{t('actions.cancel_reason')}</span>
        </label>
        <textarea
          {...getTextareaProps(fields.reason, { ariaDescribedBy: `${fields.reason.id}-hint` })}
          rows={3}
          maxLength={max}
          className="desk-textarea"
        />
        <p className="desk-muted" id={`${fields.reason.id}-hint`}>
          {t('actions.cancel_hint')}
        </p>
        {errors.length ? (
          <p className="desk-error" id={fields.reason.errorId}>
            {errors.map((m) => errorText(m, { max: max })).join(' ')}
          </p>
        ) : null}
        <button type="submit" className="button">
          {t('actions.cancel_confirm')}
        </button>
      </Form>
    </details>
  )
}
