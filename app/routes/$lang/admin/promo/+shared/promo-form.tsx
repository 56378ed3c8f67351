import { getFormProps, useForm } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { Form, useNavigation } from 'react-router'
import { FormMessage } from '#app/components/account/fields.tsx'
import { SelectField } from '../../+shared/fields.tsx'
import type { FormAnswer } from '../../+shared/forms.tsx'
import { CheckboxField, InputField } from '../../+shared/people/inputs.tsx'

type Values = Record<
  'code' | 'kind' | 'value' | 'min_total' | 'valid_from' | 'valid_to' | 'usage_limit' | 'per_customer_limit' | 'active',
  string
>

/** A promo code's fields (new and edit pages): plain inputs, sent as they are; the API judges them. */
export function PromoForm({
  id,
  answer,
  defaults,
  submit,
}: {
  id: string
  answer?: FormAnswer
  defaults: Partial<Values>
  submit: string
}) {
  const { t } = useTranslation('admin-promo')
  const busy = useNavigation().state === 'submitting'
  const [form, fields] = useForm<Values>({
    id,
    lastResult: answer?.intent === 'save' ? answer.result : undefined,
    shouldValidate: 'onSubmit',
    defaultValue: defaults,
  })
  return (
    <Form method="post" className="auth-form promo-form" {...getFormProps(form)}>
      <FormMessage toast={answer?.intent === 'save' ? answer.toast : undefined} />
      <input type="hidden" name="intent" value="save" />
      <InputField field={fields.code} label={t('fields.code')} hint={t('fields.code_hint')} />
      <div className="promo-form__pair">
        <SelectField
          field={fields.kind}
          label={t('fields.kind')}
          options={[
            { value: 'percent', label: t('fields.kind_percent') },
            { value: 'amount', label: t('fields.kind_amount') },
          ]}
        />
        <InputField field={fields.value} label={t('fields.value')} type="number" />
      </div>
      <InputField field={fields.min_total} label={t('fields.min_total')} type="number" />
      <div className="promo-form__pair">
        <InputField field={fields.valid_from} label={t('fields.valid_from')} type="datetime-local" />
        <InputField field={fields.valid_to} label={t('fields.valid_to')} type="datetime-local" />
      </div>
      <div className="promo-form__pair">
        <InputField
          field={fields.usage_limit}
          label={t('fields.usage_limit')}
          hint={t('fields.limit_hint')}
          type="number"
        />
        <InputField
          field={fields.per_customer_limit}
          label={t('fields.per_customer_limit')}
          hint={t('fields.limit_hint')}
          type="number"
        />
      </div>
      <CheckboxField field={fields.active} label={t('fields.active')} />
      <button type="submit" className="button" disabled={busy}>
        {submit}
      </button>
    </Form>
  )
}
