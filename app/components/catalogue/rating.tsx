import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'

const ratingFormat = new Intl.NumberFormat('ru-RU', { minimumFractionDigits: 1, maximumFractionDigits: 1 })
export const formatRating = (rating: number) => ratingFormat.format(rating)

type RatingProps = { rating: number | null; reviews: number; compact?: boolean }

/** Five stars filled to the average, with the number and the review count as text. */
export function Rating(props: RatingProps) {
  const { t } = useTranslation('catalogue')
  return <RatingText {...props} t={t} />
}

/** `Rating` with the texts passed in (for lists of cards). */
export function RatingText({ rating, reviews, compact, t }: RatingProps & { t: TFunction<'catalogue'> }) {
  if (rating === null || reviews === 0) {
    return compact ? null : <p className="rating rating--none">{t('rating.none')}</p>
  }
  const percent = Math.max(0, Math.min(100, (rating / 5) * 100))
  return (
    <p className="rating">
      <span className="stars" aria-hidden="true">
        <span className="stars__fill" style={{ width: `${percent}%` }} />
      </span>
      <span className="visually-hidden">{t('rating.label', { rating: formatRating(rating) })}</span>
      <span aria-hidden="true" className="rating__value">
        {formatRating(rating)}
      </span>
      <span className="rating__count">
        {compact ? (
          <>
            <span aria-hidden="true">({reviews})</span>
            <span className="visually-hidden">{t('rating.reviews', { count: reviews })}</span>
          </>
        ) : (
          t('rating.reviews', { count: reviews })
        )}
      </span>
    </p>
  )
}
