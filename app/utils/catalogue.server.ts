import { data, type RouterContextProvider } from 'react-router'
import { getConfig } from '#api/config.ts'
import { getInstance } from '#app/middleware/i18next.ts'
import { isLang, type Lang } from '#app/utils/i18n.ts'

/** The language of a catalogue route; the shop layout has checked it for pages, resource routes check here. */
export function routeLang(params: { lang?: string }): Lang {
  if (!isLang(params.lang)) throw data(null, { status: 404 })
  return params.lang
}

/** The shop's public origin for canonical and Open Graph URLs: PUBLIC_URL behind a proxy, else this request's. */
export function siteOrigin(request: Request): string {
  const { PUBLIC_URL } = getConfig()
  return (PUBLIC_URL ?? new URL(request.url).origin).replace(/\/+$/, '')
}

/** Server-side texts of the catalogue namespace in the request's language. */
export function catalogueT(context: Readonly<RouterContextProvider>) {
  const i18n = getInstance(context)
  return i18n.getFixedT(i18n.language, 'catalogue')
}

export type CatalogueT = ReturnType<typeof catalogueT>
