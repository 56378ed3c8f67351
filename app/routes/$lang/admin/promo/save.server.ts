import { type RouterContextProvider, redirect } from 'react-router'
import { ApiResponseError } from '#app/utils/api-client.server.ts'
import { requestLang } from '#app/utils/auth.server.ts'
import { flash } from '#app/utils/flash.server.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { staffApi } from '#app/utils/staff-session.server.ts'
import { adminPath } from '../+shared/staff.ts'
import { adminFailure, apiError, parseForm } from '../forms.server.ts'
import { formFields, onFormFields, type PromoCode, promoBody, promoForm } from './promo.server.ts'

/**
 * The new and edit pages' save: the form's shape checked, the API asked
 * (POST to create, PATCH to change), its field errors put back on the form
 * with the typed values; done: back to the code's page with a toast.
 */
export async function savePromo(context: Readonly<RouterContextProvider>, formData: FormData, id: number | null) {
  const t = serverT(context, 'admin-promo')
  const intent = 'save'
  const submission = parseForm(formData, promoForm)
  if (submission.status !== 'success') return adminFailure(submission, { intent, toast: t('fill_form') })
  let saved: PromoCode
  try {
    const body = promoBody(submission.value)
    saved = id
      ? await staffApi(context).send('PATCH', `admin/promo/${id}/`, body)
      : await staffApi(context).send('POST', 'admin/promo/', body)
  } catch (error) {
    const failed = apiError(error, formFields, serverT(context, 'admin')('errors.generic'))
    const errors = error instanceof ApiResponseError ? error.body.errors : undefined
    return adminFailure(submission, {
      intent,
      toast: failed.detail,
      status: failed.status,
      fieldErrors: onFormFields(failed.fieldErrors, errors),
    })
  }
  flash(context, { type: 'success', message: t(id ? 'saved' : 'created') })
  return redirect(adminPath(requestLang(context), `promo/${saved.id}`))
}
