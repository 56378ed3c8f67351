import { data } from 'react-router'
import { ApiResponseError } from '#app/utils/api-client.server.ts'

/** What an action the API refused answers: its message and, per row, the rows it names. */
export type RefusedAnswer = { intent: string; detail: string; rows: { field: string; message: string }[] }

/**
 * The API's 4xx as the page's answer (the reason and the listed rows, shown
 * above the form); anything else is a real failure.
 */
export function refusedAnswer(error: unknown, intent: string) {
  if (!(error instanceof ApiResponseError) || error.status >= 500 || error.status === 401) throw error
  const body: RefusedAnswer = { intent, detail: error.body.detail ?? '', rows: error.body.errors ?? [] }
  return data(body, { status: error.status === 413 ? 400 : error.status })
}
