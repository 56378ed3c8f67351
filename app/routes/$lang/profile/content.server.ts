import { data, type RouterContextProvider } from 'react-router'
import type { ContentPage } from '#api/types.ts'
import { ApiResponseError, apiClientContext } from '#app/utils/api-client.server.ts'

/** A content page from the pages API in the request's language; a missing one is this page's 404. */
export async function contentPage(context: Readonly<RouterContextProvider>, slug: string): Promise<ContentPage> {
  if (!/^[a-z0-9][a-z0-9-]{0,99}$/.test(slug)) throw data(null, { status: 404 })
  try {
    return await context.get(apiClientContext).get(`pages/${slug}/`)
  } catch (error) {
    if (error instanceof ApiResponseError && error.status === 404) throw data(null, { status: 404 })
    throw error
  }
}
