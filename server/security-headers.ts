import type { Response } from 'express'

/**
 * Headers every HTML page carries; scripts run only with this request's nonce.
 * `dev`: Vite's hot reload also connects over a WebSocket of its own.
 */
export function securityHeaders(res: Response, nonce: string, { dev = false } = {}) {
  // The checkout map picker (Yandex Maps JS API 2.1): its loader comes with the
  // page's nonce and, under 'strict-dynamic', the scripts it adds are trusted;
  // the hosts are for tiles, geocoder calls and browsers without CSP level 3.
  const yandex = 'https://api-maps.yandex.ru https://*.yandex.ru https://*.yandex.net'
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic' ${yandex}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${yandex}`,
    "font-src 'self'",
    `connect-src 'self' ${yandex}${dev ? ' ws://localhost:*' : ''}`,
    `frame-src 'self' ${yandex}`,
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join('; ')
  res.setHeader('Content-Security-Policy', csp)
  res.setHeader('X-Content-Type-Options', 'nosniff')
  res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin')
  res.setHeader('X-Frame-Options', 'DENY')
  res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=(self), payment=()')
}
