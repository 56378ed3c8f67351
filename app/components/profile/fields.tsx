import { getInputProps, getTextareaProps } from '@conform-to/react'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { FieldOf } from '#app/utils/form-fields.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { FieldNotes, useErrorText } from '../account/fields.tsx'

type Meta = FieldOf

/**
 * Label, control, hint and error text of one field (aria-invalid and
 * aria-describedby come from conform). `describeError` words the form's own
 * error codes; the shared texts (required, too long…) are the default.
 */
export function Field({
  field,
  label,
  hint,
  max,
  describeError,
  children,
}: {
  field: Meta
  label: string
  hint?: string
  max?: number
  describeError?: (message: string) => string
  children: ReactNode
}) {
  const sharedText = useErrorText()
  const errorText = describeError ?? ((message: string) => sharedText(message, { max }))
  const errors = field.errors ?? []
  return (
    <div className={errors.length ? 'field field--invalid' : 'field'}>
      <label className="field__label" htmlFor={field.id}>
        {label}
      </label>
      {children}
      <FieldNotes hint={hint} hintId={field.descriptionId} errorId={field.errorId} errors={errors.map(errorText)} />
    </div>
  )
}

/** A one-line text, at most `max` characters (SPEC §5: 99 by default). */
export function TextInput({
  field,
  label,
  max = 99,
  autoComplete,
}: {
  field: Meta
  label: string
  max?: number
  autoComplete?: string
}) {
  return (
    <Field field={field} label={label} max={max}>
      <input
        {...getInputProps(field, { type: 'text' })}
        className="field__input"
        maxLength={max}
        autoComplete={autoComplete}
      />
    </Field>
  )
}

/** A longer text (a message): `max` characters. */
export function TextArea({ field, label, max }: { field: Meta; label: string; max: number }) {
  return (
    <Field field={field} label={label} max={max}>
      <textarea {...getTextareaProps(field)} className="field__input field__textarea" maxLength={max} rows={6} />
    </Field>
  )
}

/**
 * A picture to upload: the browser offers JPEG and PNG; the server judges the content anyway. Once the page
 * is alive the control speaks the shop's language (a button and the chosen file's name, the real input
 * transparent over them, so a tap or a key on it is the input's own); before that the browser's own
 * control, styled alike.
 */
export function ImageInput({ field, label, hint }: { field: Meta; label: string; hint: string }) {
  const { t } = useTranslation('common')
  const hydrated = useHydrated()
  const [chosen, setChosen] = useState<string | null>(null)
  const input = useRef<HTMLInputElement>(null)
  // A file chosen before the page came alive is still in the input.
  useEffect(() => setChosen(input.current?.files?.[0]?.name ?? null), [])
  return (
    <Field field={field} label={label} hint={hint}>
      <span className={hydrated ? 'file-pick file-pick--live' : 'file-pick'}>
        <input
          ref={input}
          id={field.id}
          name={field.name}
          type="file"
          accept="image/jpeg,image/png"
          className="file-pick__input"
          aria-invalid={field.errors?.length ? true : undefined}
          aria-describedby={[field.descriptionId, field.errors?.length ? field.errorId : null]
            .filter(Boolean)
            .join(' ')}
          onChange={(event) => setChosen(event.currentTarget.files?.[0]?.name ?? null)}
        />
        {hydrated ? (
          <>
            <span className="button button--outline button--small file-pick__button" aria-hidden="true">
              {t('file.choose')}
            </span>
            <span className="file-pick__name" aria-hidden="true">
              {chosen ?? t('file.none')}
            </span>
          </>
        ) : null}
      </span>
    </Field>
  )
}

/**
 * The honeypot: hidden from people (and from screen readers and the tab
 * order), so only a bot fills it in; the API then keeps nothing.
 */
export function Honeypot({ label }: { label: string }) {
  return (
    <div className="honeypot" aria-hidden="true">
      <label>
        {label}
        <input type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  )
}
