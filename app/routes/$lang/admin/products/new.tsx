import { useTranslation } from 'react-i18next'
import { data, Link, redirect, useNavigation } from 'react-router'
import type { AdminProduct } from '#api/types.ts'
import { FormMessage } from '#app/components/account/fields.tsx'
import { unmaskAmounts } from '#app/utils/amount-input.ts'
import { requestLang } from '#app/utils/auth.server.ts'
import { flash } from '#app/utils/flash.server.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { getStaff, staffApi } from '#app/utils/staff-session.server.ts'
import { AdminErrorBoundary } from '../+shared/admin-error.tsx'
import { adminPath, staffCan } from '../+shared/staff.ts'
import { adminFailure, apiError, parseForm } from '../forms.server.ts'
import { amountFields, productForm } from './+shared/form-schema.ts'
import { ProductForm } from './+shared/product-form.tsx'
import type { Route } from './+types/new'
import { formFieldErrors, loadChoices, productBody } from './products.server.ts'
import './+shared/products.css'

export async function loader({ context }: Route.LoaderArgs) {
  const staff = getStaff(context)
  // New products are catalogue.write's (a brand, categories, a price): the API would refuse the rest.
  if (!staffCan(staff, 'catalogue.write')) throw data(serverT(context, 'admin')('errors.forbidden'), { status: 403 })
  return {
    lang: requestLang(context),
    choices: await loadChoices(context),
    canPrice: staffCan(staff, 'catalogue.write'),
    title: serverT(context, 'admin-products')('new.title'),
  }
}

/** Creates the product (stock 0) and opens its page, where pictures are added. */
export async function action({ request, context }: Route.ActionArgs) {
  const lang = requestLang(context)
  const t = serverT(context, 'admin-products')
  const submission = parseForm(unmaskAmounts(await request.formData(), amountFields), productForm)
  if (submission.status !== 'success') return adminFailure(submission, { intent: 'save', toast: t('errors.fill_form') })
  let created: AdminProduct
  try {
    const body = productBody(submission.value, staffCan(getStaff(context), 'catalogue.write'), true)
    created = await staffApi(context).send('POST', 'admin/products/', body)
  } catch (error) {
    const failed = apiError(error, [], t('errors.generic'))
    const fieldErrors = formFieldErrors((error as { body?: { errors?: [] } }).body?.errors)
    return adminFailure(submission, { intent: 'save', toast: failed.detail, status: failed.status, fieldErrors })
  }
  flash(context, { type: 'success', message: t('new.created') })
  return redirect(adminPath(lang, `products/${created.id}`))
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function NewProductPage({ loaderData, actionData }: Route.ComponentProps) {
  const { lang, choices, canPrice } = loaderData
  const { t } = useTranslation('admin-products')
  const answer = actionData
  const busy = useNavigation().state === 'submitting'
  return (
    <section className="admin-page products-page">
      <p>
        <Link to={adminPath(lang, 'products')}>← {t('list.title')}</Link>
      </p>
      <h1>{t('new.title')}</h1>
      <FormMessage toast={answer?.toast} />
      <ProductForm
        id="product-new"
        choices={choices}
        defaults={{ audience: 'women', unit: 'ml', country: 'FR' }}
        lastResult={answer?.result}
        canPrice={canPrice}
        busy={busy}
      />
    </section>
  )
}

export const ErrorBoundary = AdminErrorBoundary
