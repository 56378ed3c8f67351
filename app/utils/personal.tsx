import { createContext, type ReactNode, useContext, useMemo } from 'react'

// A storefront page is one render shared by every shopper with the shopper's
// own parts filled in (docs/decisions/017-cached-pages-for-everyone.md). What
// is the shopper's own reaches a page in two forms, both made here:
//
// - in the loader data, as a JSON text (`PersonalText`): the shared render
//   holds a token there, which the page cache replaces with the shopper's
//   text, so the data the browser hydrates with is the shopper's own;
// - in the HTML, inside `PersonalSlot`s: the shared render marks where each
//   begins and ends, and the page cache renders the same elements again for
//   the shopper (app/utils/personal-slots.server.tsx) where they differ.
//
// Outside a shared render (the browser, a page rendered for one request)
// both are plain: the text is parsed, the slot renders its children.

/**
 * A shopper's own value in loader data: the part's name, a colon and the
 * value's JSON (no two parts of a page have the same text, which React Router's
 * encoding would share), or in a shared render a token for it.
 */
export type PersonalText<T> = string & { readonly personal?: T }

/** The text of `value`, the value of the part `name`. */
export const personalTextOf = <T,>(name: string, value: T) => `${name}:${JSON.stringify(value)}` as PersonalText<T>

/** Tokens and the values they stand for: the neutral ones in a shared render, the shopper's when filling in. */
export const PersonalValues = createContext<ReadonlyMap<string, unknown> | null>(null)

/** The shopper's value of `text`. */
export function usePersonalValue<T>(text: PersonalText<T>): T {
  const values = useContext(PersonalValues)
  return useMemo(
    () => (values?.has(text) ? values.get(text) : JSON.parse(text.slice(text.indexOf(':') + 1))) as T,
    [values, text],
  )
}

/**
 * What a slot shows depends on: a key of the values it reads (the shopper's
 * counts, a product's quantity in the basket…). Where a shopper's key is the
 * neutral one (nothing in the basket, no name), the cached HTML stands; where
 * it is not, the slot is rendered for them.
 */
export type SlotState = (value: <T>(text: PersonalText<T>) => T) => unknown

/** A shared render's marks: `mark(id, children, state)` gives the number the slot's delimiters carry. */
export type SlotMarks = { mark(id: string, children: ReactNode, state: SlotState): number }

export const SlotMarksContext = createContext<SlotMarks | null>(null)

/**
 * A part of the page that is the shopper's own; in a shared render it is
 * delimited by `<template data-personal="n">` and `<template
 * data-personal-end="n">` (server/page-template.ts). Its children must start and
 * end with an element (no bare text: the delimiters would change React's text
 * separators) and use no `useId` (a slot rendered alone numbers its ids anew).
 */
export function PersonalSlot({ id, state, children }: { id: string; state: SlotState; children: ReactNode }) {
  const marks = useContext(SlotMarksContext)
  if (!marks) return children
  const n = marks.mark(id, children, state)
  return (
    <>
      <template data-personal={n} />
      {children}
      <template data-personal-end={n} />
    </>
  )
}
