import { useTranslation } from 'react-i18next'
import type { SavedCard } from '#api/types.ts'

/** "Uzcard · 8600 **** **** 6311 · 03/29". */
export function CardSummary({ card }: { card: SavedCard }) {
  const { t } = useTranslation('cards')
  return (
    <span className="saved-card">
      <span className="saved-card__system">{t(`system.${card.system}`)}</span>{' '}
      <span className="saved-card__number">{card.masked_number}</span>{' '}
      <span className="saved-card__expiry">{t('list.expiry', { expiry: card.expiry })}</span>
    </span>
  )
}
