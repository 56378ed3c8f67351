import { data } from 'react-router'
import { ApiResponseError } from './api-client.server.ts'

// What loaders and actions make of the API's error answers: `ApiResponseError`
// is any non-2xx but 503/504 (those arrive as `ApiUnavailableError`, a page of
// their own). Anything else, a timeout or a bug, is rethrown as it is.

/** The API answered with one of these statuses (with none given: with any error status). */
export function isApiError(error: unknown, ...statuses: number[]): error is ApiResponseError {
  return error instanceof ApiResponseError && (statuses.length === 0 || statuses.includes(error.status))
}

/** The API refused the request (4xx): its reason is for the customer, not an outage or a bug. */
export function isApiRefusal(error: unknown): error is ApiResponseError {
  return isApiError(error) && error.status < 500
}

/** Whether the API's refusal names the field (an entry of its `errors`). */
export function refusesField(error: unknown, field: string): error is ApiResponseError {
  return isApiError(error) && Boolean(error.body.errors?.some((item) => item.field === field))
}

/** An API 404 (no such order, payment, page…) is this page's 404. */
export async function orNotFound<T>(answer: Promise<T>): Promise<T> {
  try {
    return await answer
  } catch (error) {
    if (isApiError(error, 404)) throw data(null, { status: 404 })
    throw error
  }
}

/**
 * For `.catch` of a catalogue call: an API 404 (no such product) or 400 (a
 * malformed slug, a page past the end) is this page's 404 or 400, with the
 * API's own wording.
 */
export function rethrowNotFound(error: unknown): never {
  if (isApiError(error, 404, 400)) throw data(error.body.detail ?? null, { status: error.status })
  throw error
}

/** An API 404 (or another of `statuses`, when given) means "there is none": null. */
export async function orNull<T>(answer: Promise<T>, ...statuses: number[]): Promise<T | null> {
  try {
    return await answer
  } catch (error) {
    if (isApiError(error, ...(statuses.length ? statuses : [404]))) return null
    throw error
  }
}
