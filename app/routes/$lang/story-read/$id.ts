import { data } from 'react-router'
import { apiClientContext } from '#app/utils/api-client.server.ts'
import { orNotFound } from '#app/utils/api-errors.server.ts'
import { langOf } from '#app/utils/i18n.ts'
import { pageId } from '#app/utils/ids.ts'
import { ownedChangedCookie } from '#app/utils/visitor.server.ts'
import type { Route } from './+types/$id'

/**
 * POST /{lang}/story-read/{id} — the story viewer marks an item read for this
 * visitor (the visitorId cookie becomes the API's Fingerprint, or the
 * signed-in customer's token is sent).
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  langOf(params)
  if (request.method !== 'POST') throw data(null, { status: 405, headers: { Allow: 'POST' } })
  pageId(params.id)
  const read = await orNotFound(context.get(apiClientContext).get(`common/story-item/${params.id}/read/`))
  // What the visitor has seen is theirs: their pages are theirs from now on.
  const headers = new Headers({ 'Cache-Control': 'no-store' })
  if (read.is_read) headers.append('Set-Cookie', ownedChangedCookie(request))
  return Response.json(read, { headers })
}
