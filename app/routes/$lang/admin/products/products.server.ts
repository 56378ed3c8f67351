import type { RouterContextProvider } from 'react-router'
import type { AdminProduct } from '#api/types.ts'
import { pageId } from '#app/utils/ids.ts'
import { staffApi } from '#app/utils/staff-session.server.ts'
import { staffLoad } from '../forms.server.ts'
import { fromLocalInput } from './+shared/dates.ts'
import type { ProductFormValues, ProductTextsValues } from './+shared/form-schema.ts'

type Context = Readonly<RouterContextProvider>

/** The product; an id that is no number, or no product, is the 404 page, a role without the right the 403 one. */
export function loadProduct(context: Context, id: string): Promise<AdminProduct> {
  pageId(id)
  return staffLoad(context, `admin/products/${id}/`)
}

export const loadChoices = (context: Context) => staffLoad(context, 'admin/products/choices/')

/** The texts alone (all a content editor may change), as the API takes them. */
export function productTextsBody(values: ProductTextsValues) {
  return {
    title: { uz: values.title_uz ?? '', sr: values.title_sr ?? '', ru: values.title_ru },
    description: { uz: values.description_uz ?? '', sr: values.description_sr ?? '', ru: values.description_ru ?? '' },
    aliases: (values.aliases ?? '')
      .split(/[,\n]/)
      .map((a) => a.trim())
      .filter(Boolean),
  }
}

/** The form as `POST`/`PATCH admin/products/` takes it; `canPrice` false leaves the money fields out. */
export function productBody(values: ProductFormValues, canPrice: boolean, creating: boolean) {
  const body: Record<string, unknown> = {
    ...productTextsBody(values),
    brand_id: values.brand_id,
    manufacturer_id: values.manufacturer_id ?? null,
    category_ids: values.category_ids ?? [],
    audience: values.audience,
    country: values.country,
    release_year: values.release_year ?? null,
    volume: values.volume ?? null,
    unit: values.unit,
    is_recommendation: values.is_recommendation === 'on',
    is_hidden: values.is_hidden === 'on',
    sku: values.sku || null,
    barcode: values.barcode || null,
  }
  if (canPrice || creating) body.price = values.price
  if (canPrice)
    Object.assign(body, {
      sale_price: values.sale_price ?? null,
      sale_starts_at: fromLocalInput(values.sale_starts_at),
      sale_ends_at: fromLocalInput(values.sale_ends_at),
      ikpu: values.ikpu || null,
      package_code: values.package_code || null,
    })
  return body
}

/** The API's field errors on the form's names: `title.ru` → `title_ru`. */
export function formFieldErrors(errors: { field: string; message: string }[] | undefined) {
  const out: Record<string, string[]> = {}
  for (const { field, message } of errors ?? []) {
    const name = field.replace(/\./g, '_').replace(/_\d+$/, '')
    out[name] = [...(out[name] ?? []), message]
  }
  return out
}

export { staffApi }
