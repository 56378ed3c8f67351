import { useTranslation } from 'react-i18next'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import type { AdminProduct } from '#api/types.ts'
import { FormMessage } from '#app/components/account/fields.tsx'
import { showAmount, unmaskAmounts } from '#app/utils/amount-input.ts'
import { isApiError } from '#app/utils/api-errors.server.ts'
import { requestLang } from '#app/utils/auth.server.ts'
import { flash } from '#app/utils/flash.server.ts'
import { toastMessage } from '#app/utils/forms.server.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { getStaff, staffApi } from '#app/utils/staff-session.server.ts'
import { AdminErrorBoundary } from '../+shared/admin-error.tsx'
import type { FormAnswer } from '../+shared/forms.tsx'
import { adminPath, staffCan } from '../+shared/staff.ts'
import { adminFailure, apiError, apiRefusal, byIntent, parseForm, refusedAnswer, staffLoad } from '../forms.server.ts'
import { toLocalInput } from './+shared/dates.ts'
import { Doctor } from './+shared/doctor.tsx'
import { amountFields, ProductIntent, productForm, productTextsForm } from './+shared/form-schema.ts'
import { LineSection } from './+shared/line-section.tsx'
import { Pictures } from './+shared/pictures.tsx'
import { ProductForm, ScriptOffer } from './+shared/product-form.tsx'
import type { Route } from './+types/$id'
import { lineActions } from './line-actions.server.ts'
import { formFieldErrors, loadChoices, loadProduct, productBody, productTextsBody } from './products.server.ts'
import './+shared/products.css'

export async function loader({ params, context }: Route.LoaderArgs) {
  const [product, choices, { line }] = await Promise.all([
    loadProduct(context, params.id),
    loadChoices(context),
    staffLoad(context, `admin/products/${params.id}/line/`),
  ])
  return {
    lang: requestLang(context),
    product,
    choices,
    line,
    canPrice: staffCan(getStaff(context), 'catalogue.write'),
  }
}

/** The product form as the API takes it; a texts-only editor (content) posts the texts alone, the rest shows locked. */
function parseSave(form: FormData, canWrite: boolean, product: AdminProduct) {
  if (canWrite) {
    const submission = parseForm(unmaskAmounts(form, amountFields), productForm)
    return { submission, body: submission.status === 'success' ? productBody(submission.value, true, false) : null }
  }
  // The locked fields are not posted (disabled): their saved values go back with a refusal, as shown.
  for (const [name, value] of Object.entries(defaultsOf(product)))
    if (!form.has(name)) for (const one of [value].flat()) form.append(name, one)
  const submission = parseForm(form, productTextsForm)
  return { submission, body: submission.status === 'success' ? productTextsBody(submission.value) : null }
}

/** The picture forms' ids and numbers, as the API takes them. */
const pictureIdOf = (formData: FormData) => Number(formData.get('picture_id'))

