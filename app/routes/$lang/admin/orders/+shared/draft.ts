// The order drafts of the edit and phone-order screens (browser-safe): what their forms carry between posts.

/** The Tashkent city region: its districts are chosen from a list, elsewhere typed. */
export const TASHKENT_CITY = '1726'

export type DraftLine = { product_id: number; quantity: number; title: string; unit_price: number }

export type Draft = {
  items: DraftLine[]
  delivery: 'courier' | 'pickup'
  address: {
    region: string
    district: string
    district_text: string
    street: string
    house: string
    flat: string
    landmark: string
  }
  pickup_point: string
  receiver: { name: string; phone: string; extra_phone: string }
  reason: string
}

/** What the API refused: its message, the fields it named (by form field), the lines it named. */
export type DraftProblem = {
  status: number
  detail: string
  fields: Record<string, string>
  items: { product_id: number; title: string; requested?: number; available?: number }[]
}

/** A product found to add. */
export type FoundProduct = { id: number; title: string; brand: string; price: number; stock: number }

export type Place = {
  regions: { code: string; name: string; districts: { code: string; name: string }[] }[]
  points: { id: string; name: string; address: string }[]
}

/** The draft's intents: recompute, find products, add one (`add:<id>`), and the screen's own final one. */
export const DraftIntent = { recalc: 'recalc', find: 'find', add: 'add' } as const

/** `add:<id>` as the add buttons post it; the product id, or null for any other intent. */
export const addedId = (intent: unknown) => {
  const match = typeof intent === 'string' ? /^add:(\d{1,9})$/.exec(intent) : null
  return match ? Number(match[1]) : null
}
