import { data, type RouterContextProvider } from 'react-router'
import type { ContentPage } from '#api/types.ts'
import { apiClientContext } from '#app/utils/api-client.server.ts'
import { orNotFound } from '#app/utils/api-errors.server.ts'

/** A content page from the pages API in the request's language; a missing one is this page's 404. */
export async function contentPage(context: Readonly<RouterContextProvider>, slug: string): Promise<ContentPage> {
  if (!/^[a-z0-9][a-z0-9-]{0,99}$/.test(slug)) throw data(null, { status: 404 })
  return orNotFound(context.get(apiClientContext).get(`pages/${slug}/`))
}
