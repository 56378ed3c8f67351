import { isApiError } from '#app/utils/api-errors.server.ts'
import { staffApi } from '#app/utils/staff-session.server.ts'
import { filterNames } from '../+shared/list-params.ts'
import type { Route } from './+types/file'

// The format, the sheet and the product list's filters (admin/products/list-params.ts), as the API names them.
const passed = ['format', 'sheet', ...filterNames] as const

/**
 * The spreadsheet download (a resource route: the file itself, not a page):
 * the API's export, or its empty template with `template=1`, passed through
 * with its name and type. A refused filter is the API's 400 as plain text.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const query = new URLSearchParams()
  for (const name of passed) {
    const value = url.searchParams.get(name)
    if (value) query.set(name, value)
  }
  const path = url.searchParams.get('template') ? 'admin/products/import/template/' : 'admin/products/export/'
  try {
    return await staffApi(context).download(path, Object.fromEntries(query))
  } catch (error) {
    if (!isApiError(error)) throw error
    return new Response(error.body.detail ?? '', {
      status: error.status,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    })
  }
}
