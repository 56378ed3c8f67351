import { getFormProps, getInputProps, type SubmissionResult, useForm } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { Form } from 'react-router'
import { FieldNotes, useErrorText } from '#app/components/account/fields.tsx'
import type { FieldOf, FormFields } from '#app/utils/form-fields.ts'
import {
  type arrivalForm,
  COUNT_MAX,
  type correctionForm,
  correctionReasons,
  EXPIRING_DAYS,
  NOTE_MAX,
  StockIntent,
  type saleForm,
} from './schemas.ts'

/** What the stock screens' actions answer when a form comes back: which form, for which product, with its errors. */
export type StockActionData = {
  intent: (typeof StockIntent)[keyof typeof StockIntent]
  productId: number | null
  result: SubmissionResult<string[]>
}

const ownKeys = ['whole_number', 'count_range', 'percent_range', 'date_invalid'] as const
const isOwnKey = (message: string): message is (typeof ownKeys)[number] =>
  (ownKeys as readonly string[]).includes(message)

/** A field's errors as text: the stock screens' own keys, the shared ones, or the API's words as they are. */
function useStockErrorText() {
  const { t } = useTranslation('admin-stock')
  const shared = useErrorText()
  return (message: string, limits: { min?: number; max?: number }) =>
    isOwnKey(message) ? t(`validation.${message}`, limits) : shared(message, limits)
}

/** Label, input and error text wired together (aria-invalid, aria-describedby). */
function StockField({
  field,
  label,
  hint,
  type,
  limits = {},
  className,
  visibleLabel = true,
  list,
}: {
  field: FieldOf<unknown>
  label: string
  hint?: string
  type: 'number' | 'text' | 'date'
  limits?: { min?: number; max?: number }
  className?: string
  visibleLabel?: boolean
  /** A <datalist> of suggestions. */
  list?: string
}) {
  const errorText = useStockErrorText()
  const errors = field.errors ?? []
  const hintId = hint ? `${field.id}-hint` : undefined
  return (
    <div className={`field ${errors.length ? 'field--invalid' : ''} ${className ?? ''}`}>
      <label className={visibleLabel ? 'field__label' : 'visually-hidden'} htmlFor={field.id}>
        {label}
      </label>
      <input
        {...getInputProps(field, { type, ariaDescribedBy: hintId })}
        className="field__input"
        list={list}
        {...(type === 'number' ? { min: limits.min, max: limits.max, step: 1, inputMode: 'numeric' as const } : {})}
        {...(type === 'text' ? { maxLength: limits.max } : {})}
      />
      <FieldNotes
        hint={hint}
        hintId={hintId}
        errorId={field.errorId}
        errors={errors.map((m) => errorText(m, limits))}
      />
    </div>
  )
}

const own = (data: StockActionData | undefined, intent: string, productId: number | null) =>
  data && data.intent === intent && data.productId === productId ? data.result : undefined

/** A refusal that belongs to no field (the stock changed meanwhile): said above the form. */
function FormError({ errors }: { errors?: string[] }) {
  return errors?.length ? (
    <p className="stock-error" role="alert">
      {errors.join(' ')}
    </p>
  ) : null
}

/**
 * A staff count: the stock the page showed goes along hidden (`seen`), the
 * staff member types what they counted and why; the API applies the
 * difference to the number as it is then. `compact`: one line of a list,
 * its labels named after the product for screen readers.
 */
/**
 * The forms below are keyed by the stock the page shows: one that worked
 * changes it and starts empty again (with JavaScript the page stays mounted,
 * and would otherwise offer the last arrival's date and note for the next);
 * a refused one changes nothing and keeps what was typed.
 */
type CorrectionProps = {
  productId: number
  title: string
  seen: number
  actionData?: StockActionData
  compact?: boolean
}

export function CorrectionForm(props: CorrectionProps) {
  return <CorrectionFields key={props.seen} {...props} />
}

