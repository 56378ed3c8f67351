import { randomBytes } from 'node:crypto'
import type { ReactNode } from 'react'
import { createContext } from 'react-router'
import type { SlotMarks, SlotState } from './personal.tsx'

/** A slot of a shared render: the elements to render again for a shopper, and what they depend on. */
export type RenderedSlot = { id: string; children: ReactNode; state: SlotState }

/** A personal value a loader of a shared render asked for, by its token: the part and its arguments. */
export type RenderedPart = { name: string; args: Record<string, string> }

// Tokens are unguessable, so no text of the catalogue can pass for one.
const tokenPrefix = `atir-personal-${randomBytes(12).toString('hex')}-`

/** A token's shape: the page cache finds the tokens of a rendered page by it. */
export const tokenPattern = new RegExp(`${tokenPrefix}\\d+`, 'g')

/**
 * One render of a page for everyone (server/page-cache.ts asks for it with
 * this in the load context): the loaders put tokens where a shopper's own
 * values go (app/utils/personal.server.ts) and the components mark the slots
 * of HTML that are a shopper's own (`PersonalSlot`), both rendered with the
 * neutral values: those of a first-time visitor. A call to the API that
 * failed makes the render one not to keep: it may lack a part of the page.
 */
export class SharedRender implements SlotMarks {
  readonly slots: RenderedSlot[] = []
  readonly parts = new Map<string, RenderedPart>()
  /** The neutral value of each token, which the render shows. */
  readonly neutral = new Map<string, unknown>()
  failed = false
  /** The products whose number in stock the page shows (their own page); `null`: not known which. */
  stockOf: Set<number> | null = new Set()
  private readonly ids = new Set<string>()

  /** A catalogue answer the page shows has these products' number in stock (`null`: may have any product's). */
  showsStockOf(productIds: readonly number[] | null) {
    if (productIds === null) this.stockOf = null
    else for (const id of productIds) this.stockOf?.add(id)
  }

  mark(id: string, children: ReactNode, state: SlotState) {
    // Two slots of one id would be filled in alike: the page is rendered for each request instead.
    if (this.ids.has(id)) this.failed = true
    this.ids.add(id)
    return this.slots.push({ id, children, state }) - 1
  }

  token(name: string, args: Record<string, string>, neutral: unknown) {
    const token = `${tokenPrefix}${this.parts.size}`
    this.parts.set(token, { name, args })
    this.neutral.set(token, neutral)
    return token
  }
}

export const sharedRenderContext = createContext<SharedRender | null>(null)
