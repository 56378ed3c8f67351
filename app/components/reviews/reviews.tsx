import { useTranslation } from 'react-i18next'
import { Form, Link, useNavigation } from 'react-router'
import type { Review, ReviewPage } from '#api/types.ts'
import { formatDate, isoDate } from '#app/utils/money.ts'
import { PersonalSlot, type PersonalText, usePersonalValue } from '#app/utils/personal.tsx'
import { COMMENT_MAX, REVIEW_PHOTOS_MAX } from '#contract/review-limits.ts'
import { IMAGE_MAX_BYTES } from '#contract/upload-limits.ts'
import { FormMessage } from '../form-message.tsx'
import type { ToastMessage } from '../toaster.tsx'

/** What the visitor may do: sign in first, write (or edit) a review, or why not. */
export type ReviewPermission =
  | { kind: 'anonymous'; loginTo: string }
  | { kind: 'refused'; reason: string }
  | { kind: 'allowed'; review: Review | null }

export type ReviewsData = {
  page: Omit<ReviewPage, 'links'>
  /** The shopper's own (app/utils/personal.server.ts). */
  permission: PersonalText<ReviewPermission>
  action: string
}

/** The review form's buttons (`intent`). */
export const ReviewIntent = { save: 'save', delete: 'delete' } as const

/**
 * A refused post (the product page's action data): why, and what was typed to
 * show again; `typed` is null when the post could not be read (too large) or
 * was a deletion, and the form shows the saved review.
 */
export type ReviewFailure = {
  toast: ToastMessage
  typed: { rating: number | null; comment: string; clearPhotos: boolean } | null
}

