/** Headers every response of the shop carries, pages and API alike (server/security-headers.ts adds the pages' CSP). */
export const sharedSecurityHeaders = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(self), payment=()',
} as const

/** The API answers data (JSON, images): nothing in it may load or run anything, nor be framed. */
export const apiContentSecurityPolicy = "default-src 'none'; frame-ancestors 'none'"
