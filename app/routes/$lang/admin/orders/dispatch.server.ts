import { type RouterContextProvider, redirect } from 'react-router'
import { requestLang } from '#app/utils/auth.server.ts'
import { flash } from '#app/utils/flash.server.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { idOf } from '#app/utils/ids.ts'
import { staffApi } from '#app/utils/staff-session.server.ts'
import { z } from '#contract/zod.ts'
import { refusedBack } from '../forms.server.ts'

/** The desk's dispatch form: the ticked orders (`order_id`, many) and whom to give them to. */
const dispatchForm = z.object({
  order_ids: z.array(z.number()).max(50),
  staff_id: z.number(),
})

/**
 * Gives the ticked orders to the chosen courier at once (POST
 * admin/orders/assign/) and says what happened: how many were given, and each
 * one refused with the API's reason (closed meanwhile, a pickup order). Back
 * to the list as it was filtered.
 */
export async function dispatchOrders(context: Readonly<RouterContextProvider>, request: Request, form: FormData) {
  const t = serverT(context, 'admin-orders')
  // Back to the list as filtered (the request may be the data request of a script: its own path and markers).
  const query = new URL(request.url).searchParams
  for (const marker of ['index', '_routes']) query.delete(marker)
  const search = query.toString()
  const back = `/${requestLang(context)}/admin/orders${search ? `?${search}` : ''}`
  const parsed = dispatchForm.safeParse({
    order_ids: form.getAll('order_id').map((v) => idOf(String(v))),
    staff_id: idOf(String(form.get('staff_id') ?? '')),
  })
  if (!parsed.success || !parsed.data.order_ids.length) {
    flash(context, { type: 'error', message: t('dispatch.choose') })
    return redirect(back)
  }
  try {
    const { results } = await staffApi(context).send('POST', 'admin/orders/assign/', parsed.data)
    const given = results.filter((r) => r.assigned)
    const refused = results.filter((r) => !r.assigned)
    if (given.length) flash(context, { type: 'success', message: t('dispatch.done', { count: given.length }) })
    for (const r of refused)
      flash(context, { type: 'error', message: t('dispatch.refused', { number: r.number, detail: r.detail ?? '' }) })
  } catch (error) {
    return refusedBack(context, error, back, t('actions.failed'))
  }
  return redirect(back)
}