/** The written reviews of a product and, below them, the form or why there is none. */
export function Reviews({ data, failed, path }: { data: ReviewsData; failed?: ReviewFailure; path: string }) {
  const { t } = useTranslation('reviews')
  const { page, permission, action } = data
  return (
    <div className="reviews">
      {page.results.length ? (
        <ul className="reviews__list" aria-label={t('list_title')}>
          {page.results.map((review) => (
            <li key={review.id}>
              <ReviewItem review={review} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="reviews__empty">{t('empty')}</p>
      )}
      {page.total_pages > 1 ? (
        <nav className="reviews__pages" aria-label={t('list_title')}>
          {page.current_page > 1 ? (
            <Link to={`${path}?reviews=${page.current_page - 1}#reviews`} preventScrollReset>
              {t('newer')}
            </Link>
          ) : null}
          {page.current_page < page.total_pages ? (
            <Link to={`${path}?reviews=${page.current_page + 1}#reviews`} preventScrollReset>
              {t('more')}
            </Link>
          ) : null}
        </nav>
      ) : null}
      <PersonalSlot id="review-access" state={(value) => value(permission)}>
        <ReviewAccess permission={permission} action={action} failed={failed} />
      </PersonalSlot>
    </div>
  )
}

function ReviewItem({ review }: { review: Review }) {
  const { t } = useTranslation('reviews')
  const author = review.author || t('anonymous')
  return (
    <article className="review">
      <header className="review__header">
        <p className="review__rating">
          <span className="review__stars" aria-hidden="true">
            {'★'.repeat(review.rating)}
            <span className="review__stars-empty">{'★'.repeat(5 - review.rating)}</span>
          </span>
          <span className="review__rating-text">{t('stars', { rating: review.rating })}</span>
        </p>
        <p className="review__meta">
          <span className="review__author">{author}</span>{' '}
          <time dateTime={isoDate(review.created_at)}>{formatDate(review.created_at)}</time>
        </p>
      </header>
      {review.comment ? <p className="review__comment">{review.comment}</p> : null}
      {review.photos.length ? (
        <ul className="review__photos">
          {review.photos.map((photo, i) => (
            <li key={photo.small}>
              <a href={photo.large}>
                <img
                  src={photo.small}
                  alt={t('photo', { number: i + 1, author })}
                  width={120}
                  height={120}
                  loading="lazy"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {review.shop_reply ? (
        <section className="review__reply" aria-label={t('shop_reply')}>
          <p className="review__reply-title">
            {t('shop_reply')}{' '}
            <time dateTime={isoDate(review.shop_reply.created_at)}>{formatDate(review.shop_reply.created_at)}</time>
          </p>
          <p className="review__comment">{review.shop_reply.text}</p>
        </section>
      ) : null}
    </article>
  )
}

function ReviewAccess({
  action,
  failed,
  ...props
}: {
  permission: PersonalText<ReviewPermission>
  action: string
  failed?: ReviewFailure
}) {
  const { t } = useTranslation('reviews')
  const permission = usePersonalValue(props.permission)
  if (permission.kind === 'anonymous')
    return (
      <p className="reviews__notice">
        {t('sign_in')} <Link to={permission.loginTo}>{t('sign_in_link')}</Link>
      </p>
    )
  if (permission.kind === 'refused') return <p className="reviews__notice">{permission.reason}</p>
  return <ReviewForm review={permission.review} action={action} failed={failed} />
}

/**
 * Writes or edits the review. After a refused post it shows why (inline
 * without JavaScript, a toast with it) and keeps what was typed: the browser
 * keeps its fields with JavaScript, the server renders them back without.
 */
function ReviewForm({ review, action, failed }: { review: Review | null; action: string; failed?: ReviewFailure }) {
  const { t } = useTranslation('reviews')
  const busy = useNavigation().state === 'submitting'
  const max = IMAGE_MAX_BYTES / 1024 / 1024
  const typed = failed?.typed
  return (
    <section id="review-form" className="review-form" aria-labelledby="review-form-title">
      <h3 id="review-form-title">{review ? t('edit_title') : t('form_title')}</h3>
      <FormMessage toast={failed?.toast} />
      {/* The key resets the fields to the saved review after each saved post. */}
      <Form
        key={review?.updated_at ?? 'new'}
        method="post"
        action={action}
        encType="multipart/form-data"
        preventScrollReset
      >
        <fieldset className="review-form__rating">
          <legend>{t('rating')}</legend>
          {[5, 4, 3, 2, 1].map((value) => (
            <label key={value}>
              <input
                type="radio"
                name="rating"
                value={value}
                required
                defaultChecked={(typed ? typed.rating : review?.rating) === value}
              />
              <span>{t('rating_option', { rating: value })}</span>
            </label>
          ))}
        </fieldset>
        <div className="review-form__field">
          <label htmlFor="review-comment">{t('comment')}</label>
          <textarea
            id="review-comment"
            name="comment"
            rows={4}
            maxLength={COMMENT_MAX}
            defaultValue={typed ? typed.comment : (review?.comment ?? '')}
            aria-describedby="review-comment-hint"
          />
          <small id="review-comment-hint">{t('comment_hint', { max: COMMENT_MAX })}</small>
        </div>
        <div className="review-form__field">
          <label htmlFor="review-photos">{t('photos')}</label>
          <input
            id="review-photos"
            type="file"
            name="photos"
            accept="image/jpeg,image/png"
            multiple
            aria-describedby="review-photos-hint"
          />
          <small id="review-photos-hint">
            {t('photos_hint', { count: REVIEW_PHOTOS_MAX, max })}
            {review?.photos.length ? ` ${t('photos_replace')}` : ''}
          </small>
        </div>
        {review?.photos.length ? (
          <label className="review-form__check">
            <input type="checkbox" name="clear_photos" value="true" defaultChecked={typed?.clearPhotos} />{' '}
            {t('clear_photos')}
          </label>
        ) : null}
        <div className="review-form__actions">
          <button type="submit" className="button" name="intent" value={ReviewIntent.save} disabled={busy}>
            {review ? t('update') : t('submit')}
          </button>
        </div>
      </Form>
      {review ? (
        <Form method="post" action={action} preventScrollReset>
          <button
            type="submit"
            className="button button--ghost"
            name="intent"
            value={ReviewIntent.delete}
            disabled={busy}
          >
            {t('delete')}
          </button>
        </Form>
      ) : null}
    </section>
  )
}
