import type { RouterContextProvider } from 'react-router'
import { getInstance } from '#app/middleware/i18next.ts'

/** Texts of the `orders` namespace in the request's language. */
export function ordersT(context: Readonly<RouterContextProvider>) {
  const i18n = getInstance(context as RouterContextProvider)
  return (key: string, vars?: Record<string, unknown>) => i18n.t(`orders:${key}`, vars ?? {}) as string
}

export const personal = { 'Cache-Control': 'private, no-store' }
