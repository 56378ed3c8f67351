/** Upload limits, shared with the storefront's forms (browser-safe: no imports but this one, which has none). */
import { REVIEW_PHOTOS_MAX } from './review-limits.ts'

/** Largest picture a customer may upload (avatar, bug-report screenshot). */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024
/** Room for the other form fields and the multipart framing around the file. */
export const FORM_OVERHEAD_BYTES = 64 * 1024

/**
 * The largest request of any upload: a review with room for one photo too many
 * (which gets its own message). Every multipart body past it is refused before
 * the route's own limit; form and JSON bodies have BODY_LIMIT_KB.
 */
export const UPLOAD_BODY_MAX_BYTES = (REVIEW_PHOTOS_MAX + 1) * IMAGE_MAX_BYTES + FORM_OVERHEAD_BYTES
