import { getInputProps } from '@conform-to/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Form, Link } from 'react-router'
import type { SavedCard } from '#api/types.ts'
import type { FieldOf } from '#app/utils/form-fields.ts'
import type { Lang } from '#app/utils/i18n.ts'
import { formatCardInput } from '#contract/card.ts'
import { Modal } from '../modal.tsx'
import { Field } from './fields.tsx'

export { CardSummary, CardTile } from '../cards/saved-card.tsx'

export const CardIntent = { add: 'add', verify: 'verify', remove: 'remove' } as const

type Meta = FieldOf

/** Keys of the shared card rules (contract/card.ts) and of the form; API texts arrive translated. */
const ruleKeys = [
  'required',
  'card_number_invalid',
  'card_system_unknown',
  'card_expiry_invalid',
  'card_expired',
  'card_expiry_too_far',
  'invalid_code',
] as const
const isRuleKey = (message: string): message is (typeof ruleKeys)[number] =>
  (ruleKeys as readonly string[]).includes(message)

/** The card forms' error codes in the customer's language; anything else (API texts) as it came. */
function useCardErrorText() {
  const { t } = useTranslation('cards')
  return (message: string) => (isRuleKey(message) ? t(`errors.${message}`) : message)
}

/** The card number, grouped `8600 0691 9540 6311` while typing (with JavaScript); the server accepts any spacing. */
export function CardNumberField({ field }: { field: Meta }) {
  const { t } = useTranslation('cards')
  const describe = useCardErrorText()
  return (
    <Field field={field} label={t('add.number')} describeError={describe}>
      <input
        {...getInputProps(field, { type: 'text' })}
        className="field__input"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="0000 0000 0000 0000"
        maxLength={23}
        data-autofocus=""
        onInput={(event) => {
          const input = event.currentTarget
          const formatted = formatCardInput(input.value)
          if (formatted !== input.value) input.value = formatted
        }}
      />
    </Field>
  )
}

/** The expiry `MM/YY`; with JavaScript the slash is put in after the month. */
export function CardExpiryField({ field }: { field: Meta }) {
  const { t } = useTranslation('cards')
  const describe = useCardErrorText()
  return (
    <Field field={field} label={t('add.expiry')} hint={t('add.expiry_hint')} describeError={describe}>
      <input
        {...getInputProps(field, { type: 'text', ariaDescribedBy: field.descriptionId })}
        className="field__input card-expiry-input"
        inputMode="numeric"
        autoComplete="cc-exp"
        placeholder="MM/YY"
        maxLength={5}
        onInput={(event) => {
          const input = event.currentTarget
          const digits = input.value.replace(/\D/g, '').slice(0, 4)
          const formatted = digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits
          if (formatted !== input.value) input.value = formatted
        }}
      />
    </Field>
  )
}

/** The 6-digit confirmation code. */
export function CardCodeField({ field }: { field: Meta }) {
  const { t } = useTranslation('cards')
  const describe = useCardErrorText()
  return (
    <Field field={field} label={t('code.label')} describeError={describe}>
      <input
        {...getInputProps(field, { type: 'text' })}
        className="field__input code-input"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        data-autofocus=""
        onInput={(event) => {
          const input = event.currentTarget
          const digits = input.value.replace(/\D/g, '').slice(0, 6)
          if (digits !== input.value) input.value = digits
        }}
      />
    </Field>
  )
}

/** The confirmation's text and buttons: in the modal (JavaScript) and on the page (`?remove=<id>`). */
export function RemoveCardForm({ lang, card, onCancel }: { lang: Lang; card: SavedCard; onCancel?: () => void }) {
  const { t } = useTranslation('cards')
  return (
    <Form method="post" action={`/${lang}/profile/cards`}>
      <p>{t('remove.text', { card: card.masked_number })}</p>
      <input type="hidden" name="card_id" value={card.id} />
      <div className="profile-actions">
        {onCancel ? (
          <button type="button" className="button button--ghost" onClick={onCancel}>
            {t('remove.cancel')}
          </button>
        ) : (
          <Link className="button button--ghost" to={`/${lang}/profile/cards`}>
            {t('remove.cancel')}
          </Link>
        )}
        <button type="submit" name="intent" value={CardIntent.remove} className="button">
          {t('remove.confirm')}
        </button>
      </div>
    </Form>
  )
}

/** "Remove": a link to the confirmation on the page that, with JavaScript, opens it as a modal. */
export function RemoveCard({ lang, card }: { lang: Lang; card: SavedCard }) {
  const { t } = useTranslation('cards')
  const [open, setOpen] = useState(false)
  return (
    <>
      <Link
        to={`/${lang}/profile/cards?remove=${card.id}`}
        aria-label={t('remove.label', { card: card.masked_number })}
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey) return
          event.preventDefault()
          setOpen(true)
        }}
      >
        {t('remove.link')}
      </Link>
      <Modal open={open} onClose={() => setOpen(false)} title={t('remove.title')}>
        <RemoveCardForm lang={lang} card={card} onCancel={() => setOpen(false)} />
      </Modal>
    </>
  )
}

/** Shown on the add form when Payme keeps the cards (REFERENCE-UZ: the form must show the Payme logo). */
export function PaymeNotice() {
  const { t } = useTranslation('cards')
  return (
    <p className="payme-notice">
      <strong className="payme-notice__logo" translate="no">
        Payme
      </strong>{' '}
      {t('add.payme')}
    </p>
  )
}
