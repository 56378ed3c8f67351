/** Upload limits, shared with the storefront's forms (browser-safe: no imports). */

/** Largest picture a customer may upload (avatar, bug-report screenshot). */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024
/** Room for the other form fields and the multipart framing around the file. */
export const FORM_OVERHEAD_BYTES = 64 * 1024
