import type { RouterContextProvider } from 'react-router'
import { getInstance } from '#app/middleware/i18next.ts'

/** Texts of the `admin-catalogue` namespace in the request's language. */
export function catalogueT(context: Readonly<RouterContextProvider>) {
  const i18n = getInstance(context as RouterContextProvider)
  return (key: string, vars?: Record<string, unknown>) => i18n.t(`admin-catalogue:${key}`, vars ?? {}) as string
}
