import { useTranslation } from 'react-i18next'
import { Form, Link, redirect } from 'react-router'
import { requestLang } from '#app/utils/auth.server.ts'
import { flash } from '#app/utils/flash.server.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { formatMoney } from '#app/utils/money.ts'
import { staffApi } from '#app/utils/staff-session.server.ts'
import { CANCEL_REASON_MAX } from '#contract/orders.ts'
import { TASHKENT_CITY } from '#contract/regions.ts'
import { byIntent, pageId } from '../../forms.server.ts'
import { DraftIntent, draftField } from '../+shared/draft.ts'
import { DraftFooter, DraftLines, DraftProblemNote, PlaceFields, ReceiverFields } from '../+shared/draft-fields.tsx'
import { type OrderEditDraft, orderEditForm } from '../+shared/draft-form.ts'
import { loadDeskOrder } from '../desk.server.ts'
import { apiPlace, apiReceiver, draftActions, linesOf, placeChoices, readDraft } from '../draft.server.ts'
import type { Route } from './+types/edit'
import '../../+shared/desk/pages.css'
import '../+shared/order-changes.css'

/** The order as a draft: its lines, place and receiver as they are now, and the `updated_at` they are of. */
function draftOf(order: Awaited<ReturnType<typeof loadDeskOrder>>): OrderEditDraft {
  const a = order.address
  const tashkent = a?.region.code === TASHKENT_CITY
  return {
    items: linesOf(order.items),
    delivery: order.delivery === 'courier' ? 'courier' : 'pickup',
    address: {
      region: a?.region.code ?? TASHKENT_CITY,
      district: tashkent ? (a?.district?.code ?? '') : '',
      district_text: tashkent ? '' : (a?.district?.name ?? ''),
      street: a?.street ?? '',
      house: a?.house ?? '',
      flat: a?.flat ?? '',
      landmark: a?.landmark ?? '',
    },
    pickup_point: order.pickup_point?.id ?? '',
    receiver: {
      name: order.receiver.name,
      phone: order.receiver.phone,
      extra_phone: order.receiver.extra_phone ?? '',
    },
    q: '',
    expected_updated_at: order.updated_at,
    reason: '',
  }
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const order = await loadDeskOrder(context, params.id)
  return {
    lang: requestLang(context),
    order,
    draft: draftOf(order),
    place: await placeChoices(context),
    title: serverT(context, 'admin-orders')('edit.meta_title', { number: order.number }),
  }
}

/** The edit as the API takes it: the `updated_at` the page was opened with, so a change made meanwhile is refused. */
const editBody = (draft: OrderEditDraft) => ({
  expected_updated_at: draft.expected_updated_at,
  ...apiPlace(draft),
  receiver: apiReceiver(draft),
  reason: draft.reason || null,
})

/**
 * The edit form's posts: recompute (the API's preview of exactly this
 * edit), find products, add one, save. Every post carries the whole draft
 * and the `updated_at` the page was opened with, so a change someone made
 * meanwhile is refused (409) rather than overwritten.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const id = pageId(params.id)
  const form = await request.formData()
  const draft = readDraft(form, orderEditForm)
  const api = staffApi(context)
  const desk = draftActions(context, draft, (d) => api.send('POST', `admin/orders/${id}/edit/preview/`, editBody(d)))
  return byIntent(form, {
    ...desk.intents,
    [DraftIntent.save]: async () => {
      try {
        const order = await api.send('POST', `admin/orders/${id}/edit/`, editBody(draft))
        flash(context, {
          type: 'success',
          message: serverT(context, 'admin-orders')('edit.saved', { number: order.number }),
        })
      } catch (error) {
        return desk.refused(DraftIntent.save, error)
      }
      return redirect(`/${requestLang(context)}/admin/orders/${id}`)
    },
  })
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function EditOrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { lang, order, place } = loaderData
  const { t } = useTranslation('admin-orders')
  const draft = actionData?.draft ?? loaderData.draft
  const problem = actionData?.problem ?? null
  return (
    <div className="desk-page">
      <p>
        <Link to={`/${lang}/admin/orders/${order.id}`}>{t('edit.back', { number: order.number })}</Link>
      </p>
      <div className="desk-heading">
        <h1>{t('edit.title', { number: order.number })}</h1>
        <span className={`desk-status desk-status--${order.status_name}`}>{order.status_label}</span>
      </div>
      <p className="desk-muted">
        {t('edit.now', { total: formatMoney(order.total, lang), paid: formatMoney(order.paid_total, lang) })}
      </p>
      {/* A new draft (a line added, a preview) re-renders the fields with what it holds. */}
      <Form method="post" className="desk-draft" key={JSON.stringify(draft)}>
        <input type="hidden" name={draftField('expected_updated_at')} value={draft.expected_updated_at} />
        <DraftProblemNote problem={problem} />
        <DraftLines lang={lang} draft={draft} found={actionData?.found ?? null} problem={problem} />
        <PlaceFields draft={draft} place={place} problem={problem} />
        <ReceiverFields draft={draft} problem={problem} />
        <div className="desk-card">
          <label htmlFor="draft-reason" className="field__label">
            {t('edit.reason')}
          </label>
          <textarea
            id="draft-reason"
            name={draftField('reason')}
            rows={2}
            maxLength={CANCEL_REASON_MAX}
            defaultValue={draft.reason}
            className="desk-textarea"
          />
        </div>
        <DraftFooter
          lang={lang}
          preview={actionData?.preview}
          submit={{ intent: DraftIntent.save, label: t('edit.save') }}
        />
      </Form>
    </div>
  )
}
