import { data, type RouterContextProvider } from 'react-router'
import { apiClientContext } from '#app/utils/api-client.server.ts'
import { requestLang } from '#app/utils/auth.server.ts'
import { pick } from '#contract/languages.ts'
import { TASHKENT_CITY } from '#contract/regions.ts'
import { z } from '#contract/zod.ts'
import { apiRefusal, fieldsOf, parseForm, staffLoad } from '../forms.server.ts'
import { DraftIntent, type DraftProblem, type FoundProduct } from './+shared/draft.ts'
import type { Draft, DraftLine } from './+shared/draft-form.ts'

type Context = Readonly<RouterContextProvider>

/** The draft as `schema` reads the form; one the page never sends (a line's id tampered with) is 400. */
export function readDraft<S extends z.ZodType<Draft>>(form: FormData, schema: S): z.output<S> {
  const submission = parseForm(form, schema)
  if (submission.status !== 'success') throw data(null, { status: 400 })
  return submission.value
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
export async function findProducts(context: Context, q: string): Promise<FoundProduct[]> {
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

type PricedLine = { product_id: number | null; quantity: number; title: string; unit_price: number }

/** The lines as the preview (or the order) gives them: the price each line takes, and its title in the staff's language. */
export function linesOf(items: PricedLine[]): DraftLine[] {
  return items
    .filter((i): i is PricedLine & { product_id: number } => i.product_id != null)
    .map(({ product_id, quantity, title, unit_price }) => ({ product_id, quantity, title, unit_price }))
}

/**
 * An API refusal as the draft forms show it: the message, the field errors
 * by field name (the forms name their fields as the API does), the lines it
 * names (short stock: requested and available). Outages and bugs are thrown as they are.
 */
export function problemOf(error: unknown): DraftProblem {
  const refusal = apiRefusal(error)
  const body = (error as { body?: { items?: unknown } }).body
  const items = Array.isArray(body?.items) ? (body.items as DraftProblem['items']) : []
  const fields: Record<string, string> = {}
  for (const e of refusal.errors) if (e.field) fields[e.field] ??= e.message
  return { status: refusal.status, detail: refusal.detail, fields, items }
}

/** An add button's value: `add:<product id>`. */
export const addForm = z.object({
  intent: z
    .string()
    .regex(/^add:\d{1,9}$/)
    .transform((intent) => Number(intent.slice(DraftIntent.add.length + 1))),
})

/**
 * What both draft screens do while the draft is made: find products, add one,
 * recalculate (the API's `preview` of exactly this draft). Each answers the
 * draft as it is now (with the lines the preview priced), what the post
 * found, or what the API refused; `answer` and `refused` are the screen's own
 * intents' answers in the same shape (`own`: what only that intent answers).
 */
export function draftActions<D extends Draft, P extends { items: PricedLine[] }>(
  context: Context,
  draft: D,
  preview: (draft: D) => Promise<P>,
) {
  const answer = <const I extends string, E extends object = Record<never, never>>(
    intent: I,
    got: { preview?: P; found?: FoundProduct[]; problem?: DraftProblem } = {},
    own?: E,
  ) =>
    data(
      {
        ...(own as E),
        intent,
        draft,
        preview: got.preview ?? null,
        found: got.found ?? null,
        problem: got.problem ?? null,
      },
      { status: got.problem?.status ?? 200 },
    )
  const refused = <const I extends string>(intent: I, error: unknown) => answer(intent, { problem: problemOf(error) })
  const previewed = async <const I extends string>(intent: I) => {
    try {
      const priced = await preview(draft)
      Object.assign(draft, { items: linesOf(priced.items) })
      return answer(intent, { preview: priced })
    } catch (error) {
      return refused(intent, error)
    }
  }
  return {
    answer,
    refused,
    intents: {
      [DraftIntent.find]: async () => answer(DraftIntent.find, { found: await findProducts(context, draft.q) }),
      [DraftIntent.add]: async (form: FormData) => {
        const { intent: id } = fieldsOf(form, addForm)
        if (!draft.items.some((l) => l.product_id === id)) draft.items.push(await lineOf(context, id))
        return previewed(DraftIntent.add)
      },
      [DraftIntent.recalc]: () => previewed(DraftIntent.recalc),
    },
  }
}
