import { getInputProps } from '@conform-to/react'
import { type ReactNode, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { maskAmountField } from '#app/utils/amount-input.ts'
import type { FieldOf } from '#app/utils/form-fields.ts'
import { CODE_LENGTH } from '#contract/limits.ts'
import { maskPhone, PHONE_INPUT_MAX, PHONE_MASK, PHONE_PREFIX } from '#contract/phone-format.ts'

const validationKeys = [
  'required',
  'min_length',
  'max_length',
  'invalid_phone',
  'invalid_code',
  'passwords_mismatch',
  'invalid_type',
] as const
const isValidationKey = (message: string): message is (typeof validationKeys)[number] =>
  (validationKeys as readonly string[]).includes(message)

/**
 * A field error as text. The shared schemas speak in keys (`required`,
 * `min_length`, … see contract/); errors from the API arrive
 * already translated and are shown as they are.
 */
export function useErrorText() {
  const { t } = useTranslation('account')
  return (message: string, params: { min?: number; max?: number } = {}) =>
    isValidationKey(message) ? t(`validation.${message}`, params) : message
}

/**
 * What stands under a control: its hint and its error text (already worded),
 * at the ids the control's aria-describedby names.
 */
export function FieldNotes({
  hint,
  hintId,
  errorId,
  errors,
}: {
  hint?: string
  hintId?: string
  errorId: string
  errors: string[]
}) {
  return (
    <>
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {errors.length ? (
        <p className="field__error" id={errorId}>
          {errors.join(' ')}
        </p>
      ) : null}
    </>
  )
}

type FieldProps = {
  field: FieldOf
  label: string
  hint?: string
  /** Values for `{min}` / `{max}` in this field's error texts. */
  limits?: { min?: number; max?: number }
  children: (props: Record<string, unknown>) => ReactNode
}

/** Label, control, hint and error text wired together (aria-invalid, aria-describedby). */
function Field({ field, label, hint, limits, children }: FieldProps) {
  const errorText = useErrorText()
  const hintId = `${field.id}-hint`
  const errors = field.errors ?? []
  return (
    <div className={errors.length ? 'field field--invalid' : 'field'}>
      <label className="field__label" htmlFor={field.id}>
        {label}
      </label>
      {children({ hintId: hint ? hintId : undefined })}
      <FieldNotes
        hint={hint}
        hintId={hintId}
        errorId={field.errorId}
        errors={errors.map((message) => errorText(message, limits))}
      />
    </div>
  )
}

export function TextField({
  field,
  label,
  autoComplete,
  autoFocus,
  amount,
}: {
  field: FieldOf
  label: string
  autoComplete?: string
  autoFocus?: boolean
  /** A sum: digits grouped as typed (428 000), so a missing zero shows. */
  amount?: boolean
}) {
  return (
    <Field field={field} label={label} limits={{ max: 99 }}>
      {({ hintId }) => (
        <input
          {...getInputProps(field, { type: 'text', ariaDescribedBy: hintId as string | undefined })}
          className="field__input"
          autoComplete={autoComplete}
          data-autofocus={autoFocus ? '' : undefined}
          maxLength={200}
          inputMode={amount ? 'numeric' : undefined}
          onInput={amount ? (event) => maskAmountField(event.currentTarget) : undefined}
        />
      )}
    </Field>
  )
}

export function PasswordField({
  field,
  label,
  hint,
  min,
  autoComplete,
  autoFocus,
}: {
  field: FieldOf
  label: string
  hint?: string
  min?: number
  autoComplete: 'current-password' | 'new-password'
  autoFocus?: boolean
}) {
  return (
    <Field field={field} label={label} hint={hint} limits={{ min, max: 128 }}>
      {({ hintId }) => (
        <input
          {...getInputProps(field, { type: 'password', ariaDescribedBy: hintId as string | undefined })}
          className="field__input"
          autoComplete={autoComplete}
          data-autofocus={autoFocus ? '' : undefined}
        />
      )}
    </Field>
  )
}

/**
 * The phone number: +998 shown before the input, the national part masked
 * `(##) ###-##-##` while typing (with JavaScript). Without it any reasonable
 * spelling is accepted; the server normalises it either way.
 */
export function PhoneField({
  field,
  label,
  hint,
  autoFocus,
}: {
  field: FieldOf
  label: string
  hint?: string
  autoFocus?: boolean
}) {
  return (
    <Field field={field} label={label} hint={hint}>
      {({ hintId }) => (
        <span className="phone-input">
          <span className="phone-input__prefix" aria-hidden="true">
            {PHONE_PREFIX}
          </span>
          <input
            {...getInputProps(field, { type: 'tel', ariaDescribedBy: hintId as string | undefined })}
            className="field__input phone-input__input"
            inputMode="tel"
            autoComplete="tel-national"
            placeholder={PHONE_MASK.replaceAll('#', '0')}
            maxLength={PHONE_INPUT_MAX}
            data-autofocus={autoFocus ? '' : undefined}
            onInput={applyPhoneMask}
          />
        </span>
      )}
    </Field>
  )
}

/** Re-masks on typing or pasting (not on deleting, so a bracket can be erased), keeping the caret after the same digit. */
function applyPhoneMask(event: React.FormEvent<HTMLInputElement>) {
  const input = event.currentTarget
  if ((event.nativeEvent as InputEvent).inputType?.startsWith('delete')) return
  const atEnd = (input.selectionStart ?? input.value.length) >= input.value.length
  const digitsBefore = input.value.slice(0, input.selectionStart ?? 0).replace(/\D/g, '').length
  const masked = maskPhone(input.value)
  if (masked === input.value) return
  input.value = masked
  let position = masked.length
  if (!atEnd) {
    let seen = 0
    for (let i = 0; i < masked.length && seen < digitsBefore; i++) {
      if (/\d/.test(masked.charAt(i))) seen++
      position = i + 1
    }
  }
  input.setSelectionRange(position, position)
}

/** The 6-digit SMS code; with JavaScript the form submits itself at the sixth digit. */
export function CodeField({
  field,
  label,
  hint,
  autoFocus,
}: {
  field: FieldOf
  label: string
  hint?: string
  autoFocus?: boolean
}) {
  const lastSubmitted = useRef<string | null>(null)
  return (
    <Field field={field} label={label} hint={hint}>
      {({ hintId }) => (
        <input
          {...getInputProps(field, { type: 'text', ariaDescribedBy: hintId as string | undefined })}
          className="field__input code-input"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={CODE_LENGTH + 4}
          data-autofocus={autoFocus ? '' : undefined}
          onInput={(event) => {
            const input = event.currentTarget
            const digits = input.value.replace(/\D/g, '').slice(0, CODE_LENGTH)
            if (digits !== input.value) input.value = digits
            if (digits.length === CODE_LENGTH && lastSubmitted.current !== digits) {
              lastSubmitted.current = digits
              input.form?.requestSubmit()
            }
          }}
        />
      )}
    </Field>
  )
}

// Its own module so that a page with one server message (reviews) does not load conform.
export { FormMessage } from '../form-message.tsx'

/** "Step 2 of 4" for the registration and reset flows. */
export function StepIndicator({ step, of }: { step: number; of: number }) {
  const { t } = useTranslation('account')
  return <p className="auth-step">{t('step', { step, of })}</p>
}
