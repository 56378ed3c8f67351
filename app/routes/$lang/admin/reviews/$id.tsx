import { useTranslation } from 'react-i18next'
import { Form, Link } from 'react-router'
import { requestLang } from '#app/utils/auth.server.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { formatDate } from '#app/utils/money.ts'
import { staffApi } from '#app/utils/staff-session.server.ts'
import { HIDE_REASON_MAX, REPLY_MAX } from '#contract/desk.ts'
import { DeskIntent, hideForm, replyForm } from '../+shared/desk/forms.ts'
import { TextForm } from '../+shared/desk/text-form.tsx'
import { deskChange, deskText } from '../desk.server.ts'
import { byIntent, pageId, staffLoad } from '../forms.server.ts'

import type { Route } from './+types/$id'
import '../+shared/desk/pages.css'
import '../+shared/desk/desk.css'

export async function loader({ params, context }: Route.LoaderArgs) {
  const review = await staffLoad(context, `admin/reviews/${pageId(params.id)}/`)
  return {
    lang: requestLang(context),
    review,
    title: serverT(context, 'admin-desk')('reviews.meta_one', { id: review.id }),
  }
}

/** Hide (with a reason), show again, reply: each a plain form posting here, then back to the review. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const t = serverT(context, 'admin-desk')
  const id = pageId(params.id)
  const page = { context, here: `/${requestLang(context)}/admin/reviews/${id}` }
  const api = staffApi(context)
  return byIntent(await request.formData(), {
    [DeskIntent.hide]: (form) =>
      deskText(page, form, {
        intent: DeskIntent.hide,
        schema: hideForm,
        field: 'reason',
        send: async (reason) => {
          await api.send('POST', `admin/reviews/${id}/hide/`, { reason })
          return t('reviews.hidden_done')
        },
      }),
    [DeskIntent.reply]: (form) =>
      deskText(page, form, {
        intent: DeskIntent.reply,
        schema: replyForm,
        field: 'text',
        send: async (text) => {
          await api.send('PUT', `admin/reviews/${id}/reply/`, { text })
          return text ? t('reviews.reply_done') : t('reviews.reply_removed')
        },
      }),
    [DeskIntent.publish]: () =>
      deskChange(page, async () => {
        await api.send('POST', `admin/reviews/${id}/publish/`)
        return t('reviews.published_done')
      }),
  })
}

// The admin layout keeps every page out of caches and search engines.
export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function ReviewPage({ loaderData, actionData }: Route.ComponentProps) {
  const { lang, review } = loaderData
  const { t } = useTranslation('admin-desk')
  const result = (intent: string) => (actionData?.intent === intent ? actionData.result : null)
  return (
    <div className="desk-page">
      <p>
        <Link to={`/${lang}/admin/reviews`}>{t('reviews.back')}</Link>
      </p>
      <div className="desk-heading">
        <h1>{t('reviews.meta_one', { id: review.id })}</h1>
        <span className={`desk-state desk-state--${review.moderation}`}>{t(`reviews.is_${review.moderation}`)}</span>
      </div>
      <div className="desk-order">
        <div className="desk-order__main">
          <section className="admin-card" aria-labelledby="review-text">
            <h2 id="review-text">
              <a href={`/${lang}/products/${review.product.slug}`}>{review.product.title}</a>
            </h2>
            <p>
              <strong>{t('reviews.stars', { count: review.rating })}</strong> · {review.author.name} ·{' '}
              {formatDate(review.created_at)}
            </p>
            <p className="desk-message">{review.comment ?? t('reviews.no_comment')}</p>
            {review.photos.length ? (
              <ul className="desk-photos">
                {review.photos.map((src, i) => (
                  <li key={src}>
                    <img src={src} alt={t('reviews.photo', { n: i + 1 })} width={160} height={160} loading="lazy" />
                  </li>
                ))}
              </ul>
            ) : null}
            {review.moderation === 'hidden' ? (
              <p className="admin-alert">
                {t('reviews.hidden_because', { reason: review.hidden_reason ?? '' })}
                {review.moderated_by ? ` (${review.moderated_by.name}, ${formatDate(review.moderated_at)})` : ''}
              </p>
            ) : null}
          </section>
          <section className="admin-card" aria-labelledby="review-reply">
            <h2 id="review-reply">{t('reviews.reply_title')}</h2>
            <TextForm
              id="review-reply-form"
              intent={DeskIntent.reply}
              label={t('reviews.reply_label')}
              hint={t('reviews.reply_hint')}
              submit={t('reviews.reply_submit')}
              max={REPLY_MAX}
              required={false}
              defaultValue={review.reply}
              lastResult={result(DeskIntent.reply)}
            />
          </section>
        </div>
        <div className="desk-order__side">
          <section className="admin-card" aria-labelledby="review-moderation">
            <h2 id="review-moderation">{t('reviews.moderation')}</h2>
            {review.moderation !== 'published' ? (
              <Form method="post">
                <input type="hidden" name="intent" value={DeskIntent.publish} />
                <button type="submit" className="admin-button">
                  {review.moderation === 'hidden' ? t('reviews.show_again') : t('reviews.publish')}
                </button>
              </Form>
            ) : null}
            {review.moderation !== 'hidden' ? (
              <TextForm
                id="review-hide-form"
                intent={DeskIntent.hide}
                label={t('reviews.hide_reason')}
                hint={t('reviews.hide_hint')}
                submit={t('reviews.hide')}
                max={HIDE_REASON_MAX}
                lastResult={result(DeskIntent.hide)}
                danger
              />
            ) : null}
          </section>
        </div>
      </div>
    </div>
  )
}
