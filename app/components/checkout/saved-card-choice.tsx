import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { SavedCard } from '#api/types.ts'
import type { Lang } from '#app/utils/i18n.ts'
import { CardSummary } from '../cards/saved-card.tsx'
// Its look is the checkout's radio groups, on the order page too.

/** The `card_id` value of "a new card" (the provider's page). */
export const NEW_CARD = 'new'

/** The `card_id` radio to check: the one chosen before if it is still saved, else the first card. */
export function chosenCard(cards: SavedCard[], chosen: string | number | null | undefined) {
  const value = chosen == null ? '' : String(chosen)
  if (value === NEW_CARD || cards.some((c) => String(c.id) === value)) return value
  return cards[0] ? String(cards[0].id) : NEW_CARD
}

/**
 * Which card pays (payment by card): one of the customer's confirmed cards,
 * charged at once, or a new card on the provider's page. Plain radios named
 * `card_id`, so it works without JavaScript. With no saved cards: the way to
 * add one. With Payme keeping the cards, its logo (REFERENCE-UZ).
 */
export function SavedCardChoice({
  lang,
  cards,
  selected,
  payme,
  error,
  hidden,
}: {
  lang: Lang
  cards: SavedCard[]
  selected: string
  payme: boolean
  error?: string
  hidden?: boolean
}) {
  const { t } = useTranslation('checkout')
  const errorId = 'card-choice-error'
  return (
    <fieldset className="checkout-choice" hidden={hidden} aria-describedby={error ? errorId : undefined}>
      <legend>{t('payment.card_choice')}</legend>
      {cards.map((card) => (
        <label key={card.id} className="checkout-choice__option">
          <input type="radio" name="card_id" value={card.id} defaultChecked={selected === String(card.id)} />
          <CardSummary card={card} />
        </label>
      ))}
      <label className="checkout-choice__option">
        <input type="radio" name="card_id" value={NEW_CARD} defaultChecked={selected === NEW_CARD} />
        <span>
          {t('payment.new_card')}
          <small>{t('payment.new_card_hint')}</small>
        </span>
      </label>
      {cards.length === 0 ? (
        <p className="checkout-muted">
          {t('payment.no_saved_cards')} <Link to={`/${lang}/profile/cards`}>{t('payment.add_card')}</Link>
        </p>
      ) : null}
      {payme && cards.length > 0 ? (
        <p className="payme-notice">
          <strong className="payme-notice__logo" translate="no">
            Payme
          </strong>{' '}
          {t('payment.card_payme')}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={errorId}>
          {/* The form's own rule arrives as a key; the API's reasons arrive translated. */}
          {error === 'card_invalid' ? t('payment.card_invalid') : error}
        </p>
      ) : null}
    </fieldset>
  )
}
