import { personalTextOf } from '#app/utils/personal.tsx'
import type { RenderedPart, RenderedSlot, SharedRender } from '#app/utils/shared-render.server.ts'
import { tokenPattern } from '#app/utils/shared-render.server.ts'

// A page rendered once for everyone (app/utils/shared-render.server.ts), cut
// where a shopper's own parts go: the slots of HTML (`PersonalSlot`), the
// tokens in its loader data (`personalText`) and its scripts' nonce. Filling
// it in for a shopper puts their slots, their values and the response's own
// nonce there (docs/decisions/017-cached-pages-for-everyone.md).

type Piece =
  | { kind: 'text'; bytes: Buffer }
  /** A slot, with the HTML the shared render gave it: a first-time visitor's. */
  | { kind: 'slot'; index: number; neutral: Buffer }
  | { kind: 'value'; token: string }
  | { kind: 'nonce' }

export type PageTemplate = {
  /** This template's number in the process: what its slots' HTML is remembered under. */
  id: number
  pieces: Piece[]
  slots: RenderedSlot[]
  /** Each slot's state for a first-time visitor: a shopper with the same state gets its neutral HTML. */
  neutralStates: string[]
  parts: ReadonlyMap<string, RenderedPart>
  neutral: ReadonlyMap<string, unknown>
  /** The bytes the template holds, for the page store's budget. */
  size: number
}

let templates = 0

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')

/**
 * The template of `html`, a page `shared` rendered with `nonce`; `null` when
 * the page is not one to fill in (a slot inside another or left open, a token
 * outside the loader data, a slot rendered twice).
 */
export function pageTemplate(html: string, shared: SharedRender, nonce: string): PageTemplate | null {
  const marks = new RegExp(
    [
      '<template data-personal="(\\d+)"></template>',
      '<template data-personal-end="(\\d+)"></template>',
      `\\\\"(${tokenPattern.source})\\\\"`,
      escapeRegExp(nonce),
    ].join('|'),
    'g',
  )
  const pieces: Piece[] = []
  const text = (from: number, to: number) => {
    if (to > from) pieces.push({ kind: 'text', bytes: Buffer.from(html.slice(from, to)) })
  }
  const seen = new Set<number>()
  let open: { index: number; from: number } | null = null
  let at = 0
  for (const match of html.matchAll(marks)) {
    const [whole, start, end, token] = match
    if (start !== undefined) {
      const index = Number(start)
      if (open || seen.has(index) || !shared.slots[index]) return null
      text(at, match.index)
      open = { index, from: match.index + whole.length }
      seen.add(index)
    } else if (end !== undefined) {
      if (open?.index !== Number(end)) return null
      pieces.push({ kind: 'slot', index: open.index, neutral: Buffer.from(html.slice(open.from, match.index)) })
      open = null
    } else if (open) {
      // Loader data and scripts are never inside a slot.
      return null
    } else if (token !== undefined) {
      if (!shared.parts.has(token)) return null
      // The quotes around the token stay: the shopper's text goes between them.
      const quote = whole.indexOf(token)
      text(at, match.index + quote)
      pieces.push({ kind: 'value', token })
      at = match.index + quote + token.length
      continue
    } else {
      text(at, match.index)
      pieces.push({ kind: 'nonce' })
    }
    at = match.index + whole.length
  }
  if (open || seen.size !== shared.slots.length) return null
  text(at, html.length)
  const neutralValue = <T>(token: string) => shared.neutral.get(token) as T
  const size = pieces.reduce(
    (sum, p) => sum + (p.kind === 'text' ? p.bytes.length : p.kind === 'slot' ? p.neutral.length : 0),
    0,
  )
  return {
    id: ++templates,
    pieces,
    slots: shared.slots,
    neutralStates: shared.slots.map((slot) => JSON.stringify(slot.state(neutralValue))),
    parts: shared.parts,
    neutral: shared.neutral,
    size,
  }
}

/** A personal text as React Router's script carries loader data: a string inside a string, then HTML-safe. */
export function scriptText(text: string) {
  const inPayload = JSON.stringify(text).slice(1, -1)
  return JSON.stringify(inPayload)
    .slice(1, -1)
    .replace(/[&><\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
}

/** Slots already rendered for a shopper, by template, slot and state: another in that state gets the same HTML. */
export type SlotMemory = { get(key: string): Buffer | undefined; set(key: string, html: Buffer): void }

/**
 * The page for the shopper whose values `values` holds (token → value), with
 * `nonce` on its scripts: each slot whose state is a first-time visitor's keeps
 * that HTML, the others come from `memory` or else from `render` (all at once,
 * in slot order).
 */
export async function fillTemplate(
  template: PageTemplate,
  values: ReadonlyMap<string, unknown>,
  nonce: string,
  render: (slots: RenderedSlot[]) => Promise<string[]>,
  memory?: SlotMemory,
): Promise<Buffer> {
  const value = <T>(token: string) => values.get(token) as T
  const rendered = new Map<number, Buffer>()
  const missing: { index: number; key: string }[] = []
  template.slots.forEach((slot, index) => {
    const state = JSON.stringify(slot.state(value))
    if (state === template.neutralStates[index]) return
    const key = `${template.id}\n${index}\n${state}`
    const kept = memory?.get(key)
    if (kept) rendered.set(index, kept)
    else missing.push({ index, key })
  })
  if (missing.length) {
    const html = await render(missing.map(({ index }) => template.slots[index] as RenderedSlot))
    missing.forEach(({ index, key }, i) => {
      const bytes = Buffer.from(html[i] ?? '')
      rendered.set(index, bytes)
      memory?.set(key, bytes)
    })
  }
  const nonceBytes = Buffer.from(nonce)
  const bytesOf = (piece: Piece) => {
    if (piece.kind === 'text') return piece.bytes
    if (piece.kind === 'slot') return rendered.get(piece.index) ?? piece.neutral
    if (piece.kind === 'nonce') return nonceBytes
    const name = template.parts.get(piece.token)?.name ?? ''
    return Buffer.from(scriptText(personalTextOf(name, values.get(piece.token))))
  }
  return Buffer.concat(template.pieces.map(bytesOf))
}
