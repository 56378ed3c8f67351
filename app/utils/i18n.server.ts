import type { Namespace } from 'i18next'
import type { RouterContextProvider } from 'react-router'
import { getInstance } from '#app/middleware/i18next.ts'

/**
 * The request's texts of one namespace, for loaders and actions:
 * `serverT(context, 'admin-orders')('order.meta_title', { number })`. Keys are
 * checked against locales/ru (app/i18next.d.ts): a key that is not there does
 * not compile.
 */
export function serverT<const N extends Namespace>(context: Readonly<RouterContextProvider>, ns: N) {
  const i18n = getInstance(context as RouterContextProvider)
  return i18n.getFixedT(i18n.language, ns)
}

/** A namespace's translator as loaders and actions pass it on. */
export type ServerT<N extends Namespace> = ReturnType<typeof serverT<N>>