/**
 * One form per change: the fields (typed input back on a refusal), the
 * other-script fill, and each picture action. Each success saves and comes
 * back here (post/redirect/get) with a toast; a refused picture action says
 * why beside the pictures.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const lang = requestLang(context)
  const t = serverT(context, 'admin-products')
  const product = await loadProduct(context, params.id)
  const path = `admin/products/${product.id}/` as const
  const api = staffApi(context)
  const done = (message: string) => {
    flash(context, { type: 'success', message })
    return redirect(adminPath(lang, `products/${product.id}`))
  }
  const picture = async <const I extends string>(intent: I, run: () => Promise<string>) => {
    try {
      return done(await run())
    } catch (error) {
      const { status, detail } = apiRefusal(error)
      const reason = detail || t('errors.generic')
      return data({ intent, toast: toastMessage('error', reason), pictureError: reason }, { status })
    }
  }
  return byIntent(await request.formData(), {
    ...lineActions(context, product),
    [ProductIntent.save]: async (form) => {
      const intent = ProductIntent.save
      const { submission, body } = parseSave(form, staffCan(getStaff(context), 'catalogue.write'), product)
      if (!body) return adminFailure(submission, { intent, toast: t('errors.fill_form') })
      try {
        await api.send('PATCH', path, body)
      } catch (error) {
        const failed = apiError(error, [], t('errors.generic'))
        const fieldErrors = formFieldErrors(isApiError(error) ? error.body.errors : undefined)
        return adminFailure(submission, { intent, toast: failed.detail, status: failed.status, fieldErrors })
      }
      return done(t('edit.saved'))
    },
    [ProductIntent.duplicate]: async () => {
      let copy: AdminProduct
      try {
        copy = await api.send('POST', `${path}duplicate/`)
      } catch (error) {
        return refusedAnswer(ProductIntent.duplicate, error)
      }
      flash(context, { type: 'success', message: t('edit.duplicated') })
      return redirect(adminPath(lang, `products/${copy.id}`))
    },
    [ProductIntent.fillScript]: async () => {
      const { title, description } = product.suggestions
      try {
        await api.send('PATCH', path, {
          title: { ...product.title, ...title },
          description: { ...product.description, ...description },
        })
      } catch (error) {
        return refusedAnswer(ProductIntent.fillScript, error)
      }
      return done(t('offer.filled'))
    },
    [ProductIntent.upload]: (form) =>
      picture(ProductIntent.upload, async () => {
        const body = new FormData()
        for (const file of form.getAll('files'))
          if (file instanceof File && file.size > 0) body.append('files', file, file.name || 'picture')
        await api.upload(`${path}pictures/`, body)
        return t('pictures.uploaded')
      }),
    [ProductIntent.order]: (form) =>
      picture(ProductIntent.order, async () => {
        const positions = product.pictures.map((p, index) => ({
          id: p.id,
          at: Number(form.get(`position_${p.id}`) ?? index + 1),
          index,
        }))
        // Equal numbers keep their old order; the API takes the ids in the new one.
        positions.sort(
          (a, b) =>
            (Number.isFinite(a.at) ? a.at : a.index + 1) - (Number.isFinite(b.at) ? b.at : b.index + 1) ||
            a.index - b.index,
        )
        await api.send('PATCH', `${path}pictures/order/`, { ids: positions.map((p) => p.id) })
        return t('pictures.ordered')
      }),
    [ProductIntent.alt]: (form) =>
      picture(ProductIntent.alt, async () => {
        const alt = {
          uz: String(form.get('alt_uz') ?? ''),
          sr: String(form.get('alt_sr') ?? ''),
          ru: String(form.get('alt_ru') ?? ''),
        }
        await api.send('PATCH', `${path}pictures/${pictureIdOf(form)}/`, { alt })
        return t('pictures.alt_saved')
      }),
    [ProductIntent.deletePicture]: (form) =>
      picture(ProductIntent.deletePicture, async () => {
        await api.send('DELETE', `${path}pictures/${pictureIdOf(form)}/`)
        return t('pictures.deleted')
      }),
  })
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.product.title.ru }]

/** The form's starting values: the product as saved. */
function defaultsOf(p: AdminProduct): Record<string, string | string[]> {
  const text = (v: string | number | null) => (v === null ? '' : String(v))
  return {
    title_uz: p.title.uz,
    title_sr: p.title.sr,
    title_ru: p.title.ru,
    description_uz: p.description.uz,
    description_sr: p.description.sr,
    description_ru: p.description.ru,
    brand_id: String(p.brand.id),
    manufacturer_id: text(p.manufacturer_id),
    category_ids: p.categories.map((c) => String(c.id)),
    audience: p.audience,
    country: p.country,
    release_year: text(p.release_year),
    volume: text(p.volume),
    unit: p.unit,
    price: showAmount(p.price),
    sale_price: showAmount(p.sale_price ?? null),
    sale_starts_at: toLocalInput(p.sale_starts_at),
    sale_ends_at: toLocalInput(p.sale_ends_at),
    is_recommendation: p.is_recommendation ? 'on' : '',
    is_hidden: p.is_hidden ? 'on' : '',
    ikpu: text(p.ikpu),
    package_code: text(p.package_code),
    sku: text(p.sku),
    barcode: text(p.barcode),
    aliases: p.aliases.join(', '),
  }
}

export default function ProductPage({ loaderData, actionData }: Route.ComponentProps) {
  const { lang, product, choices, canPrice, line } = loaderData
  const { t } = useTranslation('admin-products')
  const answer: (FormAnswer & { pictureError?: string }) | undefined = actionData
  const busy = useNavigation().state === 'submitting'
  return (
    <section className="admin-page products-page">
      <p>
        <Link to={adminPath(lang, 'products')}>← {t('list.title')}</Link>
      </p>
      <div className="admin-page__head">
        <h1>{product.title[lang] || product.title.ru}</h1>
        <div className="admin-actions">
          <a href={`/${lang}/products/${product.slug}`}>{t('edit.in_shop')}</a>
          {canPrice ? (
            <Form method="post">
              <button
                type="submit"
                name="intent"
                value={ProductIntent.duplicate}
                className="admin-button"
                disabled={busy}
              >
                {t('edit.duplicate')}
              </button>
            </Form>
          ) : null}
        </div>
      </div>
      <FormMessage toast={answer?.toast} />
      <Doctor reasons={product.doctor} />
      <ScriptOffer product={product} />
      <ProductForm
        id={`product-${product.id}`}
        product={product}
        choices={choices}
        defaults={defaultsOf(product)}
        lastResult={answer?.intent === ProductIntent.save ? answer.result : undefined}
        canPrice={canPrice}
        busy={busy}
      />
      <Pictures product={product} error={answer?.pictureError} />
      <LineSection lang={lang} product={product} line={line} answer={answer} />
    </section>
  )
}

export const ErrorBoundary = AdminErrorBoundary
