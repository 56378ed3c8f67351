import type { Submission } from '@conform-to/react'
import { data, type RouterContextProvider, redirect } from 'react-router'
import { ApiResponseError } from '#app/utils/api-client.server.ts'
import { requestLang } from '#app/utils/auth.server.ts'
import { flash } from '#app/utils/flash.server.ts'
import { apiError, parseForm } from '#app/utils/forms.server.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { formatDate, formatMoney } from '#app/utils/money.ts'
import { staffApi } from '#app/utils/staff-session.server.ts'
import { arrivalForm, correctionForm, StockIntent, saleForm } from './+shared/schemas.ts'
import type { StockActionData } from './+shared/stock-forms.tsx'

type Context = Readonly<RouterContextProvider>

const fieldsOf = {
  correct: ['counted', 'reason', 'expires_on'],
  arrival: ['quantity', 'expires_on', 'note'],
  sale: ['percent'],
}

/** The form back with the typed values and the errors (a field's, or the API's reason above the form). */
function back(
  submission: Submission<any, string[], any>,
  intent: string,
  productId: number | null,
  status: number,
  errors: { fieldErrors?: Record<string, string[]>; formErrors?: string[] } = {},
) {
  const body: StockActionData = { intent, productId, result: submission.reply(errors) }
  return data(body, { status })
}

/**
 * The stock forms of both screens: a count, an arrival, a sale. Worked:
 * a toast and back to `here` (post/redirect/get). Refused: the form again
 * with what was typed and why, whether the browser checked it or the API.
 */
export async function stockAction(request: Request, context: Context, here: string, productId?: number) {
  const form = await request.formData()
  const intent = form.get('intent')
  const t = serverT(context, 'admin-stock')
  const lang = requestLang(context)
  const schema =
    intent === StockIntent.correct ? correctionForm : intent === StockIntent.arrival ? arrivalForm : saleForm
  if (intent !== StockIntent.correct && intent !== StockIntent.arrival && intent !== StockIntent.sale)
    throw data(null, { status: 400 })
  const submission = parseForm(form, schema)
  const rawId = Number(form.get('product_id'))
  const id = productId ?? (Number.isInteger(rawId) && rawId > 0 ? rawId : null)
  if (submission.status !== 'success' || id === null) return back(submission, intent, id, 400)
  const value = submission.value as Record<string, unknown>
  const path = `admin/stock/products/${id}/` as const
  const api = staffApi(context)
  try {
    if (intent === StockIntent.correct) {
      const after = await api.send('POST', `${path}corrections/`, {
        seen: value.seen,
        counted: value.counted,
        reason: value.reason,
        expires_on: value.expires_on ?? null,
      })
      const message =
        value.seen === value.counted
          ? t('forms.unchanged')
          : t('forms.counted_done', { title: after.title, count: after.stock })
      flash(context, { type: 'success', message })
    } else if (intent === StockIntent.arrival) {
      const after = await api.send('POST', `${path}arrivals/`, {
        quantity: value.quantity,
        expires_on: value.expires_on ?? null,
        note: value.note ?? null,
      })
      flash(context, { type: 'success', message: t('forms.arrival_done', { title: after.title, count: after.stock }) })
    } else {
      const after = await api.send('POST', `${path}sale/`, { percent: value.percent, days: value.days })
      flash(context, {
        type: 'success',
        message: t('forms.sale_done', {
          title: after.title,
          price: formatMoney(after.sale_price ?? after.price, lang),
          // The sale runs until the end of the expiry day: the day before the moment it ends.
          date: formatDate(new Date(Date.parse(after.sale_ends_at ?? '') - 1)),
        }),
      })
    }
    return redirect(here)
  } catch (error) {
    if (!(error instanceof ApiResponseError) || error.status >= 500 || error.status === 401) throw error
    const problem = apiError(error, fieldsOf[intent], t('forms.failed'))
    const formErrors = Object.keys(problem.fieldErrors).length ? undefined : [problem.detail]
    return back(submission, intent, id, problem.status, { fieldErrors: problem.fieldErrors, formErrors })
  }
}