function CorrectionFields({ productId, title, seen, actionData, compact = false }: CorrectionProps) {
  const { t } = useTranslation('admin-stock')
  const lastResult = own(actionData, StockIntent.correct, productId)
  const [form, fields] = useForm<FormFields<typeof correctionForm>>({
    id: `stock-count-${productId}`,
    lastResult,
    shouldValidate: 'onSubmit',
    defaultValue: { counted: compact ? '' : String(seen), reason: compact ? t('count_reasons.recount') : '' },
  })
  const label = (key: 'counted' | 'reason') => (compact ? t(`forms.${key}_for`, { title }) : t(`forms.${key}`))
  return (
    <Form method="post" className={compact ? 'stock-form stock-form--row' : 'stock-form'} {...getFormProps(form)}>
      <input type="hidden" name="intent" value={StockIntent.correct} />
      <input type="hidden" name="product_id" value={productId} />
      <input type="hidden" name="seen" value={seen} />
      <FormError errors={form.errors} />
      <StockField
        field={fields.counted}
        label={label('counted')}
        type="number"
        limits={{ min: 0, max: COUNT_MAX }}
        visibleLabel={!compact}
        className="stock-form__count"
      />
      <StockField
        field={fields.reason}
        label={label('reason')}
        type="text"
        limits={{ max: NOTE_MAX }}
        hint={compact ? undefined : t('forms.reason_hint')}
        visibleLabel={!compact}
        list={`${form.id}-reasons`}
      />
      <datalist id={`${form.id}-reasons`}>
        {correctionReasons.map((r) => (
          <option key={r} value={t(`count_reasons.${r}`)} />
        ))}
      </datalist>
      {compact ? null : (
        <>
          <StockField field={fields.expires_on} label={t('forms.expires_on')} type="date" />
          <p className="admin-muted">{t('forms.correction_hint', { seen })}</p>
        </>
      )}
      <button
        type="submit"
        className="admin-button"
        aria-label={compact ? t('forms.save_count_for', { title }) : undefined}
      >
        {t('forms.save_count')}
      </button>
    </Form>
  )
}

type ArrivalProps = { productId: number; stock: number; actionData?: StockActionData }

/** Stock arrived: quantity, expiry date (none: picked last) and a note. */
export function ArrivalForm(props: ArrivalProps) {
  return <ArrivalFields key={props.stock} {...props} />
}

function ArrivalFields({ productId, actionData }: ArrivalProps) {
  const { t } = useTranslation('admin-stock')
  const [form, fields] = useForm<FormFields<typeof arrivalForm>>({
    id: `stock-arrival-${productId}`,
    lastResult: own(actionData, StockIntent.arrival, productId),
    shouldValidate: 'onSubmit',
  })
  return (
    <Form method="post" className="stock-form" {...getFormProps(form)}>
      <input type="hidden" name="intent" value={StockIntent.arrival} />
      <input type="hidden" name="product_id" value={productId} />
      <FormError errors={form.errors} />
      <StockField
        field={fields.quantity}
        label={t('forms.quantity')}
        type="number"
        limits={{ min: 1, max: COUNT_MAX }}
      />
      <StockField
        field={fields.expires_on}
        label={t('forms.arrival_expires')}
        hint={t('forms.arrival_expires_hint')}
        type="date"
      />
      <StockField
        field={fields.note}
        label={t('forms.note')}
        hint={t('forms.note_hint')}
        type="text"
        limits={{ max: NOTE_MAX }}
      />
      <button type="submit" className="admin-button">
        {t('forms.save_arrival')}
      </button>
    </Form>
  )
}

/** "Put on sale −X %" for a product with a batch expiring within `days`. */
export function SaleForm({
  productId,
  title,
  days = EXPIRING_DAYS,
  batchId,
  actionData,
}: {
  productId: number
  title: string
  days?: number
  /** The list's row: a product with two expiring batches has two forms. */
  batchId?: number
  actionData?: StockActionData
}) {
  const { t } = useTranslation('admin-stock')
  const [form, fields] = useForm<FormFields<typeof saleForm>>({
    id: `stock-sale-${productId}-${batchId ?? 0}`,
    lastResult: own(actionData, StockIntent.sale, productId),
    shouldValidate: 'onSubmit',
    defaultValue: { percent: '20' },
  })
  return (
    <Form method="post" className="stock-form stock-form--row" {...getFormProps(form)}>
      <input type="hidden" name="intent" value={StockIntent.sale} />
      <input type="hidden" name="product_id" value={productId} />
      <input type="hidden" name="days" value={days} />
      <FormError errors={form.errors} />
      <StockField
        field={fields.percent}
        label={t('forms.percent_for', { title })}
        type="number"
        limits={{ min: 1, max: 90 }}
        visibleLabel={false}
        className="stock-form__count"
      />
      <button type="submit" className="admin-button" aria-label={t('forms.put_on_sale_for', { title })}>
        {t('forms.put_on_sale')}
      </button>
    </Form>
  )
}
