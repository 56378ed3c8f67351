import { type RouterContextProvider, redirect } from 'react-router'
import type { AdminProduct } from '#api/types.ts'
import { requestLang } from '#app/utils/auth.server.ts'
import { flash } from '#app/utils/flash.server.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { staffApi } from '#app/utils/staff-session.server.ts'
import { adminPath } from '../+shared/staff.ts'
import { adminFailure, apiFailure, parseForm, refusedBack } from '../forms.server.ts'
import { groupForm, LineIntent, newSizeForm } from './+shared/line-form-schema.ts'

type Context = Readonly<RouterContextProvider>

/**
 * The product page's line forms, one function per intent (the page's
 * `byIntent` takes them beside its own): group with another product, leave
 * the line, a new size (which opens the new product).
 */
export function lineActions(context: Context, product: AdminProduct) {
  const lang = requestLang(context)
  const t = serverT(context, 'admin-lines')
  const api = staffApi(context)
  const here = adminPath(lang, `products/${product.id}`)
  const back = (message: string) => {
    flash(context, { type: 'success', message })
    return redirect(here)
  }
  return {
    [LineIntent.group]: async (form: FormData) => {
      const intent = LineIntent.group
      const submission = parseForm(form, groupForm)
      if (submission.status !== 'success') return adminFailure(submission, { intent, toast: t('errors.fill_form') })
      try {
        await api.send('POST', `admin/products/${product.id}/line/`, { with: submission.value.with })
      } catch (error) {
        return apiFailure(submission, intent, error, ['with'], t('errors.generic'))
      }
      return back(t('group.done'))
    },
    [LineIntent.leave]: async () => {
      try {
        await api.send('DELETE', `admin/products/${product.id}/line/`)
      } catch (error) {
        return refusedBack(context, error, here, t('errors.generic'))
      }
      return back(t('section.left'))
    },
    [LineIntent.newSize]: async (form: FormData) => {
      const intent = LineIntent.newSize
      const submission = parseForm(form, newSizeForm)
      if (submission.status !== 'success') return adminFailure(submission, { intent, toast: t('errors.fill_form') })
      const { volume, price, concentration, size_kind, sku } = submission.value
      let created: number
      try {
        const answer = await api.send('POST', `admin/products/${product.id}/sizes/`, {
          volume,
          price,
          ...(concentration ? { concentration } : {}),
          ...(size_kind ? { size_kind } : {}),
          sku: sku || null,
        })
        created = answer.product_id
      } catch (error) {
        return apiFailure(submission, intent, error, ['volume', 'price', 'sku', 'size_kind'], t('errors.generic'))
      }
      flash(context, { type: 'success', message: t('size.created') })
      return redirect(adminPath(lang, `products/${created}`))
    },
  }
}
