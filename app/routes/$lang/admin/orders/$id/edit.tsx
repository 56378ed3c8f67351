import { useTranslation } from 'react-i18next'
import { data, Form, Link, redirect } from 'react-router'
import type { OrderEditPreview } from '#api/types.ts'
import { requestLang } from '#app/utils/auth.server.ts'
import { flash } from '#app/utils/flash.server.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { formatMoney } from '#app/utils/money.ts'
import { staffApi } from '#app/utils/staff-session.server.ts'
import { CANCEL_REASON_MAX } from '#contract/orders.ts'
import { pageId } from '../../forms.server.ts'
import {
  addedId,
  type Draft,
  DraftIntent,
  type DraftProblem,
  type FoundProduct,
  TASHKENT_CITY,
} from '../+shared/draft.ts'
import { DraftFooter, DraftLines, DraftProblemNote, PlaceFields } from '../+shared/draft-fields.tsx'
import { loadDeskOrder } from '../desk.server.ts'
import {
  apiPlace,
  apiReceiver,
  findProducts,
  lineOf,
  linesOf,
  placeChoices,
  problemOf,
  readDraft,
} from '../draft.server.ts'
import type { Route } from './+types/edit'
import '../+shared/orders.css'
import '../+shared/order-changes.css'

/** The order as a draft: its lines, place and receiver as they are now. */
function draftOf(order: Awaited<ReturnType<typeof loadDeskOrder>>): Draft {
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

type Answer = {
  intent: string
  /** The `updated_at` the page was opened with: kept, so a change made meanwhile keeps being refused. */
  expected: string
  draft: Draft
  preview: OrderEditPreview | null
  found: FoundProduct[] | null
  query: string
  problem: DraftProblem | null
}

/**
 * The edit form's posts: recompute (the API's preview of exactly this
 * edit), find products, add one, save. Every post carries the whole draft
 * and the `updated_at` the page was opened with, so a change someone made
 * meanwhile is refused (409) rather than overwritten.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const id = pageId(params.id)
  const lang = requestLang(context)
  const form = await request.formData()
  const intent = form.get('intent')
  const draft = readDraft(form)
  const query = String(form.get('q') ?? '').trim()
  const expected = String(form.get('expected_updated_at') ?? '')
  const answer = (a: Partial<Answer>, status = 200) =>
    data(
      { intent: String(intent), expected, draft, preview: null, found: null, query, problem: null, ...a },
      { status },
    )
  const body = () => ({
    expected_updated_at: expected,
    ...apiPlace(draft),
    receiver: apiReceiver(draft),
    reason: draft.reason || null,
  })
  const previewed = async () => {
    try {
      const preview = await staffApi(context).send('POST', `admin/orders/${id}/edit/preview/`, body())
      draft.items = linesOf(preview.items)
      return answer({ preview })
    } catch (error) {
      const problem = problemOf(error)
      return answer({ problem }, problem.status)
    }
  }
  if (intent === DraftIntent.find) return answer({ found: await findProducts(context, query) })
  const added = addedId(intent)
  if (added !== null) {
    if (!draft.items.some((l) => l.product_id === added)) draft.items.push(await lineOf(context, added))
    return previewed()
  }
  if (intent === DraftIntent.recalc) return previewed()
  if (intent !== 'save') throw data(null, { status: 400 })
  try {
    const order = await staffApi(context).send('POST', `admin/orders/${id}/edit/`, body())
    const t = serverT(context, 'admin-orders')
    flash(context, { type: 'success', message: t('edit.saved', { number: order.number }) })
  } catch (error) {
    const problem = problemOf(error)
    return answer({ problem }, problem.status)
  }
  return redirect(`/${lang}/admin/orders/${id}`)
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
        <input type="hidden" name="expected_updated_at" value={actionData?.expected ?? order.updated_at} />
        <DraftProblemNote problem={problem} />
        <DraftLines
          lang={lang}
          draft={draft}
          found={actionData?.found ?? null}
          query={actionData?.query ?? ''}
          problem={problem}
        />
        <PlaceFields draft={draft} place={place} problem={problem} />
        <div className="desk-card">
          <label htmlFor="draft-reason" className="field__label">
            {t('edit.reason')}
          </label>
          <textarea
            id="draft-reason"
            name="reason"
            rows={2}
            maxLength={CANCEL_REASON_MAX}
            defaultValue={draft.reason}
            className="desk-textarea"
          />
        </div>
        <DraftFooter lang={lang} preview={actionData?.preview} submit={{ intent: 'save', label: t('edit.save') }} />
      </Form>
    </div>
  )
}
