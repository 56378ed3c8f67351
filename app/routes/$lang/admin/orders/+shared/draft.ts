// What the order draft screens (edit, phone order) show beside their form (browser-safe); the form: draft-form.ts.
import type { DraftFieldName } from './draft-form.ts'

/** A draft field's name, checked against the draft's schema (types only: no zod on the page). */
export const draftField = (name: DraftFieldName) => name

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

/**
 * The draft's intents: recompute, find products, add one (`add:<id>`, the
 * product's own button), look up the calling customer (a phone order), and
 * each screen's final one.
 */
export const DraftIntent = {
  recalc: 'recalc',
  find: 'find',
  add: 'add',
  lookup: 'lookup',
  save: 'save',
  place: 'place',
} as const
