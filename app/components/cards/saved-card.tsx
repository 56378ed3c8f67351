import type { ReactNode } from 'react'
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

/** Each system's wordmark: our own lettering in its colours (no third-party logo files). */
const marks: Record<SavedCard['system'], { text: string; color: string; italic?: boolean; width: number }> = {
  uzcard: { text: 'Uzcard', color: '#0b4ea2', width: 66 },
  humo: { text: 'HUMO', color: '#00a0af', width: 56 },
  visa: { text: 'VISA', color: '#1a1f71', italic: true, width: 52 },
  mastercard: { text: 'mastercard', color: '#222', width: 90 },
}

/** The payment system's mark; named for screen readers, its letters are the text. */
export function CardMark({ system }: { system: SavedCard['system'] }) {
  const { t } = useTranslation('cards')
  const mark = marks[system]
  return (
    <svg
      className="card-mark"
      role="img"
      aria-label={t(`system.${system}`)}
      viewBox={`0 0 ${mark.width + 16} 28`}
      height="28"
      width={mark.width + 16}
    >
      <rect width={mark.width + 16} height="28" rx="6" fill="#fff" />
      <text
        x={(mark.width + 16) / 2}
        y="19"
        textAnchor="middle"
        fill={mark.color}
        fontFamily="Arial, Helvetica, sans-serif"
        fontSize="15"
        fontWeight="800"
        fontStyle={mark.italic ? 'italic' : undefined}
        letterSpacing={system === 'mastercard' ? '-0.3' : '0.5'}
      >
        {mark.text}
      </text>
    </svg>
  )
}

/** A saved card drawn as a card: the system's mark, the masked number and the expiry; `action` (remove) below. */
export function CardTile({ card, action }: { card: SavedCard; action?: ReactNode }) {
  const { t } = useTranslation('cards')
  return (
    <div className={`card-tile card-tile--${card.system}`}>
      <CardMark system={card.system} />
      <span className="card-tile__number">{card.masked_number}</span>
      <span className="card-tile__expiry">{t('list.expiry', { expiry: card.expiry })}</span>
      {action ? <span className="card-tile__action">{action}</span> : null}
    </div>
  )
}
