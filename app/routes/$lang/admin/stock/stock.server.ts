import type { Submission } from '@conform-to/react'
import { data, type RouterContextProvider, redirect } from 'react-router'
import { ApiResponseError } from '#app/utils/api-client.server.ts'
import { requestLang } from '#app/utils/auth.server.ts'
import { flash } from '#app/utils/flash.server.ts'
import { apiError, byIntent, parseForm } from '#app/utils/forms.server.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { idOf } from '#app/utils/ids.ts'
import { formatDate, formatMoney } from '#app/utils/money.ts'
import { staffApi } from '#app/utils/staff-session.server.ts'
import type { z } from '#contract/zod.ts'
import { arrivalForm, correctionForm, StockIntent, saleForm } from '../+shared/stock/schemas.ts'
import type { StockActionData } from '../+shared/stock/stock-forms.tsx'

type Context = Readonly<RouterContextProvider>
type Intent = (typeof StockIntent)[keyof typeof StockIntent]
type Stock = { context: Context; here: string; productId: number | null }

/** The fields of each form an API refusal may name. */
const apiFields: Record<Intent, string[]> = {
  correct: ['counted', 'reason', 'expires_on'],
  arrival: ['quantity', 'expires_on', 'note'],
  sale: ['percent'],
}

/** The form back with the typed values and the errors (a field's, or the API's reason above the form). */
function back(
  submission: Submission<unknown, string[], unknown>,
  intent: Intent,
  productId: number | null,
  status: number,
  errors: { fieldErrors?: Record<string, string[]>; formErrors?: string[] } = {},
) {
  const body: StockActionData = { intent, productId, result: submission.reply(errors) }
  return data(body, { status })
}

/**
 * One stock form: parsed by its schema, sent by `send` (which answers the
 * success toast); worked, the toast and back to the page; refused, the form
 * again with what was typed and why.
 */
async function stockForm<S extends z.ZodType>(
  stock: Stock,
  form: FormData,
  intent: Intent,
  schema: S,
  send: (path: `admin/stock/products/${number}/`, value: z.output<S>) => Promise<string>,
) {
  const submission = parseForm(form, schema)
  const id = stock.productId
  if (submission.status !== 'success' || id === null) return back(submission, intent, id, 400)
  try {
    flash(stock.context, { type: 'success', message: await send(`admin/stock/products/${id}/`, submission.value) })
    return redirect(stock.here)
  } catch (error) {
    if (!(error instanceof ApiResponseError) || error.status >= 500 || error.status === 401) throw error
    const t = serverT(stock.context, 'admin-stock')
    const problem = apiError(error, apiFields[intent], t('forms.failed'))
    const formErrors = Object.keys(problem.fieldErrors).length ? undefined : [problem.detail]
    return back(submission, intent, id, problem.status, { fieldErrors: problem.fieldErrors, formErrors })
  }
}

/**
 * The stock forms of both screens: a count, an arrival, a sale. Worked:
 * a toast and back to `here` (post/redirect/get). Refused: the form again
 * with what was typed and why, whether the browser checked it or the API.
 */
export async function stockAction(request: Request, context: Context, here: string, productId?: number) {
  const form = await request.formData()
  const stock = { context, here, productId: productId ?? idOf(form.get('product_id')) }
  const t = serverT(context, 'admin-stock')
  const api = staffApi(context)
  return byIntent(form, {
    [StockIntent.correct]: () =>
      stockForm(stock, form, StockIntent.correct, correctionForm, async (path, value) => {
        const after = await api.send('POST', `${path}corrections/`, {
          seen: value.seen,
          counted: value.counted,
          reason: value.reason,
          expires_on: value.expires_on ?? null,
        })
        return value.seen === value.counted
          ? t('forms.unchanged')
          : t('forms.counted_done', { title: after.title, count: after.stock })
      }),
    [StockIntent.arrival]: () =>
      stockForm(stock, form, StockIntent.arrival, arrivalForm, async (path, value) => {
        const after = await api.send('POST', `${path}arrivals/`, {
          quantity: value.quantity,
          expires_on: value.expires_on ?? null,
          note: value.note ?? null,
        })
        return t('forms.arrival_done', { title: after.title, count: after.stock })
      }),
    [StockIntent.sale]: () =>
      stockForm(stock, form, StockIntent.sale, saleForm, async (path, value) => {
        const after = await api.send('POST', `${path}sale/`, { percent: value.percent, days: value.days })
        return t('forms.sale_done', {
          title: after.title,
          price: formatMoney(after.sale_price ?? after.price, requestLang(context)),
          // The sale runs until the end of the expiry day: the day before the moment it ends.
          date: formatDate(new Date(Date.parse(after.sale_ends_at ?? '') - 1)),
        })
      }),
  })
}
