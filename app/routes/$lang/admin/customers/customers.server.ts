import type { RouterContextProvider } from 'react-router'
import type { Customer, CustomerPage } from '#api/types.ts'
import { getInstance } from '#app/middleware/i18next.ts'

/** Texts of the `admin-customers` namespace in the request's language. */
export function customersT(context: Readonly<RouterContextProvider>) {
  const i18n = getInstance(context as RouterContextProvider)
  return (key: string, vars?: Record<string, unknown>) => i18n.t(`admin-customers:${key}`, vars ?? {}) as string
}

// A customer as admin/customers/ lists them and admin/customers/{id}/ answers (api/admin/customers/schemas.ts).
export type { Customer }
export type CustomerRow = CustomerPage['results'][number]
