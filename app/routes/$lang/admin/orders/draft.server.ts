import type { RouterContextProvider } from 'react-router'
import { apiClientContext } from '#app/utils/api-client.server.ts'
import { requestLang } from '#app/utils/auth.server.ts'
import { staffApi } from '#app/utils/staff-session.server.ts'
import { QUANTITY_MAX } from '#contract/basket.ts'
import { pick } from '#contract/languages.ts'
import { ORDER_LINES_MAX } from '#contract/orders.ts'
import { apiRefusal, staffLoad } from '../forms.server.ts'
import { type Draft, type DraftLine, type DraftProblem, TASHKENT_CITY } from './+shared/draft.ts'

type Context = Readonly<RouterContextProvider>

const text = (form: FormData, name: string) => {
  const value = form.get(name)
  return typeof value === 'string' ? value.trim() : ''
}
const whole = (value: string) => (/^\d{1,9}$/.test(value) ? Number(value) : null)

/**
 * The draft of an order's lines and place as the edit and phone-order forms
 * post it (`items.<n>.product_id`, `.quantity`, `.title`, `.unit_price`; the
 * delivery and address fields; the receiver). A line whose quantity is 0 is
 * taken out; the API checks everything else and says what it refuses.
 */
export function readDraft(form: FormData): Draft {
  const items: DraftLine[] = []
  for (let n = 0; n <= ORDER_LINES_MAX && form.has(`items.${n}.product_id`); n++) {
    const id = whole(text(form, `items.${n}.product_id`))
    const quantity = whole(text(form, `items.${n}.quantity`)) ?? 1
    if (id === null || quantity === 0 || items.some((l) => l.product_id === id)) continue
    items.push({
      product_id: id,
      quantity: Math.min(quantity, QUANTITY_MAX),
      title: text(form, `items.${n}.title`),
      unit_price: whole(text(form, `items.${n}.unit_price`)) ?? 0,
    })
  }
  return {
    items,
    delivery: text(form, 'delivery') === 'courier' ? 'courier' : 'pickup',
    address: {
      region: text(form, 'region'),
      district: text(form, 'district'),
      district_text: text(form, 'district_text'),
      street: text(form, 'street'),
      house: text(form, 'house'),
      flat: text(form, 'flat'),
      landmark: text(form, 'landmark'),
    },
    pickup_point: text(form, 'pickup_point'),
    receiver: {
      name: text(form, 'receiver_name'),
      phone: text(form, 'receiver_phone'),
      extra_phone: text(form, 'receiver_extra_phone'),
    },
    reason: text(form, 'reason'),
  }
}

/** The API's lines, delivery way and place for the draft (a Tashkent district from the list, elsewhere typed). */
export function apiPlace(draft: Draft) {
  const a = draft.address
  const district = a.region === TASHKENT_CITY ? a.district : a.district_text
  return {
    items: draft.items.map(({ product_id, quantity }) => ({ product_id, quantity })),
    delivery: draft.delivery,
    address:
      draft.delivery === 'courier'
        ? {
            region: a.region,
            district: district || null,
            street: a.street,
            house: a.house,
            flat: a.flat || null,
            landmark: a.landmark || null,
          }
        : null,
    pickup_point: draft.delivery === 'pickup' ? draft.pickup_point || null : null,
  }
}

/** The receiver as the API takes it (empty extra phone: none). */
export const apiReceiver = (draft: Draft) => ({
  name: draft.receiver.name,
  phone: draft.receiver.phone,
  extra_phone: draft.receiver.extra_phone || null,
})

/** A product to add: one line of it at its price now (the preview then gives the price the order takes). */
export async function lineOf(context: Context, id: number): Promise<DraftLine> {
  const product = await staffLoad(context, `admin/products/${id}/`)
  return {
    product_id: product.id,
    quantity: 1,
    title: pick(product.title, requestLang(context)),
    unit_price: product.sale_price ?? product.price,
  }
}

/** Products matching what staff typed (name, brand, SKU: the shop's own search), for the "add" list. */
export async function findProducts(context: Context, q: string) {
  if (!q) return []
  const page = await staffLoad(context, 'admin/products/', { q, size: 8 })
  return page.results
    .filter((p) => !p.is_hidden)
    .map((p) => ({ id: p.id, title: p.title, brand: p.brand.name, price: p.sale_price ?? p.price, stock: p.stock }))
}

/** The regions (with Tashkent's districts) and the pickup points the place fields offer. */
export async function placeChoices(context: Context) {
  const api = context.get(apiClientContext)
  const [regions, contacts] = await Promise.all([api.get('geo/regions/'), api.get('settings/contacts/')])
  return {
    regions: regions.results.map(({ code, name, districts }) => ({
      code,
      name,
      districts: districts.map((d) => ({ code: d.code, name: d.name })),
    })),
    points: contacts.pickup_points.map(({ id, name, address }) => ({ id, name, address })),
  }
}

/** The lines as the preview (or the order) gives them: the price each line takes, and its title in the staff's language. */
export function linesOf(items: { product_id: number | null; quantity: number; title: string; unit_price: number }[]) {
  return items
    .filter((i): i is typeof i & { product_id: number } => i.product_id != null)
    .map(({ product_id, quantity, title, unit_price }) => ({ product_id, quantity, title, unit_price }))
}

/**
 * An API refusal as the draft forms show it: the message, the field errors
 * by form field name, the lines it names (short stock: requested and
 * available). Outages and bugs are thrown as they are.
 */
export function problemOf(error: unknown): DraftProblem {
  const refusal = apiRefusal(error)
  const body = (error as { body?: { items?: unknown } }).body
  const items = Array.isArray(body?.items) ? (body.items as DraftProblem['items']) : []
  const fields: Record<string, string> = {}
  for (const e of refusal.errors) {
    if (!e.field) continue
    const name = e.field
      .replace(/^address\./, '')
      .replace(/^receiver\./, 'receiver_')
      .replace(/^customer\./, 'customer_')
    fields[name] ??= e.message
  }
  return { status: refusal.status, detail: refusal.detail, fields, items }
}

/** The staff API, for the forms' sends. */
export const deskApi = (context: Context) => staffApi(context)
