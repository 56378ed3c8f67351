import { data, type MiddlewareFunction, type RouterContextProvider } from 'react-router'
import { serverT } from '#app/utils/i18n.server.ts'

const formTypes = new Set(['application/x-www-form-urlencoded', 'multipart/form-data'])

/**
 * Why a body with this Content-Type cannot be read as a form: 415 for another
 * type (JSON, text/plain…), 400 for none at all (a POST without a form);
 * `null` for the two form types.
 */
export function formBodyRefusal(contentType: string | null): 400 | 415 | null {
  if (!contentType) return 400
  const type = contentType.split(';', 1)[0]!.trim().toLowerCase()
  return formTypes.has(type) ? null : 415
}

function refusal(context: Readonly<RouterContextProvider>, status: 400 | 415) {
  return data(serverT(context, 'common')('errors.unreadable_form'), { status })
}

/**
 * Storefront actions read their body with `request.formData()`; on anything
 * but a form that throws a TypeError, a 500. For a POST (or PUT, PATCH,
 * DELETE) this middleware makes that read throw a 415 or 400 instead, with a
 * localised text. It is the read that fails, not this middleware: an error
 * thrown here would render at the root boundary without the shop's header
 * (React Router runs no loaders then), while an action's error renders at
 * the route's own boundary inside the shop layout, like a 404. Actions that
 * need no body (account deletion, the story viewer's beacon) are unaffected.
 * React Router's own submissions (`.data` requests) send forms, so they pass.
 * A form's text is read as UTF-8, so it is always well-formed: the bytes of a
 * lone surrogate come out as U+FFFD, as the API reads one in JSON.
 */
export const formBodyMiddleware: MiddlewareFunction<Response> = ({ request, context }, next) => {
  if (request.method === 'GET' || request.method === 'HEAD') return next()
  const refused = formBodyRefusal(request.headers.get('content-type'))
  const read = request.formData.bind(request)
  request.formData = async () => {
    if (refused) throw refusal(context, refused)
    try {
      return await read()
    } catch (error) {
      // A form type whose body does not parse (a broken multipart boundary).
      if (error instanceof TypeError) throw refusal(context, 400)
      throw error
    }
  }
  return next()
}
